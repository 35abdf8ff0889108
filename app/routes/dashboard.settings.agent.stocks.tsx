import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { DataTable, type Column } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { FilterSelect } from "~/components/settings/filter-select";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { codeParam, readListQuery, textParam } from "~/lib/forms/list-query";
import { listStockNumbers, type StockNumber } from "~/lib/upstream/awb-stocks.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";

// Settings → AWB stocks on a forwarder's host (spec 1 §2 "agent/stocks"): the numbers the airlines gave this
// forwarder, what is still free, and which were used or voided; a number found by its digits, hyphen or not.

const ROUTE = "/dashboard/settings/agent/stocks";
const STATES = ["free", "used", "voided"] as const;

export const handle = { i18n: ["stocks", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  prefix: codeParam(/^\d{3}$/),
  state: z.enum(STATES).optional().catch(undefined),
  q: textParam,
};

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS });
  const list = await listStockNumbers(user.api, { ...paging, prefix: query.prefix, state: query.state, q: query.q || undefined });
  if (!list.ok) throw failureResponse(list);
  return json({
    pageTitle,
    rows: list.data.data,
    meta: list.data.meta,
    totals: list.data.totals,
    filters: { prefix: query.prefix ?? "", state: query.state ?? "", q: query.q },
  });
}

const STATE_COLORS = { free: "teal", used: "blue", voided: "gray" } as const;

export default function AgentStocksPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation(["stocks", "common"]);
  const columns: Column<StockNumber>[] = [
    { key: "mawb", header: t("fields.number"), render: (r) => <strong>{r.mawb}</strong> },
    {
      key: "state",
      header: t("fields.state"),
      render: (r) => (
        <Badge variant="light" color={STATE_COLORS[r.state]}>
          {t(`states.${r.state}`)}
        </Badge>
      ),
    },
    { key: "bso", header: t("fields.bso"), render: (r) => (r.bso ? t("common:yes") : t("common:no")) },
    { key: "location", header: t("fields.location"), render: (r) => r.location_iata ?? "—" },
  ];
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <Group gap="lg" data-testid="stock-totals">
        {STATES.map((state) => (
          <Text key={state} size="sm">
            {t(`states.${state}`)}: <strong data-testid={`stock-total-${state}`}>{data.totals[state]}</strong>
          </Text>
        ))}
      </Group>
      <FilterForm>
        <TextInput name="q" label={t("fields.number")} defaultValue={data.filters.q} w={200} />
        <TextInput name="prefix" label={t("fields.prefix")} defaultValue={data.filters.prefix} w={110} />
        <FilterSelect name="state" label={t("fields.state")} value={data.filters.state} options={STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} w={150} />
      </FilterForm>
      <DataTable id="stock-numbers" columns={columns} rows={data.rows} rowKey={(r) => r.mawb} empty={t("emptyNumbers")} testId="stock-numbers-table" meta={data.meta} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
