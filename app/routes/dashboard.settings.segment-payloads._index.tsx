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
import { listPage } from "~/lib/settings/required.server";
import { SEASONS } from "~/lib/settings/seasons";
import { listSegmentPayloads, SEGMENT_PAYLOAD_RESOURCE, type SegmentPayload } from "~/lib/upstream/segment-payloads.server";
import { RouteAircraftFilters, UploadListPage } from "~/components/settings/upload-list-page";
import { FilterSelect } from "~/components/settings/filter-select";
import { carrierColumn } from "~/components/settings/carrier-column";

const ROUTE = "/dashboard/settings/segment-payloads";

export const handle = { i18n: ["statistics", "uploads", "common", "errors"] };
export const meta = pageMeta;

const Query = z.object({
  page: pageParam,
  origin: iataParam,
  destination: iataParam,
  aircraft_type: codeParam(/^[A-Z0-9]{2,4}$/),
  season: z.enum(SEASONS).optional().catch(undefined),
});

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const query = Query.parse(searchParamsOf(args.request));
  const sort = sortFromUrl(args.request.url, SORTABLE.segmentPayloads);
  const list = listPage(
    await listSegmentPayloads(user.api, {
      page: query.page,
      per_page: PER_PAGE,
      ...sort,
      origin: query.origin,
      destination: query.destination,
      aircraft_type: query.aircraft_type,
      season: query.season,
    }),
  );
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
  const columns: Column<SegmentPayload>[] = [
    ...carrierColumn(data.showCarrier, t("fields.carrier")),
    { key: "aircraft", sort: "aircraft_type", header: t("fields.aircraft_type"), render: (r) => r.aircraft_type },
    { key: "origin", sort: "origin", header: t("fields.origin"), render: (r) => r.origin },
    { key: "destination", sort: "destination", header: t("fields.destination"), render: (r) => r.destination },
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
