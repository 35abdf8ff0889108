import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { amountCell, PriceListPage, useScopeColumns } from "~/components/tariffs/price-list-page";
import { confirmAwareness, loadPriceList } from "~/lib/tariffs/price-list.server";
import { chargeRow, type ChargeRow } from "~/lib/tariffs/price-rows.server";
import { billingChargesApi, type BillingCharge } from "~/lib/upstream/billing.server";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceList<BillingCharge, ChargeRow>(args, { kind: "charges", api: billingChargesApi, row: chargeRow });
export const action = (args: ActionFunctionArgs) => confirmAwareness(args, "charges", billingChargesApi);

/** Billing charges (spec 2 §3 "Billing charge"): code, name, basis, rate and minimum, what they apply to. */
export default function ChargesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["tariffs", "common"]);
  const { route, tail } = useScopeColumns<ChargeRow>(data);
  const where = (r: ChargeRow) =>
    [r.originCountry && `${t("fields.originCountry")}: ${r.originCountry}`, r.destinationCountry && `${t("fields.destinationCountry")}: ${r.destinationCountry}`, r.routeRegion && t(`regions.${r.routeRegion}`)]
      .filter(Boolean)
      .join(" · ");
  const columns: Column<ChargeRow>[] = [
    { key: "code", header: t("fields.chargeCode"), render: (r) => r.chargeCode },
    { key: "name", header: t("fields.chargeName"), render: (r) => r.chargeName },
    { key: "basis", header: t("fields.basis"), render: (r) => t(`basis.${r.basis}`) },
    { key: "rate", header: t("fields.rate"), render: (r) => amountCell(r.rate) },
    { key: "minimal", header: t("fields.minimalRate"), render: (r) => amountCell(r.minimalRate) },
    {
      key: "applies",
      header: t("fields.productsShc"),
      render: (r) => [r.products.join(", "), r.shc.join(", ")].filter(Boolean).join(" · ") || t("anyProduct"),
    },
    { ...route, render: (r) => (
      <>
        {route.render(r)}
        {where(r) ? <span style={{ fontSize: "var(--mantine-font-size-xs)", color: "var(--mantine-color-dimmed)" }}>{where(r)}</span> : null}
      </>
    ) },
    ...tail,
  ];
  return <PriceListPage data={data} columns={columns} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
