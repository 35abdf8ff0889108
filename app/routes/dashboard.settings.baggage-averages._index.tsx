import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { useFormat } from "~/components/settings/format";
import { postedForm } from "~/lib/settings/save-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { iataParam, readListQuery, urlWithout } from "~/lib/forms/list-query";
import { carrierField } from "~/lib/settings/settings-user.server";
import { uploadAction } from "~/lib/settings/upload-action.server";
import { BAGGAGE_RESOURCE, deleteBaggageStat, listBaggageStats, type BaggageStat } from "~/lib/upstream/baggage-stats.server";
import { SORTABLE } from "~/lib/settings/sort";
import { listPage } from "~/lib/settings/required.server";
import { RowActions } from "~/components/settings/row-actions";
import { deleteRowAction, notFoundNotice } from "~/lib/settings/delete-row-action.server";
import { AddButton } from "~/components/settings/add-button";
import { UploadListPage } from "~/components/settings/upload-list-page";
import { carrierColumn } from "~/components/settings/carrier-column";

const ROUTE = "/dashboard/settings/baggage-averages";
const STATS = "/dashboard/settings/baggage-stats";

export const handle = { i18n: ["statistics", "uploads", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = { origin: iataParam, destination: iataParam };

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.baggageStats });
  const list = listPage(await listBaggageStats(user.api, { ...paging, origin_iata: query.origin, destination_iata: query.destination }));
  return json({
    pageTitle,
    ...list,
    filters: query,
    ...carrierField(user),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  if (form.get("intent") === "upload") {
    return uploadAction(user, form, { resource: BAGGAGE_RESOURCE, what: t("statistics:baggage.what"), backTo: urlWithout(args.request) });
  }
  return deleteRowAction(form, user, {
    backTo: urlWithout(args.request),
    remove: (id) => deleteBaggageStat(user.api, id),
    deleted: "statistics:notices.baggageDeleted",
    failed: notFoundNotice("statistics:notices.baggageNotFound"),
  });
}

export default function BaggageAveragesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["statistics", "common"]);
  const f = useFormat();
  const columns: Column<BaggageStat>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "route", sort: "origin_iata", header: t("fields.route"), render: (r) => `${r.origin_iata} → ${r.destination_iata}` },
    { key: "period", sort: "period_start", header: t("baggage.fields.period"), render: (r) => `${f.date(r.period_start)} – ${f.date(r.period_end)}` },
    { key: "weight", sort: "total_baggage_weight", header: t("baggage.fields.total_baggage_weight"), render: (r) => f.number(r.total_baggage_weight) },
    { key: "pcs", sort: "total_baggage_pcs", header: t("baggage.fields.total_baggage_pcs"), render: (r) => f.number(r.total_baggage_pcs) },
    { key: "pax", sort: "total_pax", header: t("baggage.fields.total_pax"), render: (r) => f.number(r.total_pax) },
    { key: "segments", sort: "segments_count", header: t("baggage.fields.segments_count"), render: (r) => f.number(r.segments_count) },
    { key: "average", sort: "average_baggage_weight", header: t("baggage.fields.average_baggage_weight"), render: (r) => f.number(r.average_baggage_weight) },
    { key: "manual", sort: "manual_average_baggage_weight", header: t("baggage.fields.manual_average_baggage_weight"), render: (r) => f.number(r.manual_average_baggage_weight) },
    { key: "applicable", header: t("baggage.fields.applicable_stat_weight"), render: (r) => f.number(r.applicable_stat_weight) },
    { key: "external", sort: "external_source", header: t("baggage.fields.external_source"), render: (r) => f.yesNo(r.external_source) },
    {
      key: "actions",
      header: t("common:actions.edit"),
      render: (r) => <RowActions id={r.id} editTo={`${STATS}/${r.id}/edit`} confirmText={t("baggage.confirmDelete")} />,
    },
  ];
  return (
    <UploadListPage
      data={data}
      actionData={actionData}
      actions={
        <AddButton to={`${STATS}/create`} testId="add-baggage-stat">
          {t("baggage.add")}
        </AddButton>
      }
      filters={
        <>
          <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin ?? ""} w={110} />
          <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination ?? ""} w={110} />
        </>
      }
      table={{ id: "baggage", testId: "baggage-table", columns, empty: t("empty") }}
      templateHref={`${ROUTE}/template`}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
