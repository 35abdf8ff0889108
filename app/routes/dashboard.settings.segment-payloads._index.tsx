import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
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
import { SEASONS } from "~/lib/settings/seasons";
import { listSegmentPayloads, SEGMENT_PAYLOAD_RESOURCE, type SegmentPayload } from "~/lib/upstream/segment-payloads.server";
import { RouteAircraftFilters, UploadListPage, useRouteAircraftColumns } from "~/components/settings/upload-list-page";
import { FilterSelect } from "~/components/settings/filter-select";

const ROUTE = "/dashboard/settings/segment-payloads";

export const handle = { i18n: ["statistics", "uploads", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = { ...ROUTE_AIRCRAFT_FILTERS, season: z.enum(SEASONS).optional().catch(undefined) };

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.segmentPayloads });
  const list = listPage(await listSegmentPayloads(user.api, { ...paging, ...query }));
  return json({ pageTitle, ...list, filters: query, ...carrierField(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  return uploadOnlyAction(args.request, user, { resource: SEGMENT_PAYLOAD_RESOURCE, what: t("statistics:segmentPayloads.what") });
}

export default function SegmentPayloadsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["statistics", "common"]);
  const f = useFormat();
  const routeAircraftColumns = useRouteAircraftColumns<SegmentPayload>(data.showCarrier);
  const columns: Column<SegmentPayload>[] = [
    ...routeAircraftColumns,
    { key: "reg", header: t("segmentPayloads.fields.reg_numbers"), render: (r) => (r.reg_numbers.length ? r.reg_numbers.join(", ") : "—") },
    { key: "payload", sort: "payload", header: t("segmentPayloads.fields.payload"), render: (r) => f.unit(r.payload, "kilogram") },
    { key: "season", sort: "season", header: t("segmentPayloads.fields.season"), render: (r) => t(`segmentPayloads.seasons.${r.season}`, { defaultValue: r.season }) },
  ];
  return (
    <UploadListPage
      data={data}
      actionData={actionData}
      filters={
        <>
          <RouteAircraftFilters filters={data.filters} />
          <FilterSelect
            name="season"
            label={t("segmentPayloads.fields.season")}
            value={data.filters.season}
            options={SEASONS.map((s) => ({ value: s, label: t(`segmentPayloads.seasons.${s}`) }))}
          />
        </>
      }
      table={{ id: "segment-payloads", testId: "segment-payloads-table", columns, empty: t("empty") }}
      templateHref={`${ROUTE}/template`}
    />
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
