import { parseWithZod } from "@conform-to/zod";
import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { TextInput } from "~/components/plain/text-input";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type { Column } from "~/components/data/data-table";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { ListPage } from "~/components/settings/list-page";
import { LoadRangeDialog, PickNumbersDialog } from "~/components/stocks/stock-dialogs";
import { postedForm, saveSubmission } from "~/lib/settings/save-form.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { STOCK_API_MESSAGES, StockPickFormSchema, StockRangeFormSchema } from "~/lib/forms/awb-stock-schemas";
import { codeParam, readListQuery, textParam, urlWithout } from "~/lib/forms/list-query";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { createStockRange, listStockForwarders, listStockPrefixes, listStockRanges, pickStockNumbers, type StockRange } from "~/lib/upstream/awb-stocks.server";
import { listPage } from "~/lib/settings/required.server";

// Settings → AWB stocks (spec 1 §2, §6 "Settings: most pages"; spec 3 "AWB stocks"): the airline's number ranges
// as runs per holder (its own pool, or a forwarder), and the three things its manager does with them, each a dialog
// drawn from the URL: load a range, assign numbers to a forwarder, withdraw a forwarder's free numbers.

const ROUTE = "/dashboard/settings/stocks";

export const handle = { i18n: ["stocks", "common", "errors"] };
export const meta = pageMeta;

const FILTERS = {
  prefix: codeParam(/^\d{3}$/),
  forwarder: codeParam(/^[A-Z0-9]{1,10}$/),
  dialog: z.enum(["load", "assign", "withdraw"]).optional().catch(undefined),
  /** The assign dialog's forwarder search (a GET form, so it works without JS). */
  fq: textParam,
};

/** How many agreed forwarders the assign dialog offers at once; more are found with its search. */
const FORWARDER_CHOICES = 50;

const FIELDS = ["prefix", "range", "bso", "location_iata", "forwarder_short_name", "count"] as const;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS });
  const [list, prefixes, forwarders] = await Promise.all([
    listStockRanges(user.api, { ...paging, prefix: query.prefix, forwarder: query.forwarder }),
    listStockPrefixes(user.api),
    // issue 22 item 9: numbers go to a forwarder chosen from those the airline has an agreement with, never typed
    query.dialog === "assign" ? listStockForwarders(user.api, { page: 1, per_page: FORWARDER_CHOICES, q: query.fq || undefined }) : null,
  ]);
  return json({
    pageTitle,
    ...listPage(list),
    filters: { prefix: query.prefix ?? "", forwarder: query.forwarder ?? "" },
    dialog: query.dialog ?? null,
    forwarders: forwarders?.ok
      ? { options: forwarders.data.data.map((f) => ({ value: f.short_name, label: `${f.short_name} · ${f.name}` })), total: forwarders.data.meta.total_count, q: query.fq }
      : null,
    // the prefix a dialog starts with: the filter's, else the airline's own (platform: the first one)
    prefix: query.prefix ?? (prefixes.ok ? (prefixes.data.data[0]?.prefix ?? "") : ""),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const form = await postedForm(args.request, user);
  const listUrl = urlWithout(args.request, "dialog");

  const messages = { fields: FIELDS, known: STOCK_API_MESSAGES };
  if (form.get("intent") === "load") {
    return saveSubmission(parseWithZod(form, { schema: StockRangeFormSchema }), {
      save: (v) => createStockRange(user.api, { prefix: v.prefix, range: v.range, bso: v.bso, location_iata: v.location_iata }),
      messages,
      saved: (range) => redirectWithNotice(listUrl, user, { kind: "success", key: "stocks:notices.loaded", params: { range: range.range, count: range.qty } }),
    });
  }
  return saveSubmission(parseWithZod(form, { schema: StockPickFormSchema }), {
    save: (v) => pickStockNumbers(user.api, v.intent, { prefix: v.prefix, forwarder_short_name: v.forwarder_short_name, range: v.range, count: v.count }),
    messages,
    saved: (count, v) =>
      redirectWithNotice(listUrl, user, {
        kind: "success",
        key: v.intent === "assign" ? "stocks:notices.assigned" : "stocks:notices.withdrawn",
        params: { count, forwarder: v.forwarder_short_name },
      }),
  });
}

export default function StocksPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation(["stocks", "common"]);
  const { closeHref, openHref } = useDialogLinks(["dialog"]);
  // a refused form keeps its dialog open with what was typed, even when the post's URL lost ?dialog
  const dialog = (lastResult?.initialValue?.intent === "load" ? "load" : (lastResult?.initialValue?.intent as "assign" | "withdraw" | undefined)) ?? data.dialog;

  const columns: Column<StockRange>[] = [
    { key: "prefix", header: t("fields.prefix"), render: (r) => r.airline_prefix },
    { key: "range", header: t("fields.range"), render: (r) => <strong>{r.range}</strong> },
    {
      key: "holder",
      header: t("fields.holder"),
      render: (r) =>
        r.forwarder ? (
          <Anchor component={Link} to={`?forwarder=${encodeURIComponent(r.forwarder)}`}>
            {r.forwarder}
          </Anchor>
        ) : (
          <Badge variant="light" color="gray">
            {t("pool")}
          </Badge>
        ),
    },
    { key: "qty", header: t("fields.qty"), render: (r) => r.qty },
    { key: "free", header: t("fields.free"), render: (r) => r.free },
    { key: "bso", header: t("fields.bso"), render: (r) => (r.bso ? t("common:yes") : t("common:no")) },
    { key: "location", header: t("fields.location"), render: (r) => r.location_iata ?? "—" },
  ];

  return (
    <ListPage
      data={data}
      actions={
        <Group gap="xs">
          <Button component={Link} to={openHref("dialog", "load")} data-testid="stock-load">
            {t("load.button")}
          </Button>
          <Button component={Link} to={openHref("dialog", "assign")} variant="light" data-testid="stock-assign">
            {t("assign.button")}
          </Button>
          <Button component={Link} to={openHref("dialog", "withdraw")} variant="default" data-testid="stock-withdraw">
            {t("withdraw.button")}
          </Button>
        </Group>
      }
      filters={
        <>
          <TextInput name="prefix" label={t("fields.prefix")} defaultValue={data.filters.prefix} w={110} />
          <TextInput name="forwarder" label={t("fields.forwarder")} defaultValue={data.filters.forwarder} w={160} />
        </>
      }
      table={{ id: "stock-ranges", testId: "stock-ranges-table", columns, empty: t("empty"), rowKey: (r) => `${r.range_id}-${r.range}` }}
    >
      {dialog === "load" ? <LoadRangeDialog lastResult={lastResult} closeHref={closeHref} prefix={data.prefix} /> : null}
      {dialog === "assign" || dialog === "withdraw" ? (
        <PickNumbersDialog
          key={dialog}
          intent={dialog}
          lastResult={lastResult}
          closeHref={closeHref}
          prefix={data.prefix}
          forwarder={data.filters.forwarder || undefined}
          choices={dialog === "assign" ? (data.forwarders ?? { options: [], total: 0, q: "" }) : undefined}
        />
      ) : null}
    </ListPage>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
