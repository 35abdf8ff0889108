import { Badge } from "~/components/plain/badge";
import { TextInput } from "~/components/plain/text-input";
import type { AgreementState } from "~/lib/settings/agreement-state";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { ListPage } from "./list-page";
import { useFormat } from "./format";
import { editColumn } from "./row-actions";
import { FilterSelect } from "./filter-select";
import { BooleanFilter } from "./yes-no-filter";
import { AddButton } from "./add-button";

export interface AgreementRow {
  id: number;
  account_number: string;
  contract_number?: string | null;
  currency: string;
  effective_from: string;
  effective_to?: string | null;
  sales_origins: string[];
  supplier: { short_name: string; name: string };
  client: { short_name: string; name: string };
  active: boolean;
  show_tariffs: boolean;
  /** From `active` and the effective dates on the service clock's day (the loader computes it). */
  state: AgreementState;
}

const STATE_COLOURS: Record<AgreementState, string> = {
  in_force: "teal",
  not_yet_in_force: "blue",
  expired: "orange",
  inactive: "gray",
};

export interface AgreementsListData {
  pageTitle: string;
  rows: AgreementRow[];
  meta: { current_page: number; total_pages: number; total_count: number };
  filters: { q: string; partner: string; active: string; effective_on: string };
  partnerRole: "client" | "supplier";
  partners: Array<{ value: string; label: string }>;
  canEdit: boolean;
}

/** The agreements list (spec 2 "Agreement"): filters in the URL, server pages, an edit link when the user may edit. */
export function AgreementsList({ data, basePath }: { data: AgreementsListData; basePath: string }) {
  const { t } = useTranslation(["agreements", "common"]);
  const f = useFormat();
  const columns: Column<AgreementRow>[] = [
    { key: "contract", sort: "contract_number", header: t("fields.contract_number"), render: (r) => r.contract_number ?? "—" },
    { key: "account", sort: "account_number", header: t("fields.account_number"), render: (r) => r.account_number },
    data.partnerRole === "client"
      ? { key: "client", sort: "client", header: t("fields.client"), render: (r) => `${r.client.short_name} · ${r.client.name}` }
      : { key: "supplier", sort: "supplier", header: t("fields.supplier"), render: (r) => `${r.supplier.short_name} · ${r.supplier.name}` },
    { key: "currency", sort: "currency", header: t("fields.currency"), render: (r) => r.currency },
    { key: "from", sort: "effective_from", header: t("fields.effective_from"), render: (r) => f.date(r.effective_from) },
    { key: "to", sort: "effective_to", header: t("fields.effective_to"), render: (r) => (r.effective_to ? f.date(r.effective_to) : t("openEnded")) },
    { key: "origins", header: t("fields.sales_origins"), render: (r) => (r.sales_origins.length ? r.sales_origins.join(", ") : t("common:all")) },
    { key: "tariffs", header: t("fields.show_tariffs"), render: (r) => f.yesNo(r.show_tariffs) },
    {
      key: "active",
      sort: "active",
      header: t("fields.state"),
      render: (r) => (
        // Mantine's badge label may shrink to an ellipsis ("ACTI…") in a squeezed table column: keep the word whole
        <Badge color={STATE_COLOURS[r.state]} variant="light" styles={{ label: { overflow: "visible" } }} data-testid={`agreement-state-${r.id}`}>
          {t(`state.${r.state}`)}
        </Badge>
      ),
    },
  ];
  if (data.canEdit) {
    columns.push(editColumn((r) => `${basePath}/${r.id}/edit`, (r) => `edit-agreement-${r.id}`));
  }
  return (
    <ListPage
      data={data}
      actions={data.canEdit ? <AddButton to={`${basePath}/create`} testId="add-agreement">{t("add")}</AddButton> : null}
      filters={
        <>
          <TextInput name="q" defaultValue={data.filters.q} label={t("filters.q")} placeholder={t("filters.qPlaceholder")} w={240} />
          <FilterSelect
            name="partner"
            label={data.partnerRole === "client" ? t("fields.client") : t("fields.supplier")}
            value={data.filters.partner}
            options={data.partners}
            w={220}
          />
          <BooleanFilter name="active" label={t("fields.active")} value={data.filters.active} labels={[t("activeYes"), t("activeNo")]} w={140} />
          <TextInput type="date" name="effective_on" defaultValue={data.filters.effective_on} label={t("filters.effectiveOn")} w={170} />
        </>
      }
      table={{ id: "agreements", testId: "agreements-table", columns, empty: t("empty") }}
    />
  );
}
