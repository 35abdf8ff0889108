import { Badge } from "~/components/plain/badge";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ListPage } from "~/components/settings/list-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { COMPANY_BUSINESS_TYPES } from "~/lib/forms/company-schema";
import { listCompanies, type Company } from "~/lib/upstream/companies.server";
import { readListQuery, textParam } from "~/lib/forms/list-query";
import { SORTABLE } from "~/lib/settings/sort";
import { listPage } from "~/lib/settings/required.server";
import { editColumn } from "~/components/settings/row-actions";
import { FilterSelect } from "~/components/settings/filter-select";
import { AddButton } from "~/components/settings/add-button";

const ROUTE = "/dashboard/settings/companies";

export const handle = { i18n: ["companies", "common"] };
export const meta = pageMeta;

const FILTERS = { q: textParam, business_type: z.enum(["", ...COMPANY_BUSINESS_TYPES]).catch("") };

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.companies });
  const list = listPage(await listCompanies(user.api, { ...paging, q: filters.q || undefined, business_type: filters.business_type || undefined }));
  return json({ pageTitle, ...list, filters });
}

export default function CompaniesPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["companies", "common"]);
  const columns: Column<Company>[] = [
    { key: "short", sort: "short_name", header: t("fields.short_name"), render: (r) => r.short_name },
    { key: "name", sort: "name", header: t("fields.name"), render: (r) => r.name },
    {
      key: "type",
      sort: "business_type",
      header: t("fields.business_type"),
      render: (r) => (
        <Badge variant="light">{t(`businessTypes.${r.business_type}`, { defaultValue: r.business_type })}</Badge>
      ),
    },
    { key: "carrier", sort: "carrier", header: t("fields.carrier"), render: (r) => r.carrier ?? "" },
    { key: "city", sort: "city", header: t("fields.city"), render: (r) => [r.city, r.country].filter(Boolean).join(", ") },
    { key: "tax", sort: "tax_number", header: t("fields.tax_number"), render: (r) => r.tax_number ?? "" },
    { key: "iata", header: t("fields.forwarder_iata_code"), render: (r) => r.forwarder_iata_code ?? "" },
    editColumn((r) => `${ROUTE}/${r.id}/edit`, (r) => `edit-company-${r.short_name}`),
  ];
  return (
    <ListPage
      data={{ ...data, rows: data.rows as Company[] }}
      actions={<AddButton to={`${ROUTE}/create`} testId="add-company">{t("add")}</AddButton>}
      filters={
        <>
          <TextInput name="q" defaultValue={data.filters.q} label={t("filters.q")} placeholder={t("filters.qPlaceholder")} w={260} />
          <FilterSelect
            name="business_type"
            label={t("fields.business_type")}
            value={data.filters.business_type}
            options={COMPANY_BUSINESS_TYPES.map((b) => ({ value: b, label: t(`businessTypes.${b}`) }))}
            w={180}
          />
        </>
      }
      table={{ id: "companies", testId: "companies-table", columns, empty: t("empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
