import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { DeletePrice } from "~/components/tariffs/delete-price";
import { TariffForm } from "~/components/tariffs/price-forms";
import { editPrice, loadPriceEdit } from "~/lib/tariffs/price-save.server";
import { PRICE_PAGES } from "~/lib/tariffs/price-values";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceEdit(args, "tariffs");
export const action = (args: ActionFunctionArgs) => editPrice(args, "tariffs");

export default formPage<typeof loader, typeof action>(function TariffEditPage({ data, lastResult }) {
  return (
    <>
      <DeletePrice kind="tariffs" confirm={data.confirmDelete} />
      <TariffForm id={`tariffs-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={PRICE_PAGES.tariffs} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
