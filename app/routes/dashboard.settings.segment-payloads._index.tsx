import { NativeSelect, Stack, TextInput } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DataTable, type Column } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { useFormat } from "~/components/settings/format";
import { isUploadData, UploadPanel } from "~/components/settings/upload-panel";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, iataParam, pageParam, PER_PAGE, searchParamsOf, urlWithout } from "~/lib/forms/list-query";
import { defaultCarrier, isPlatformUser } from "~/lib/settings/settings-user.server";
import { uploadAction } from "~/lib/settings/upload-action.server";
import { SORTABLE, sortFromUrl } from "~/lib/settings/sort";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { SEASONS } from "~/lib/settings/seasons";
import { listSegmentPayloads, SEGMENT_PAYLOAD_RESOURCE, type SegmentPayload } from "~/lib/upstream/segment-payloads.server";

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
  const list = await listSegmentPayloads(user.api, {
      page: query.page,
      per_page: PER_PAGE, ...sort,
      origin: query.origin,
      destination: query.destination,
      aircraft_type: query.aircraft_type,
      season: query.season,
    });
  if (!list.ok) throw failureResponse(list);
  return json({ pageTitle, rows: list.data.data, meta: list.data.meta, filters: query, showCarrier: isPlatformUser(user), defaultCarrier: defaultCarrier(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") !== "upload") throw new Response("Bad Request", { status: 400 });
  return uploadAction(user, form, { resource: SEGMENT_PAYLOAD_RESOURCE, what: t("statistics:segmentPayloads.what"), backTo: urlWithout(args.request) });
}

export default function SegmentPayloadsPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["statistics", "common"]);
  const f = useFormat();
  const columns: Column<SegmentPayload>[] = [
    ...(data.showCarrier ? [{ key: "carrier", sort: "carrier", header: t("fields.carrier"), render: (r: SegmentPayload) => r.carrier }] : []),
    { key: "aircraft", sort: "aircraft_type", header: t("fields.aircraft_type"), render: (r) => r.aircraft_type },
    { key: "origin", sort: "origin", header: t("fields.origin"), render: (r) => r.origin },
    { key: "destination", sort: "destination", header: t("fields.destination"), render: (r) => r.destination },
    { key: "reg", header: t("segmentPayloads.fields.reg_numbers"), render: (r) => (r.reg_numbers.length ? r.reg_numbers.join(", ") : "—") },
    { key: "payload", sort: "payload", header: t("segmentPayloads.fields.payload"), render: (r) => f.unit(r.payload, "kilogram") },
    { key: "season", sort: "season", header: t("segmentPayloads.fields.season"), render: (r) => t(`segmentPayloads.seasons.${r.season}`, { defaultValue: r.season }) },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <FilterForm>
        <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin ?? ""} w={110} />
        <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination ?? ""} w={110} />
        <TextInput name="aircraft_type" label={t("fields.aircraft_type")} defaultValue={data.filters.aircraft_type ?? ""} w={130} />
        <NativeSelect
          name="season"
          label={t("segmentPayloads.fields.season")}
          defaultValue={data.filters.season ?? ""}
          data={[{ value: "", label: t("common:all") }, ...SEASONS.map((s) => ({ value: s, label: t(`segmentPayloads.seasons.${s}`) }))]}
        />
      </FilterForm>
      <DataTable id="segment-payloads" columns={columns} rows={data.rows} rowKey={(r) => r.id} empty={t("empty")} testId="segment-payloads-table" meta={data.meta} />
      <UploadPanel
        templateHref={`${ROUTE}/template`}
        lastResult={isUploadData(actionData) ? actionData : undefined}
        showCarrier={data.showCarrier}
        defaultCarrier={data.defaultCarrier}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
