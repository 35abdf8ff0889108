import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { offerHref, offerIdParam } from "~/lib/offers/offer-page.server";
import { downloadOfferPdf } from "~/lib/upstream/offers.server";

/** `/dashboard/offers/:id/offer.pdf`: the offer as a document from the API (spec 3 §9 default name offer.pdf). */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, "/dashboard/offers/:id");
  const id = offerIdParam(args.params.id);
  return passDownload(await downloadOfferPdf(user.api, id), "offer.pdf", { user, backTo: offerHref(id) });
}
