import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/lib/auth/require-page.server";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadAttachment } from "~/lib/upstream/attachments.server";

/**
 * `/dashboard/shipments/:mawb/attachments/:id`: one of the waybill's documents, passed through from the API as a
 * download. Guarded as the shipment page; the API answers only the waybill's parties (anyone else: not found).
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/shipments/:mawb");
  const mawb = mawbParam(args.params.mawb);
  const file = await downloadAttachment(user.api, recordIdOf(args.params.id));
  return passDownload(file, "document", { user, backTo: `/dashboard/shipments/${mawb}#documents` });
}
