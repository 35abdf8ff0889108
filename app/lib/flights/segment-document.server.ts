import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { downloadSegmentDocument } from "~/lib/upstream/segment-messages.server";
import type { SegmentDocumentTab } from "./segment-message-values";

/**
 * `/dashboard/flights/:id/fbl.pdf` and `/ffm.pdf`: the flight's booked list or manifest as the API prints it, as
 * reachable as the flight page (its guard); another airline's flight is not found. A document the API cannot make yet
 * (no manifest) goes back to its tab, which says why.
 */
export async function segmentDocument(args: LoaderFunctionArgs, tab: SegmentDocumentTab): Promise<Response> {
  const { user } = await requirePage(args, "/dashboard/flights/:id");
  const id = recordIdOf(args.params.id);
  const file = await downloadSegmentDocument(user.api, id, tab);
  return passDownload(file, `${tab}.pdf`, { user, backTo: `/dashboard/flights/${id}?tab=${tab}` });
}
