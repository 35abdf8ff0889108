import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { amountCell, PriceListPage, useScopeColumns } from "~/components/tariffs/price-list-page";
import { confirmAwareness, loadPriceList } from "~/lib/tariffs/price-list.server";
import { surchargeRow, type SurchargeRow } from "~/lib/tariffs/price-rows.server";
import { surchargesApi, type Surcharge } from "~/lib/upstream/billing.server";

export const handle = { i18n: ["tariffs", "common", "errors"] };
export const meta = pageMeta;

export const loader = (args: LoaderFunctionArgs) => loadPriceList<Surcharge, SurchargeRow>(args, { kind: "surcharges", api: surchargesApi, row: surchargeRow });
export const action = (args: ActionFunctionArgs) => confirmAwareness(args, "surcharges", surchargesApi);

/** Surcharges (spec 2 §3 "Surcharge"): code, product, type, value and the weight they start from. */
export default function SurchargesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["tariffs", "common"]);
  const { route, tail } = useScopeColumns<SurchargeRow>(data);
  const columns: Column<SurchargeRow>[] = [
    { key: "code", header: t("fields.code"), render: (r) => r.code },
    { key: "product", header: t("fields.productCode"), render: (r) => r.productCode ?? t("anyProduct") },
    { key: "type", header: t("fields.type"), render: (r) => t(`surchargeTypes.${r.type}`) },
    { key: "value", header: t("fields.value"), render: (r) => amountCell(r.type === "percent" ? `${r.value} %` : r.value) },
    { key: "minimalWeight", header: t("fields.minimalWeight"), render: (r) => amountCell(r.minimalWeight === null ? null : t("kg", { value: r.minimalWeight })) },
    route,
    ...tail,
  ];
  return <PriceListPage data={data} columns={columns} />;
}

export const ErrorBoundary = GeneralErrorBoundary;
