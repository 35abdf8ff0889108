import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { canAccess } from "../access/can-access";
import { requirePage } from "../auth/require-page.server";
import { idField } from "../forms/decimal-field";
import { isCalendarDate } from "../forms/field-rules";
import { iataParam, readListQuery, textParam, trueFalseParam, urlWithout } from "../forms/list-query";
import { passDownload } from "../http/pass-download.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";
import { postedForm } from "../settings/save-form.server";
import { isNotAvailable, type BillingCharge, type PriceApi, type Surcharge, type Tariff } from "../upstream/billing.server";
import type { UpstreamResult } from "../upstream/errors";
import { failureResponse } from "../upstream/failure-response.server";
import { awarenessLine } from "./price-rows.server";
import { LIST_MODES, PRICE_PAGES, type PriceKind } from "./price-values";

// The three price lists (tariffs, charges, surcharges; spec 1 §2 "Tariffs") read the same URL and answer the same
// way: a list mode (on route, all, new; spec 2 §4) and filters in the URL, one server page of rows, the create
// button exactly when the create page would open, and for a forwarder the confirm-awareness dialog (?dialog=confirm)
// whose form posts the ids it lists. A forwarder whose airline shows it no prices reads spec 3 §8's "Information
// about tariffs is not available" instead of a list.

const FILTERS = {
  mode: z.enum(LIST_MODES).catch("all"),
  origin: iataParam,
  destination: iataParam,
  q: textParam,
  // a day that does not exist is no filter, as a malformed one is
  effective_on: z.string().refine(isCalendarDate).or(z.literal("")).catch(""),
  active: trueFalseParam,
  dialog: z.literal("confirm").optional().catch(undefined),
};

/** The most prices one confirmation names: the API's page size limit, and more than a forwarder reads at once. */
const CONFIRM_MAX = 100;

type Price = Tariff | BillingCharge | Surcharge;

export interface PriceListSpec<P extends Price, Row> {
  kind: PriceKind;
  api: PriceApi;
  row: (price: P) => Row;
}

/** The list's filters as the API reads them (the list and its spreadsheet take the same). */
function upstreamFilters(filters: z.infer<z.ZodObject<typeof FILTERS>>) {
  return {
    mode: filters.mode,
    origin: filters.origin,
    destination: filters.destination,
    q: filters.q || undefined,
    effective_on: filters.effective_on || undefined,
    active: filters.active || undefined,
  };
}

/**
 * The list as a spreadsheet (`<list>/<kind>.xlsx` with the list's own query), passed through from the API: exactly
 * as reachable as the list; a refusal goes back to the list with its notice (passDownload).
 */
export async function priceSheet(args: LoaderFunctionArgs, kind: PriceKind, api: PriceApi) {
  const route = PRICE_PAGES[kind];
  const { user } = await requirePage(args, route);
  const { filters } = readListQuery(args.request, { filters: FILTERS });
  const search = new URL(args.request.url).search;
  return passDownload(await api.sheet(user.api, upstreamFilters(filters)), `${kind}.xlsx`, { user, backTo: `${route}${search}` });
}

export async function loadPriceList<P extends Price, Row>(args: LoaderFunctionArgs, spec: PriceListSpec<P, Row>) {
  const route = PRICE_PAGES[spec.kind];
  const { user, pageTitle } = await requirePage(args, route);
  const { paging, filters } = readListQuery(args.request, { filters: FILTERS });
  const forwarder = user.access.user?.type === "forwarder";
  const list = spec.api.list(user.api, { page: paging.page, per_page: paging.per_page, ...upstreamFilters(filters) }) as Promise<UpstreamResult<{ data: P[]; meta: { current_page: number; total_pages: number; total_count: number } }>>;
  // the dialog lists what the forwarder has not confirmed yet, whatever page of the list is open
  const unconfirmed =
    forwarder && filters.dialog === "confirm"
      ? (spec.api.list(user.api, { page: 1, per_page: CONFIRM_MAX, mode: "new" }) as Promise<UpstreamResult<{ data: P[] }>>)
      : null;
  const [answer, news] = await Promise.all([list, unconfirmed]);
  const base = { pageTitle, kind: spec.kind, filters, forwarder, canEdit: canAccess(`${route}/create`, user.access) };
  if (!answer.ok) {
    if (isNotAvailable(answer)) return json({ ...base, notAvailable: true as const, rows: [] as Row[], meta: null, confirm: null });
    throw failureResponse(answer);
  }
  const confirm = news === null ? null : news.ok ? news.data.data.map(awarenessLine) : [];
  return json({ ...base, notAvailable: false as const, rows: answer.data.data.map(spec.row), meta: answer.data.meta, confirm });
}

const ConfirmSchema = z.object({
  intent: z.literal("confirm"),
  ids: z.array(idField()).min(1).max(CONFIRM_MAX),
});

/**
 * The list's one POST: a forwarder confirms it knows of the prices it ticked in the dialog (spec 2 §4: "confirming
 * awareness marks tariffs as notified"). Back to the list as it was, the dialog closed, with spec 3 §8's "tariff
 * notified". The route table lets only forwarders post here.
 */
export async function confirmAwareness(args: ActionFunctionArgs, kind: PriceKind, api: PriceApi) {
  const { user } = await requirePage(args, PRICE_PAGES[kind]);
  const form = await postedForm(args.request, user);
  const back = urlWithout(args.request, "dialog");
  const parsed = ConfirmSchema.safeParse({ intent: form.get("intent"), ids: form.getAll("ids") });
  if (!parsed.success) {
    if (form.get("intent") !== "confirm") throw new Response("Bad Request", { status: 400 });
    return redirectWithNotice(back, user, { kind: "info", key: "tariffs:notices.noneSelected" });
  }
  const marked = await api.markNotified(user.api, parsed.data.ids);
  if (marked.ok) return redirectWithNotice(back, user, { kind: "success", key: "tariffs:notices.notified", params: { count: marked.data.notified } });
  return redirectWithNotice(back, user, {
    kind: "error",
    key: isNotAvailable(marked) ? "errors:refusal.tariffs_not_available" : `errors:${marked.code}`,
  });
}
