import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { type Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { useFormat } from "~/components/settings/format";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, iataParam, pageParam, PER_PAGE, searchParamsOf } from "~/lib/forms/list-query";
import { carrierField } from "~/lib/settings/settings-user.server";
import { uploadOnlyAction } from "~/lib/settings/upload-action.server";
import { SORTABLE, sortFromUrl } from "~/lib/settings/sort";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { listPaxOdAverages, PAX_OD_RESOURCE, type PaxOdAverage } from "~/lib/upstream/pax-od-averages.server";
import { RouteAircraftFilters, UploadListPage } from "~/components/settings/upload-list-page";
import { carrierColumn } from "~/components/settings/carrier-column";

const ROUTE = "/dashboard/settings/pax-od-averages";

export const handle = { i18n: ["statistics", "uploads", "common", "errors"] };
export const meta = pageMeta;

const Query = z.object({ page: pageParam, origin: iataParam, destination: iataParam, aircraft_type: codeParam(/^[A-Z0-9]{2,4}$/) });

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const query = Query.parse(searchParamsOf(args.request));
  const sort = sortFromUrl(args.request.url, SORTABLE.paxOdAverages);
  const list = await listPaxOdAverages(user.api, { page: query.page, per_page: PER_PAGE, ...sort, origin: query.origin, destination: query.destination, aircraft_type: query.aircraft_type });
  if (!list.ok) throw failureResponse(list);
  return json({ pageTitle, rows: list.data.data, meta: list.data.meta, filters: query, ...carrierField(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  return uploadOnlyAction(args.request, user, { resource: PAX_OD_RESOURCE, what: t("statistics:paxOd.what") });
}

export default function PaxOdAveragesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["statistics", "common"]);
  const f = useFormat();
  const columns: Column<PaxOdAverage>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "aircraft", sort: "aircraft_type", header: t("fields.aircraft_type"), render: (r) => r.aircraft_type },
    { key: "origin", sort: "origin", header: t("fields.origin"), render: (r) => r.origin },
    { key: "destination", sort: "destination", header: t("fields.destination"), render: (r) => r.destination },
    { key: "quantity", sort: "quantity", header: t("paxOd.fields.quantity"), render: (r) => f.number(r.quantity) },
  ];
  return (
    <UploadListPage
      data={data}
      actionData={actionData}
      filters={
        <>
          <RouteAircraftFilters filters={data.filters} />
        </>
      }
      table={{ id: "pax-od", testId: "pax-od-table", columns, empty: t("empty") }}
      templateHref={`${ROUTE}/template`}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
