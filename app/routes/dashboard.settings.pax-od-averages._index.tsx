import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { useFormat } from "~/components/settings/format";
import { requirePage } from "~/lib/auth/require-page.server";
import { readListQuery } from "~/lib/forms/list-query";
import { ROUTE_AIRCRAFT_FILTERS } from "~/lib/settings/route-aircraft-query";
import { carrierField } from "~/lib/settings/settings-user.server";
import { uploadOnlyAction } from "~/lib/settings/upload-action.server";
import { SORTABLE } from "~/lib/settings/sort";
import { listPage } from "~/lib/settings/required.server";
import { listPaxOdAverages, PAX_OD_RESOURCE, type PaxOdAverage } from "~/lib/upstream/pax-od-averages.server";
import { RouteAircraftFilters, UploadListPage, useRouteAircraftColumns } from "~/components/settings/upload-list-page";

const ROUTE = "/dashboard/settings/pax-od-averages";

export const handle = { i18n: ["statistics", "uploads", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: ROUTE_AIRCRAFT_FILTERS, sortable: SORTABLE.paxOdAverages });
  const list = listPage(await listPaxOdAverages(user.api, { ...paging, ...query }));
  return json({ pageTitle, ...list, filters: query, ...carrierField(user) });
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
  const routeAircraftColumns = useRouteAircraftColumns<PaxOdAverage>(data.showCarrier);
  const columns: Column<PaxOdAverage>[] = [
    ...routeAircraftColumns,
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
