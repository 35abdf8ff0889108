import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { ChargeForm } from "~/components/tariffs/price-forms";
import { createPrice, loadPriceCreate } from "~/lib/tariffs/price-save.server";
import { PRICE_PAGES } from "~/lib/tariffs/price-values";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceCreate(args, "charges");
export const action = (args: ActionFunctionArgs) => createPrice(args, "charges");

export default formPage<typeof loader, typeof action>(function ChargeCreatePage({ data, lastResult }) {
  return <ChargeForm id="charges-new" defaultValue={data.defaultValue} lastResult={lastResult} airlines={data.airlines} cancelHref={PRICE_PAGES.charges} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
