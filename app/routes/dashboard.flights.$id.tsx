import chartStyles from "@mantine/charts/styles.css";
import { departureDue, departureTooEarlyParams } from "../../cargo/flights/departure";
import { isValidTimeZone } from "../../cargo/time/zoned-time";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { json, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { ChangeLogTab } from "~/components/flights/change-log-tab";
import { FlightPageActions } from "~/components/flights/flight-page-actions";
import { FlightPageAllotments, type AllotmentRow } from "~/components/flights/flight-page-allotments";
import { FlightPageBookingRules } from "~/components/flights/flight-page-booking-rules";
import { FlightPageHeader } from "~/components/flights/flight-page-header";
import { FlightPageSummary } from "~/components/flights/flight-page-summary";
import { DEFAULT_FLIGHT_TAB, FLIGHT_PAGE_TABS, FlightTabs, flightTabHref, type FlightPageTab } from "~/components/flights/flight-tabs";
import { LoadFactorTab } from "~/components/flights/load-factor-tab";
import { FlightReceptaclesTab } from "~/components/receptacles/flight-receptacles-tab";
import { FlightHandlingActions } from "~/components/flights/flight-handling-actions";
import { HandlingPanels } from "~/components/flights/handling-panels";
import { SegmentMessageTab, type SegmentMessagePanel } from "~/components/flights/segment-message-tab";
import { FlightMessagesTab, type FlightMessagesPanel } from "~/components/flights/flight-messages-tab";
import { isFlightMessageListTab, mayOpenFlightMessageList } from "~/lib/flights/flight-message-lists";
import { flightMessagesTabData } from "~/lib/flights/flight-messages-tabs.server";
import { segmentMessageTabData } from "~/lib/flights/segment-message-tabs.server";
import { isSegmentMessageTab, SEGMENT_MESSAGE_TABS, SEND_TELEGRAM_INTENT } from "~/lib/flights/segment-message-values";
import { sendTelegramAction, type SendTelegramReply } from "~/lib/outgoing/send-telegram.server";
import { CustomsTabPanel } from "~/components/flights/customs-tabs";
import { customsAction, type CsnReply } from "~/lib/flights/customs-action.server";
import { customsTabData, type CustomsPanel } from "~/lib/flights/customs-tabs.server";
import { CUSTOMS_INTENTS, isCustomsTab } from "~/lib/flights/customs-values";
import { ACI } from "../../cargo/access/rules";
import { sendSegmentTelegram } from "~/lib/upstream/segment-messages.server";
import { handlingAction } from "~/lib/flights/handling-action.server";
import { handlingTabData, type HandlingPanel } from "~/lib/flights/handling-tabs.server";
import { HANDLING_INTENTS, HANDLING_TABS, type HandlingIntent, type HandlingTab } from "~/lib/flights/handling-values";
import { PLANNED_SET_INTENT, PlannedSetSchema } from "~/components/flights/load-factor-planned-form";
import { pageMeta } from "~/components/page-meta";
import { canAccess, canAct, meets } from "~/lib/access/can-access";
import type { AccessContext } from "~/lib/access/types";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { pageParam } from "~/lib/forms/list-query";
import { listSegmentAllotments } from "~/lib/upstream/allotments.server";
import { listBookingRules } from "~/lib/upstream/booking-rules.server";
import { listSegmentReceptacles, type ReceptacleList } from "~/lib/upstream/receptacles.server";
import type { ErrorCode, UpstreamResult } from "~/lib/upstream/errors";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import {
  getSegment,
  getSegmentCapacity,
  getSegmentLoadFactor,
  listChangeLogs,
  listSegments,
  SEGMENT_FLAG_ACTIONS,
  setSegmentFlag,
  updateSegmentLoadFactor,
  type Segment,
  type SegmentFlagAction,
} from "~/lib/upstream/segments.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { allotmentHeld } from "../../cargo/flights/capacity";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import type { NoticeKey } from "~/lib/session/session-data";

// The flight page /dashboard/flights/:id (id = segment id; spec 1 §2 "Flights"): the flight's header with its
// flag actions, and the tabs that exist so far as `?tab=` of this one route. Only the selected tab's data is
// fetched. A tab whose upstream call fails still shows the flight, with the error inside the tab.

const ROUTE = "/dashboard/flights/:id";
const CHANGE_LOG_PER_PAGE = 20;
const RECEPTACLES_PER_PAGE = 50;
const BOOKING_RULE_CREATE = "/dashboard/flights/:flight/create-booking-rule";

export const handle = { i18n: ["flight-page", "handling", "receptacles", "outgoing", "telegrams", "common", "errors"] };
export const meta = pageMeta;
// the chart's styles (the way root.tsx links @mantine/core's), only on the page that draws charts
export const links: LinksFunction = () => [{ rel: "stylesheet", href: chartStyles }];

/**
 * Who may change a flight: platform, airline Manager and airline Default (operator), exactly the API's
 * FLIGHTS_ACCESS.write. Showing a control the API refuses would end in its 403, which sends the user to the
 * access-denied page, so the buttons, the planned-set form and the write-only tabs follow the same rule.
 */
function mayChangeFlight(access: AccessContext): boolean {
  // the route's `action` condition in the route table, which requirePage also applies to the action
  return canAct(ROUTE, access);
}

/**
 * The tabs this user may open, in spec order. A segment's allotments are readable only by the API's writers. Load factor follows the airline's UI setting show_loadfactor_data (spec 1 §6 names it
 * among the gates); platform staff always see it.
 */
function tabsFor(access: AccessContext): FlightPageTab[] {
  const write = mayChangeFlight(access);
  return FLIGHT_PAGE_TABS.filter((tab) => {
    if (tab === "loadfactor") return access.user?.type === "platform" || access.ui.show_loadfactor_data === true;
    if (tab === "allotments") return write;
    // the API lets exactly the "flight booking rule" row of spec 1 §6 read rules (platform, Default, Manager, ComCor)
    if (tab === "booking_rules") return canAccess(BOOKING_RULE_CREATE, access);
    // postal receptacles: platform and the operating airline read them (the API's segments/{id}/receptacles), forwarders never
    if (tab === "receptacles") return access.user?.type === "platform" || access.user?.type === "airline";
    // the ACI tab's row of spec 1 §6: platform, or the listed airlines' roles but Billing
    if (tab === "aci") return meets(ACI, access);
    if (isFlightMessageListTab(tab)) return mayOpenFlightMessageList(tab, access);
    return true;
  });
}

const isHandlingTab = (tab: FlightPageTab): tab is HandlingTab => (HANDLING_TABS as readonly string[]).includes(tab);
const isHandlingIntent = (intent: string): intent is HandlingIntent => (HANDLING_INTENTS as readonly string[]).includes(intent);

const PageQuery = z.object({
  tab: z.enum(FLIGHT_PAGE_TABS).catch(DEFAULT_FLIGHT_TAB),
  page: pageParam,
});

/** A tab's data or the code of why it is missing; 401/403 still get their global reactions (the user's client applies them). */
async function settle<T>(pending: Promise<UpstreamResult<T>>): Promise<{ data: T | null; error: ErrorCode | null }> {
  const result = await pending;
  return result.ok ? { data: result.data, error: null } : { data: null, error: result.code };
}

/** `now` is the service clock's (context.config.clock): whether an allotment is released depends on it. */
async function tabData(user: SignedInUser, segment: Segment, tab: FlightPageTab, page: number, now: Date, search: URLSearchParams) {
  const id = Number(segment.id);
  if (isHandlingTab(tab)) return handlingTabData(user, segment, tab, search, page);
  if (isSegmentMessageTab(tab)) return segmentMessageTabData(user, id, tab);
  if (isCustomsTab(tab)) return customsTabData(user, segment, tab, page);
  if (isFlightMessageListTab(tab)) return flightMessagesTabData(user, id, tab, page);
  switch (tab) {
    case "summary": {
      const [legs, capacity] = await Promise.all([
        // the other legs of the flight: same number_with_date (the filter is a prefix, so compare exactly)
        settle(listSegments(user.api, { state: "all", number: segment.number_with_date, date_from: segment.flight_date, date_to: segment.flight_date, page: 1, per_page: 50 })),
        settle(getSegmentCapacity(user.api, id)),
      ]);
      const sameFlight = (legs.data?.data ?? []).filter((s) => s.number_with_date === segment.number_with_date && s.carrier === segment.carrier);
      const allLegs = sameFlight.some((s) => s.id === segment.id) ? sameFlight : [...sameFlight, segment];
      allLegs.sort((a, b) => Date.parse(a.std) - Date.parse(b.std));
      return { tab, legs: allLegs, capacity } as const;
    }
    case "loadfactor": {
      const [capacity, loadFactor] = await Promise.all([settle(getSegmentCapacity(user.api, id)), settle(getSegmentLoadFactor(user.api, id))]);
      return { tab, capacity, loadFactor } as const;
    }
    case "allotments": {
      const list = await settle(listSegmentAllotments(user.api, id));
      const std = Date.parse(segment.std);
      // the domain library's rule, as the API applies it to capacity (0 = full block space, never released)
      const rows: AllotmentRow[] | null = list.data?.map((a) => ({ ...a, released: !allotmentHeld({ timelimitToStdHours: Number(a.timelimit_to_std) }, now.getTime(), std) })) ?? null;
      return { tab, rows, error: list.error } as const;
    }
    case "booking_rules": {
      // the rules that can answer a booking on this flight: the route's general rules and this flight's own
      const list = await settle(
        listBookingRules(user.api, { origin_iata: segment.origin_iata, destination_iata: segment.destination_iata, page: 1, per_page: 100 }),
      );
      const rows = list.data?.data.filter((r) => r.segment_id === null || r.segment_id === undefined || Number(r.segment_id) === id) ?? null;
      return { tab, rows, error: list.error } as const;
    }
    case "receptacles": {
      const list = await settle(listSegmentReceptacles(user.api, id, page, RECEPTACLES_PER_PAGE));
      return { tab, list: list.data, error: list.error } as const;
    }
    case "change_log": {
      const list = await settle(
        listChangeLogs(user.api, { record_type: "Segment", record_id: id, include_related: true, page, per_page: CHANGE_LOG_PER_PAGE }),
      );
      const log = list.data
        ? {
            rows: list.data.data,
            page: Number(list.data.meta.current_page ?? page),
            totalPages: Number(list.data.meta.total_pages ?? 1),
            totalCount: Number(list.data.meta.total_count ?? list.data.data.length),
          }
        : null;
      return { tab, log, error: list.error } as const;
    }
  }
}

/**
 * Whether "Depart" may be offered now: the rule the API applies (cargo/flights/departure, STD − 60 min), read on the
 * service clock; when not yet, the earliest time in the origin's wall clock, as the refusal would say it.
 */
function departureOffer(segment: Segment, now: Date): { due: boolean; earliest: string | null } | null {
  if (segment.atot || segment.canceled) return null;
  const std = new Date(segment.std);
  if (Number.isNaN(+std) || departureDue(std, now)) return { due: true, earliest: null };
  const zone = segment.origin_time_zone && isValidTimeZone(segment.origin_time_zone) ? segment.origin_time_zone : "UTC";
  return { due: false, earliest: departureTooEarlyParams(std, zone).earliest_local };
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const query = PageQuery.parse(Object.fromEntries(new URL(args.request.url).searchParams));
  const found = await getSegment(user.api, id);
  // another airline's segment answers "Record Not Found": the same not-found page as a missing one
  if (!found.ok) throw failureResponse(found);
  const segment = found.data;

  const tabs = tabsFor(user.access);
  const tab = tabs.includes(query.tab) ? query.tab : DEFAULT_FLIGHT_TAB;
  const write = mayChangeFlight(user.access);
  const may = (pattern: string) => canAccess(pattern, user.access);
  return json({
    pageTitle: t("flight-page:title", { number: segment.number_with_date }),
    segment,
    tab,
    tabs,
    canWrite: write,
    editHref: may("/dashboard/flights/:id/edit") ? `/dashboard/flights/${id}/edit` : null,
    aircraftHref: segment.aircraft_type && may("/dashboard/aircrafts/:aircraft") ? `/dashboard/aircrafts/${encodeURIComponent(segment.aircraft_type)}` : null,
    createAllotmentHref:
      write && may("/dashboard/settings/allotments/create")
        ? `/dashboard/settings/allotments/create?segment=${encodeURIComponent(segment.number_with_date)}`
        : null,
    createBookingRuleHref: may(BOOKING_RULE_CREATE) ? `/dashboard/flights/${id}/create-booking-rule` : null,
    panel: await tabData(user, segment, tab, query.page, args.context.config.clock(), new URL(args.request.url).searchParams),
    departure: departureOffer(segment, args.context.config.clock()),
  });
}

/** spec 3 §8 success messages: "flight locked/unlocked", "sales opened/closed"; charter has its own pair. */
const FLAG_NOTICES: Record<SegmentFlagAction, NoticeKey> = {
  lock: "flight-page:notices.locked",
  unlock: "flight-page:notices.unlocked",
  close_sales: "flight-page:notices.salesClosed",
  open_sales: "flight-page:notices.salesOpened",
  set_charter: "flight-page:notices.charterSet",
  remove_charter: "flight-page:notices.charterRemoved",
};

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") === SEND_TELEGRAM_INTENT) {
    const tab = z.enum(SEGMENT_MESSAGE_TABS).safeParse(form.get("tab"));
    if (!tab.success) return json({ error: "unknown tab" }, { status: 400 });
    return sendTelegramAction(user, form, {
      type: tab.data.toUpperCase(),
      back: flightTabHref(id, tab.data),
      // spec 3 §8's success messages: "FBL, ACI, UWS, PLACI sent"
      notice: "flight-page:notices.messageSent",
      send: (addresses) => sendSegmentTelegram(user.api, id, tab.data, addresses),
    });
  }
  const customs = z.enum(CUSTOMS_INTENTS).safeParse(form.get("intent"));
  if (customs.success) return customsAction(user, id, customs.data, form, flightTabHref(id, customs.data === "send_csn" ? "csn" : "aci"));
  const intent = z.enum([...SEGMENT_FLAG_ACTIONS, PLANNED_SET_INTENT, ...HANDLING_INTENTS]).safeParse(form.get("intent"));
  if (!intent.success) return json({ error: "unknown intent" }, { status: 400 });
  const tab = z.enum(FLIGHT_PAGE_TABS).catch(DEFAULT_FLIGHT_TAB).parse(form.get("tab"));
  const back = flightTabHref(id, tab);
  if (isHandlingIntent(intent.data)) return handlingAction(user, id, intent.data, form, back);

  if (intent.data === PLANNED_SET_INTENT) {
    const submission = parseWithZod(form, { schema: PlannedSetSchema });
    if (submission.status !== "success") return json({ planned: submission.reply() }, { status: 400 });
    const result = await updateSegmentLoadFactor(user.api, id, { kind: "planned", ...submission.value });
    if (!result.ok) {
      if (result.code === "NotFound") throw notFound();
      return json({ planned: submission.reply({ formErrors: [`errors:${result.code}`] }) }, { status: 400 });
    }
    return redirectWithNotice(back, user, { kind: "success", key: "flight-page:notices.plannedSaved" });
  }

  const result = await setSegmentFlag(user.api, id, intent.data);
  if (!result.ok) {
    if (result.code === "NotFound") throw notFound();
    return redirectWithNotice(back, user, { kind: "error", key: "flight-page:notices.actionFailed" });
  }
  return redirectWithNotice(back, user, { kind: "success", key: FLAG_NOTICES[intent.data] });
}

export default function FlightPage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ({ planned?: SubmissionResult<string[]> } & Partial<SendTelegramReply> & Partial<CsnReply>) | undefined;
  const segment = data.segment as Segment;
  const panel = data.panel;
  return (
    <Stack gap="md">
      <FlightPageHeader segment={segment} aircraftHref={data.aircraftHref} />
      {data.canWrite ? (
        <Group gap="xs">
          <FlightPageActions segment={segment} tab={data.tab} />
          <FlightHandlingActions segment={segment} tab={isHandlingTab(data.tab) ? data.tab : "shipments"} departure={data.departure} />
        </Group>
      ) : null}
      <FlightTabs segmentId={Number(segment.id)} tabs={data.tabs} current={data.tab} editHref={data.editHref} />
      {isHandlingTab(panel.tab) ? <HandlingPanels panel={panel as HandlingPanel} segment={segment} canAct={data.canWrite} /> : null}
      {isSegmentMessageTab(panel.tab) ? <SegmentMessageTab panel={panel as SegmentMessagePanel} sendReply={actionData?.send ?? null} /> : null}
      {isCustomsTab(panel.tab) ? <CustomsTabPanel panel={panel as CustomsPanel} filingReply={actionData?.send ?? null} csnReply={actionData?.csn ?? null} /> : null}
      {isFlightMessageListTab(panel.tab) ? <FlightMessagesTab panel={panel as FlightMessagesPanel} /> : null}
      {panel.tab === "summary" ? <FlightPageSummary segment={segment} legs={panel.legs as Segment[]} capacity={panel.capacity} /> : null}
      {panel.tab === "loadfactor" ? (
        <LoadFactorTab capacity={panel.capacity} loadFactor={panel.loadFactor} canWrite={data.canWrite} plannedResult={actionData?.planned} />
      ) : null}
      {panel.tab === "allotments" ? <FlightPageAllotments rows={panel.rows as AllotmentRow[] | null} error={panel.error} createHref={data.createAllotmentHref} /> : null}
      {panel.tab === "booking_rules" ? <FlightPageBookingRules rows={panel.rows} error={panel.error} createHref={data.createBookingRuleHref} /> : null}
      {panel.tab === "receptacles" ? <FlightReceptaclesTab list={panel.list as ReceptacleList | null} error={panel.error} /> : null}
      {panel.tab === "change_log" ? <ChangeLogTab log={panel.log} error={panel.error} zones={segment} /> : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
