import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { amountCell, PriceListPage, useScopeColumns } from "~/components/tariffs/price-list-page";
import { confirmAwareness, loadPriceList } from "~/lib/tariffs/price-list.server";
import { tariffRow, type TariffRow } from "~/lib/tariffs/price-rows.server";
import { SUMMARY_COLUMNS } from "~/lib/tariffs/price-values";
import { tariffsApi, type Tariff } from "~/lib/upstream/billing.server";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceList<Tariff, TariffRow>(args, { kind: "tariffs", api: tariffsApi, row: tariffRow });
export const action = (args: ActionFunctionArgs) => confirmAwareness(args, "tariffs", tariffsApi);

/** Tariffs (spec 2 §3): route, product, basis and the rate-break columns of spec 2 §9. */
export default function TariffsPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["tariffs", "common"]);
  const { route, tail } = useScopeColumns<TariffRow>(data);
  const columns: Column<TariffRow>[] = [
    route,
    { key: "product", header: t("fields.product"), render: (r) => r.product ?? t("anyProduct") },
    { key: "basis", header: t("fields.basis"), render: (r) => t(`basis.${r.basis}`) },
    ...SUMMARY_COLUMNS.map((c) => ({ key: c, header: t(`summary.${c}`), render: (r: TariffRow) => amountCell(r.summary[c]) })),
    ...tail,
  ];
  return <PriceListPage data={data} columns={columns} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
