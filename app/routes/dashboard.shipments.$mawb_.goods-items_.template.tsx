import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { notFound } from "~/lib/http/not-found.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadTemplate, UPLOAD_FORMATS } from "~/lib/upstream/uploads.server";

// `?format=xlsx|csv`: the goods items upload template (goods_items_template.xlsx / .csv), offered beside the upload
// on the shipment page; guarded as that page is, and a failed download goes back to it with the message.

const Query = z.object({ format: z.enum(UPLOAD_FORMATS) });

export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/shipments/:mawb");
  const mawb = mawbParam(args.params.mawb);
  const query = Query.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!query.success) throw notFound();
  const result = await downloadTemplate(user, "goods_items", query.data.format);
  return passDownload(result, `goods_items_template.${query.data.format}`, { user, backTo: `/dashboard/shipments/${mawb}#goods` });
}
