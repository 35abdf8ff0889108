import type { LoaderFunctionArgs } from "@remix-run/node";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadMawbLabels } from "~/lib/upstream/documents.server";

/**
 * `/dashboard/shipments/:mawb/mawb_labels.pdf?station=&first_piece=`: the cargo labels from the API, one file per
 * block of pieces (the shipment page links each). A station or first piece that is not one is left out.
 */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/shipments/:mawb");
  const mawb = mawbParam(args.params.mawb);
  const search = new URL(args.request.url).searchParams;
  const station = search.get("station")?.trim() ?? "";
  const first = search.get("first_piece") ?? "";
  const file = await downloadMawbLabels(user.api, mawb, {
    ...(/^[A-Za-z]{3}$/.test(station) ? { station: station.toUpperCase() } : {}),
    ...(/^\d{1,6}$/.test(first) ? { first_piece: first } : {}),
  });
  return passDownload(file, `labels_${mawb}.pdf`, { user, backTo: `/dashboard/shipments/${mawb}` });
}
