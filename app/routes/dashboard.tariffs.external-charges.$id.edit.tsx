import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { DeletePrice } from "~/components/tariffs/delete-price";
import { ChargeForm } from "~/components/tariffs/price-forms";
import { editPrice, loadPriceEdit } from "~/lib/tariffs/price-save.server";
import { PRICE_PAGES } from "~/lib/tariffs/price-values";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceEdit(args, "charges");
export const action = (args: ActionFunctionArgs) => editPrice(args, "charges");

export default formPage<typeof loader, typeof action>(function ChargeEditPage({ data, lastResult }) {
  return (
    <>
      <DeletePrice kind="charges" confirm={data.confirmDelete} />
      <ChargeForm id={`charges-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={PRICE_PAGES.charges} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
