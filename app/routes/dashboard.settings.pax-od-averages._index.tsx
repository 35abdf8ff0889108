import { Stack, TextInput } from "@mantine/core";
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
import { listPaxOdAverages, PAX_OD_RESOURCE, type PaxOdAverage } from "~/lib/upstream/pax-od-averages.server";

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
  return json({ pageTitle, rows: list.data.data, meta: list.data.meta, filters: query, showCarrier: isPlatformUser(user), defaultCarrier: defaultCarrier(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") !== "upload") throw new Response("Bad Request", { status: 400 });
  return uploadAction(user, form, { resource: PAX_OD_RESOURCE, what: t("statistics:paxOd.what"), backTo: urlWithout(args.request) });
}

export default function PaxOdAveragesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["statistics", "common"]);
  const f = useFormat();
  const columns: Column<PaxOdAverage>[] = [
    ...(data.showCarrier ? [{ key: "carrier", sort: "carrier", header: t("fields.carrier"), render: (r: PaxOdAverage) => r.carrier }] : []),
    { key: "aircraft", sort: "aircraft_type", header: t("fields.aircraft_type"), render: (r) => r.aircraft_type },
    { key: "origin", sort: "origin", header: t("fields.origin"), render: (r) => r.origin },
    { key: "destination", sort: "destination", header: t("fields.destination"), render: (r) => r.destination },
    { key: "quantity", sort: "quantity", header: t("paxOd.fields.quantity"), render: (r) => f.number(r.quantity) },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <FilterForm>
        <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin ?? ""} w={110} />
        <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination ?? ""} w={110} />
        <TextInput name="aircraft_type" label={t("fields.aircraft_type")} defaultValue={data.filters.aircraft_type ?? ""} w={130} />
      </FilterForm>
      <DataTable id="pax-od" columns={columns} rows={data.rows} rowKey={(r) => r.id} empty={t("empty")} testId="pax-od-table" meta={data.meta} />
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
