import { z } from "zod";
import { addDays } from "../../../cargo/time/local-date";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { PER_PAGE } from "~/lib/forms/list-query";
import type { ErrorCode, UpstreamResult } from "~/lib/upstream/errors";
import { listFlightRows, listPreManifest, listReadyToGo } from "~/lib/upstream/handling.server";
import { listSegments, type Segment } from "~/lib/upstream/segments.server";
import { RECEIVING_VIEWS, type HandlingTab } from "./handling-values";

// What each handling tab of the flight page loads (only the open tab's, one page of it): the Shipments tab the
// flight's waybills, Receiving those still to receive or received (?state=), Ready for Carriage the ready-to-go
// list, Build-Up the pre-manifest with its totals and the flights from the same station a waybill can move to,
// Notice the manifested waybills with their latest movement.

/** How far ahead a waybill can be moved from the Build-Up tab: the flights of the next week from the same station. */
const MOVE_WINDOW_DAYS = 7;

async function settle<T>(pending: Promise<UpstreamResult<T>>): Promise<{ data: T | null; error: ErrorCode | null }> {
  const result = await pending;
  return result.ok ? { data: result.data, error: null } : { data: null, error: result.code };
}

export async function handlingTabData(user: SignedInUser, segment: Segment, tab: HandlingTab, search: URLSearchParams, page: number) {
  const id = Number(segment.id);
  const paging = { page, per_page: PER_PAGE };
  switch (tab) {
    case "shipments":
      return { tab, list: await settle(listFlightRows(user.api, id, { state: "all", ...paging })) } as const;
    case "receiving": {
      const view = z.enum(RECEIVING_VIEWS).catch("to_receive").parse(search.get("state"));
      return { tab, view, list: await settle(listFlightRows(user.api, id, { state: view, ...paging })) } as const;
    }
    case "build_up":
      return { tab, list: await settle(listReadyToGo(user.api, id, paging)) } as const;
    case "manifest": {
      const [list, flights] = await Promise.all([
        settle(listPreManifest(user.api, id, paging)),
        settle(listSegments(user.api, { state: "all", origin: segment.origin_iata, date_from: segment.flight_date, date_to: addDays(segment.flight_date, MOVE_WINDOW_DAYS), page: 1, per_page: 50 })),
      ]);
      const moveTargets = (flights.data?.data ?? [])
        .filter((s) => s.id !== segment.id && s.carrier === segment.carrier && !s.atot && !s.canceled)
        .map((s) => ({ id: Number(s.id), label: `${s.number_with_date} ${s.origin_iata}–${s.destination_iata}` }));
      return { tab, list, moveTargets } as const;
    }
    case "notice":
      return { tab, list: await settle(listFlightRows(user.api, id, { state: "manifested", ...paging })) } as const;
  }
}
export type HandlingPanel = Awaited<ReturnType<typeof handlingTabData>>;
