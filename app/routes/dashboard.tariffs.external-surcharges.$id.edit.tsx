import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { DeletePrice } from "~/components/tariffs/delete-price";
import { SurchargeForm } from "~/components/tariffs/price-forms";
import { editPrice, loadPriceEdit } from "~/lib/tariffs/price-save.server";
import { PRICE_PAGES } from "~/lib/tariffs/price-values";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceEdit(args, "surcharges");
export const action = (args: ActionFunctionArgs) => editPrice(args, "surcharges");

export default formPage<typeof loader, typeof action>(function SurchargeEditPage({ data, lastResult }) {
  return (
    <>
      <DeletePrice kind="surcharges" confirm={data.confirmDelete} />
      <SurchargeForm id={`surcharges-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={PRICE_PAGES.surcharges} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
