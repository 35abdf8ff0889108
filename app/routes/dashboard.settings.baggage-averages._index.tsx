import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { Anchor, Button, Group, Stack, TextInput } from "@mantine/core";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DataTable, type Column } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { useFormat } from "~/components/settings/format";
import { isUploadData, UploadPanel } from "~/components/settings/upload-panel";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { iataParam, pageParam, PER_PAGE, searchParamsOf, urlWithout } from "~/lib/forms/list-query";
import { defaultCarrier, isPlatformUser } from "~/lib/settings/settings-user.server";
import { uploadAction } from "~/lib/settings/upload-action.server";
import { BAGGAGE_RESOURCE, deleteBaggageStat, listBaggageStats, type BaggageStat } from "~/lib/upstream/baggage-stats.server";
import { SORTABLE, sortFromUrl } from "~/lib/settings/sort";
import { failureResponse } from "~/lib/upstream/failure-response.server";

const ROUTE = "/dashboard/settings/baggage-averages";
const STATS = "/dashboard/settings/baggage-stats";

export const handle = { i18n: ["statistics", "uploads", "common", "errors"] };
export const meta = pageMeta;

const Query = z.object({ page: pageParam, origin: iataParam, destination: iataParam });

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const query = Query.parse(searchParamsOf(args.request));
  const sort = sortFromUrl(args.request.url, SORTABLE.baggageStats);
  const list = await listBaggageStats(user.api, { page: query.page, per_page: PER_PAGE, ...sort, origin_iata: query.origin, destination_iata: query.destination });
  if (!list.ok) throw failureResponse(list);
  return json({
    pageTitle,
    rows: list.data.data,
    meta: list.data.meta,
    filters: query,
    showCarrier: isPlatformUser(user),
    defaultCarrier: defaultCarrier(user),
  });
}

const DeleteSchema = z.object({ intent: z.literal("delete"), id: z.coerce.number().int().positive() });

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") === "upload") {
    return uploadAction(user, form, { resource: BAGGAGE_RESOURCE, what: t("statistics:baggage.what"), backTo: urlWithout(args.request) });
  }
  const parsed = DeleteSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) throw new Response("Bad Request", { status: 400 });
  const result = await deleteBaggageStat(user.api, parsed.data.id);
  return redirectWithNotice(
    urlWithout(args.request),
    user,
    result.ok
      ? { kind: "success", key: "statistics:notices.baggageDeleted" }
      : { kind: "error", key: result.code === "NotFound" ? "statistics:notices.baggageNotFound" : "common:notices.deleteFailed" },
  );
}

export default function BaggageAveragesPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["statistics", "common"]);
  const f = useFormat();
  const columns: Column<BaggageStat>[] = [
    ...(data.showCarrier ? [{ key: "carrier", sort: "carrier", header: t("fields.carrier"), render: (r: BaggageStat) => r.carrier }] : []),
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
      render: (r) => (
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={`${STATS}/${r.id}/edit`} size="sm">
            {t("common:actions.edit")}
          </Anchor>
          <Form method="post" onSubmit={(e) => (confirm(t("baggage.confirmDelete")) ? undefined : e.preventDefault())}>
            <CsrfInput />
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={r.id} />
            <Button type="submit" size="compact-xs" color="red" variant="subtle">
              {t("common:actions.delete")}
            </Button>
          </Form>
        </Group>
      ),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Button component={Link} to={`${STATS}/create`} data-testid="add-baggage-stat">
          {t("baggage.add")}
        </Button>
      </PageHeader>
      <FilterForm>
        <TextInput name="origin" label={t("fields.origin")} defaultValue={data.filters.origin ?? ""} w={110} />
        <TextInput name="destination" label={t("fields.destination")} defaultValue={data.filters.destination ?? ""} w={110} />
      </FilterForm>
      <DataTable id="baggage" columns={columns} rows={data.rows} rowKey={(r) => r.id} empty={t("empty")} testId="baggage-table" meta={data.meta} />
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
