import { ACI, FLIGHT_WRITE, OUTGOING_SEND } from "../../../cargo/access/rules";
import { meets } from "~/lib/access/can-access";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { PER_PAGE } from "~/lib/forms/list-query";
import { listAciStatuses, type AciStatus } from "~/lib/upstream/customs.server";
import type { ErrorCode, UpstreamResult } from "~/lib/upstream/errors";
import { listFlightRows, type FlightRow } from "~/lib/upstream/handling.server";
import type { Segment } from "~/lib/upstream/segments.server";
import type { CustomsTab } from "./customs-values";

// What the flight page's ACI and CSN tabs load (only the open tab's, one page of it): the ACI statuses of what was
// filed with customs, and the flight's waybills with their MRN to pick for a CSN. The send forms are for the users who
// send telegrams from the flight page (OUTGOING_SEND and the page's writers, FLIGHT_WRITE); filing ACI and PLACI is
// also the ACI tab's rule (spec 1 §6: platform, or the listed airlines but Billing).

export interface PageOf<T> {
  rows: T[];
  meta: { current_page: number; total_pages: number; total_count: number };
}

async function pageOf<T>(pending: Promise<UpstreamResult<{ data: T[]; meta: Record<string, unknown> }>>): Promise<{ list: PageOf<T> | null; error: ErrorCode | null }> {
  const result = await pending;
  if (!result.ok) return { list: null, error: result.code };
  const { data, meta } = result.data;
  return { list: { rows: data, meta: { current_page: Number(meta.current_page ?? 1), total_pages: Number(meta.total_pages ?? 1), total_count: Number(meta.total_count ?? data.length) } }, error: null };
}

export type CustomsPanel =
  | { tab: "aci"; segmentId: number; aciRequired: boolean; canFile: boolean; statuses: PageOf<AciStatus> | null; error: ErrorCode | null }
  | { tab: "csn"; segmentId: number; canSend: boolean; mrnListHref: string; waybills: PageOf<FlightRow> | null; error: ErrorCode | null };

export async function customsTabData(user: SignedInUser, segment: Segment, tab: CustomsTab, page: number): Promise<CustomsPanel> {
  const id = Number(segment.id);
  const sends = meets(OUTGOING_SEND, user.access) && meets(FLIGHT_WRITE, user.access);
  if (tab === "aci") {
    const { list, error } = await pageOf(listAciStatuses(user.api, id, { page, per_page: PER_PAGE }));
    return { tab, segmentId: id, aciRequired: segment.aci_required === true, canFile: sends && meets(ACI, user.access), statuses: list, error };
  }
  const { list, error } = await pageOf(listFlightRows(user.api, id, { state: "all", page, per_page: PER_PAGE }));
  return { tab, segmentId: id, canSend: sends, mrnListHref: `/dashboard/flights/${id}/mrn_list.xlsx`, waybills: list, error };
}
