import type { LoaderFunctionArgs } from "@remix-run/node";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadEapCimp } from "~/lib/upstream/documents.server";

/**
 * `/dashboard/shipments/:mawb/eap.cimp`: the e-AWB in Cargo-IMP, the waybill's FWB as a page to read or print (spec 3
 * §7 GET air_waybills/{id}/eap.cimp), opened from the FWB page. As reachable as that page; another company's number is
 * not found. The page is the upstream's HTML, so it is sandboxed: no script, no form, no fetch, only its own style.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/shipments/:mawb/fwb");
  const mawb = mawbParam(args.params.mawb);
  const page = passDownload(await downloadEapCimp(user.api, mawb), `fwb_${mawb}.html`, { user, backTo: `/dashboard/shipments/${mawb}/fwb` });
  page.headers.set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  return page;
}
