import type { LoaderFunctionArgs } from "@remix-run/node";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { downloadFlightFile, type FlightFile } from "~/lib/upstream/customs.server";
import type { UpstreamResult } from "~/lib/upstream/errors";
import { downloadSegmentDocument } from "~/lib/upstream/segment-messages.server";
import type { SegmentDocumentTab } from "./segment-message-values";

/**
 * A file of the flight as the API writes it, as reachable as the flight page (its guard); another airline's flight is
 * not found. A file the API refuses (no manifest yet, more shipments than a document prints) goes back to the tab it
 * was asked from, with the refusal in the reader's language.
 */
async function flightFile(args: LoaderFunctionArgs, tab: string, name: string, fetch: (user: SignedInUser, id: number) => Promise<UpstreamResult<Response>>): Promise<Response> {
  const { user } = await requirePage(args, "/dashboard/flights/:id");
  const id = recordIdOf(args.params.id);
  const file = await fetch(user, id);
  const backTo = `/dashboard/flights/${id}?tab=${tab}`;
  if (!file.ok && file.status === 422 && file.refusal) {
    throw redirectWithNotice(backTo, user, { kind: "error", key: "flight-page:notices.documentRefused", params: { ...file.refusal.params, reason: file.refusal.code } });
  }
  return passDownload(file, name, { user, backTo });
}

/** `/dashboard/flights/:id/fbl.pdf` and `/ffm.pdf`: the flight's booked list or manifest as the API prints it. */
export const segmentDocument = (args: LoaderFunctionArgs, tab: SegmentDocumentTab) => flightFile(args, tab, `${tab}.pdf`, (user, id) => downloadSegmentDocument(user.api, id, tab));

/** The flight's other files (uws.xml, fbl/correspondence.pdf, mrn_list.xlsx), back to `tab` when refused. */
export const segmentFile = (args: LoaderFunctionArgs, tab: string, file: FlightFile) => flightFile(args, tab, file, (user, id) => downloadFlightFile(user.api, id, file));
