import type { LoaderFunctionArgs } from "@remix-run/node";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadHouseWaybillsCimp } from "~/lib/upstream/documents.server";

/**
 * `/dashboard/shipments/:mawb/house_waybills.cimp`: the master's house waybills in Cargo-IMP (its FHL) as a text file
 * (spec 3 §7 GET air_waybills/{id}/house_waybills.cimp), downloaded from the FHL page. As reachable as that page;
 * another company's number is not found; a refusal (no house waybills) goes back to the FHL page with a notice.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/shipments/:mawb/fhl");
  const mawb = mawbParam(args.params.mawb);
  return passDownload(await downloadHouseWaybillsCimp(user.api, mawb), `fhl_${mawb}.txt`, { user, backTo: `/dashboard/shipments/${mawb}/fhl` });
}
