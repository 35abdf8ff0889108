import { Badge } from "~/components/plain/badge";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ListPage } from "~/components/settings/list-page";
import { requirePage } from "~/lib/auth/require-page.server";
import { listAirlineCustomers, type AirlineCustomer } from "~/lib/upstream/airline-customers.server";
import { readListQuery, textParam, trueFalseParam, trueFalseValue } from "~/lib/forms/list-query";
import { SORTABLE } from "~/lib/settings/sort";
import { listPage } from "~/lib/settings/required.server";
import { editColumn } from "~/components/settings/row-actions";
import { BooleanFilter } from "~/components/settings/yes-no-filter";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";

const ROUTE = "/dashboard/settings/airline-customers";

export const handle = { i18n: ["customers", "common"] };
export const meta = pageMeta;

const FILTERS = { q: textParam, active: trueFalseParam };

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.airlineCustomers });
  const list = listPage(await listAirlineCustomers(user.api, { ...paging, q: filters.q || undefined, active: trueFalseValue(filters.active) }));
  return json({ pageTitle, ...list, filters, showCarrier: user.access.user?.type === "platform" });
}

export default function AirlineCustomersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["customers", "common"]);
  const columns: Column<AirlineCustomer>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "name", sort: "name", header: t("fields.name"), render: (r) => r.name },
    { key: "srn", sort: "srn", header: t("fields.srn"), render: (r) => r.srn ?? "" },
    { key: "tax", sort: "tax_id", header: t("fields.tax_id"), render: (r) => r.tax_id ?? "" },
    { key: "city", sort: "city", header: t("fields.city"), render: (r) => [r.city, r.country_code].filter(Boolean).join(", ") },
    { key: "phone", header: t("fields.phone_number"), render: (r) => r.phone_number ?? "" },
    { key: "email", sort: "email", header: t("fields.email"), render: (r) => r.email ?? "" },
    {
      key: "active",
      sort: "active",
      header: t("fields.active"),
      render: (r) => (
        <Badge color={r.active ? "teal" : "gray"} variant="light">
          {r.active ? t("activeYes") : t("activeNo")}
        </Badge>
      ),
    },
    editColumn((r) => `${ROUTE}/${r.id}/edit`, (r) => `edit-customer-${r.id}`),
  ];
  return (
    <ListPage
      data={{ ...data, rows: data.rows as AirlineCustomer[] }}
      actions={<AddButton to={`${ROUTE}/create`} testId="add-customer">{t("add")}</AddButton>}
      filters={
        <>
          <TextInput name="q" defaultValue={data.filters.q} label={t("filters.q")} placeholder={t("filters.qPlaceholder")} w={260} />
          <BooleanFilter name="active" label={t("fields.active")} value={data.filters.active} labels={[t("activeYes"), t("activeNo")]} w={150} />
        </>
      }
      table={{ id: "customers", testId: "customers-table", columns, empty: t("empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
