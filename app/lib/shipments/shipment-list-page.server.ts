import { localeOf } from "~/lib/i18n/i18n.server";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "../http/redirect";
import {
  CHARTER_FIELD,
  FILTER_NAMES,
  parseShipmentListQuery,
  REPORT_FILE,
  reportProblem,
  shipmentListSearch,
  type ShipmentFilterErrors,
  type ShipmentListQuery,
} from "~/components/shipments/shipment-list-query";
import { canAccess, tenantHasFeature } from "~/lib/access/can-access";
import type { AccessContext } from "~/lib/access/types";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { PER_PAGE, urlWithout } from "~/lib/forms/list-query";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { listShipments, markCharter, sendShipmentsReport, type Shipment } from "~/lib/upstream/air-waybill-list.server";
import type { UpstreamFailure } from "~/lib/upstream/errors";
import { failureResponse } from "~/lib/upstream/failure-response.server";

// The loader and action behind both shipments lists (spec 1 §6: the new page /dashboard/air-waybills and the old
// page /dashboard/shipments show the same list; which one a user reaches is the route table's business). Each route
// passes its own pattern, so the guard of each is its own row of the table.

export const NEW_PAGE = "/dashboard/air-waybills";
export const OLD_PAGE = "/dashboard/shipments";
export const VOID_REQUESTS_PAGE = "/dashboard/air-waybills/void-requests";
/** The XLSX report of either list: /dashboard/air-waybills/awb_xlsx_report.xlsx with the list's address. */
export const REPORT_PATH = `${NEW_PAGE}/${REPORT_FILE}`;
/** The most numbers one charter mark sends (the API's limit). */
const MAX_CHARTER = 500;
/** A waybill number as the rows post it (421-12345675; the API takes at most 20 characters). */
const MAWB = /^\d{3}-?\d{8}$/;

/** A link to a page exists only when the page does and this user may open it. */
const mayOpen = (pattern: string, access: AccessContext) => BUILT_ROUTES.has(pattern) && canAccess(pattern, access);

/**
 * Charter marks ("Charters: c6" gate of spec 1 §6; the API's airline actions): platform staff anywhere, and the
 * airline's Default and Manager users on a tenant of the charters list.
 */
export function mayMarkCharter(access: AccessContext): boolean {
  const u = access.user;
  if (!u) return false;
  if (u.type === "platform") return true;
  return u.type === "airline" && (u.role === "default" || u.role === "manager") && tenantHasFeature(access, "charters");
}

/** The list page of a user: the new one, else the old one, else none (the report route's guard). */
export function listPageOf(access: AccessContext): string | null {
  return [NEW_PAGE, OLD_PAGE].find((p) => canAccess(p, access)) ?? null;
}

export const queryOf = (request: Request): ShipmentListQuery => parseShipmentListQuery(new URL(request.url).searchParams);

/** A 422 of the list names a filter the page did not catch: said beside that field, the list left empty. */
function upstreamFilterErrors(fieldErrors: Record<string, string[]>): ShipmentFilterErrors | null {
  const errors: ShipmentFilterErrors = {};
  for (const name of FILTER_NAMES) if (fieldErrors[name]) errors[name] = "filterErrors.invalid";
  return Object.keys(errors).length ? errors : null;
}

export async function shipmentListLoader(args: LoaderFunctionArgs, route: string) {
  const { user, pageTitle } = await requirePage(args, route);
  const query = queryOf(args.request);
  const problem = query.upstream ? reportProblem(query.upstream) : null;
  const search = shipmentListSearch(query.tab, query.filters);
  const base = {
    pageTitle,
    tab: query.tab,
    filters: query.filters,
    errors: query.errors,
    reportHref: query.upstream && !problem ? `${REPORT_PATH}${search}` : null,
    reportProblem: query.upstream ? problem : null,
    canCharter: mayMarkCharter(user.access),
    canOpen: mayOpen("/dashboard/shipments/:mawb", user.access),
    canCreate: mayOpen("/dashboard/air-waybills/create", user.access),
    // void requests (issue 11) have their own list, offered beside the tabs
    voidRequestsHref: mayOpen(VOID_REQUESTS_PAGE, user.access) ? VOID_REQUESTS_PAGE : null,
  };
  if (!query.upstream) return json({ ...base, rows: [] as Shipment[], meta: null });

  const list = await listShipments(user.api, { ...query.upstream, page: query.page, per_page: PER_PAGE, sort: query.sort, direction: query.direction });
  if (!list.ok) {
    const errors = list.status === 422 ? upstreamFilterErrors(list.fieldErrors) : null;
    if (!errors) throw failureResponse(list);
    return json({ ...base, errors, reportHref: null, rows: [] as Shipment[], meta: null });
  }
  const { meta } = list.data;
  return json({
    ...base,
    rows: list.data.data,
    meta: { current_page: Number(meta.current_page), total_pages: Number(meta.total_pages), total_count: Number(meta.total_count) },
  });
}

/** The list menu's "send by e-mail" and the charter marks; each comes back to the same list with a notice. */
export async function shipmentListAction(args: ActionFunctionArgs, route: string) {
  const { user } = await requirePage(args, route);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const back = urlWithout(args.request);
  const intent = form.get("intent");
  if (intent === "send_report") return sendReport(user, args.request, back);
  if (intent === "charter" || intent === "uncharter") {
    if (!mayMarkCharter(user.access)) throw notFound();
    const posted = form.getAll(CHARTER_FIELD);
    // counted before any work on them; a value that is not a waybill number (only a forged post sends one) is left out
    if (posted.length > MAX_CHARTER) return redirectWithNotice(back, user, { kind: "error", key: "shipments:notices.tooManySelected", params: { max: MAX_CHARTER } });
    const mawbs = [...new Set(posted.flatMap((v) => (typeof v === "string" && MAWB.test(v.trim()) ? [v.trim()] : [])))];
    if (!mawbs.length) return redirectWithNotice(back, user, { kind: "error", key: "shipments:notices.noneSelected" });
    const result = await markCharter(user.api, mawbs, intent === "charter");
    if (!result.ok) return redirectWithNotice(back, user, { kind: "error", key: `errors:${result.code}` });
    return redirectWithNotice(back, user, {
      kind: "success",
      key: intent === "charter" ? "shipments:notices.charterMarked" : "shipments:notices.charterUnmarked",
      params: { count: Number(result.data.updated) },
    });
  }
  throw redirect(back);
}

async function sendReport(user: SignedInUser, request: Request, back: string) {
  const query = queryOf(request);
  const problem = query.upstream ? reportProblem(query.upstream) : "range_required";
  if (!query.upstream || problem) {
    return redirectWithNotice(back, user, { kind: "error", key: problem === "range_too_long" ? "shipments:notices.reportRangeTooLong" : "shipments:notices.reportRangeRequired" });
  }
  const result = await sendShipmentsReport(user.api, query.upstream, localeOf(request, user.session, user.tenant.code));
  if (!result.ok) {
    return reportRefused(result, user, back);
  }
  return redirectWithNotice(back, user, { kind: "success", key: "shipments:notices.reportSent", params: { email: result.data.email ?? user.email } });
}

/**
 * The API's refusal of a report, back on the list as a notice: too many rows for one file (narrow the filters), any
 * other 422 (the filters), else the error catalogue's words.
 */
export function reportRefused(failure: UpstreamFailure, user: SignedInUser, back: string): Response {
  if (failure.status === 422) {
    const tooMany = failure.messages.some((m) => /more than \d+ waybills/i.test(m));
    return redirectWithNotice(back, user, { kind: "error", key: tooMany ? "shipments:notices.reportTooMany" : "shipments:notices.reportRefused" });
  }
  return redirectWithNotice(back, user, { kind: "error", key: `errors:${failure.code}` });
}
