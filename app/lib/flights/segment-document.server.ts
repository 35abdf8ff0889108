import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { downloadSegmentDocument } from "~/lib/upstream/segment-messages.server";
import type { SegmentDocumentTab } from "./segment-message-values";

/**
 * `/dashboard/flights/:id/fbl.pdf` and `/ffm.pdf`: the flight's booked list or manifest as the API prints it, as
 * reachable as the flight page (its guard); another airline's flight is not found. A document the API refuses (no
 * manifest yet, more shipments than a document prints) goes back to its tab with the refusal in the reader's language.
 */
export async function segmentDocument(args: LoaderFunctionArgs, tab: SegmentDocumentTab): Promise<Response> {
  const { user } = await requirePage(args, "/dashboard/flights/:id");
  const id = recordIdOf(args.params.id);
  const file = await downloadSegmentDocument(user.api, id, tab);
  const backTo = `/dashboard/flights/${id}?tab=${tab}`;
  if (!file.ok && file.status === 422 && file.refusal) {
    throw redirectWithNotice(backTo, user, { kind: "error", key: "flight-page:notices.documentRefused", params: { ...file.refusal.params, reason: file.refusal.code } });
  }
  return passDownload(file, `${tab}.pdf`, { user, backTo });
}
