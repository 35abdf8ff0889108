import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { TariffForm } from "~/components/tariffs/price-forms";
import { createPrice, loadPriceCreate } from "~/lib/tariffs/price-save.server";
import { PRICE_PAGES } from "~/lib/tariffs/price-values";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceCreate(args, "tariffs");
export const action = (args: ActionFunctionArgs) => createPrice(args, "tariffs");

export default formPage<typeof loader, typeof action>(function TariffCreatePage({ data, lastResult }) {
  return <TariffForm id="tariffs-new" defaultValue={data.defaultValue} lastResult={lastResult} airlines={data.airlines} cancelHref={PRICE_PAGES.tariffs} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
