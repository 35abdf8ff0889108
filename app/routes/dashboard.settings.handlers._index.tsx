import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { ListPage } from "~/components/settings/list-page";
import { useFormat } from "~/components/settings/format";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, readListQuery } from "~/lib/forms/list-query";
import { SORTABLE } from "~/lib/settings/sort";
import { listPage } from "~/lib/settings/required.server";
import { listHandlers, type Handler } from "~/lib/upstream/handlers.server";
import { editColumn } from "~/components/settings/row-actions";
import { AddButton } from "~/components/settings/add-button";
import { carrierColumn } from "~/components/settings/carrier-column";

const ROUTE = "/dashboard/settings/handlers";

export const handle = { i18n: ["handlers", "common"] };
export const meta = pageMeta;

// a station code, or nothing (a half-typed code must not reach the API as a 422)
const FILTERS = { location: codeParam(/^[A-Z]{3}$/) };

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.handlers });
  const list = listPage(await listHandlers(user.api, { ...paging, location: filters.location }));
  return json({ pageTitle, ...list, filters, showCarrier: user.access.user?.type === "platform" });
}

export default function HandlersPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["handlers", "common"]);
  const f = useFormat();
  const columns: Column<Handler>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "location", sort: "location", header: t("fields.location"), render: (r) => r.location },
    { key: "lat", sort: "latest_acceptance_time", header: t("fields.latest_acceptance_time"), render: (r) => f.unit(r.latest_acceptance_time, "minute") },
    { key: "dom", sort: "min_connection_time_domestic", header: t("fields.min_connection_time_domestic"), render: (r) => f.unit(r.min_connection_time_domestic, "minute") },
    { key: "intl", sort: "min_connection_time_intl", header: t("fields.min_connection_time_intl"), render: (r) => f.unit(r.min_connection_time_intl, "minute") },
    { key: "max", sort: "max_connection_time", header: t("fields.max_connection_time"), render: (r) => f.unit(r.max_connection_time, "minute") },
    { key: "cargo", sort: "cargo_accepted", header: t("fields.cargo_accepted"), render: (r) => f.yesNo(r.cargo_accepted) },
    { key: "transfer", sort: "transfer", header: t("fields.transfer"), render: (r) => f.yesNo(r.transfer) },
    { key: "ffm", sort: "manual_ffm", header: t("fields.manual_ffm"), render: (r) => f.yesNo(r.manual_ffm) },
    { key: "note", header: t("fields.note"), render: (r) => r.note ?? "" },
    editColumn((r) => `${ROUTE}/${r.id}/edit`, (r) => `edit-handler-${r.id}`),
  ];
  return (
    <ListPage
      data={{ ...data, rows: data.rows as Handler[] }}
      actions={<AddButton to={`${ROUTE}/create`} testId="add-handler">{t("add")}</AddButton>}
      filters={<TextInput name="location" defaultValue={data.filters.location ?? ""} label={t("fields.location")} placeholder="OVB" w={140} maxLength={3} />}
      table={{ id: "handlers", testId: "handlers-table", columns, empty: t("empty") }}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
