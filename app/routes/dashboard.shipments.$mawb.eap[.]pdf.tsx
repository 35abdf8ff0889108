import type { LoaderFunctionArgs } from "@remix-run/node";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { EAP_OPTIONS } from "~/lib/documents/document-links";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadAwbPdf } from "~/lib/upstream/documents.server";

/**
 * `/dashboard/shipments/:mawb/eap.pdf?<options>`: the air waybill PDF from the API, the print form's checkboxes as
 * its options (a checkbox posts "on"). As reachable as the shipment page; another company's number is not found.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/shipments/:mawb");
  const mawb = mawbParam(args.params.mawb);
  const search = new URL(args.request.url).searchParams;
  const options = Object.fromEntries(EAP_OPTIONS.filter((o) => ["on", "true", "1"].includes(search.get(o) ?? "")).map((o) => [o, "true" as const]));
  const file = await downloadAwbPdf(user.api, mawb, options);
  return passDownload(file, `awb_${mawb}.pdf`, { user, backTo: `/dashboard/shipments/${mawb}` });
}
