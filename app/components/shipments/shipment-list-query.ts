// The shipments list's URL (spec 1 §2 "Shipments and air waybills"): the tab, the filters, the order, and what may be
// sent upstream. Pure and zod-free, so the loader, the XLSX report route, the e-mailed report and the browser's
// filter form read the address the same way. Every value is checked here first: a bad one becomes a translated
// error beside its field (and the list is not asked for) instead of a 422 the page could only show as broken.

import { readPage } from "~/lib/forms/list-url";

export const SHIPMENT_TABS = ["booking", "tracking", "billing", "warning", "voided", "all"] as const;
export type ShipmentTab = (typeof SHIPMENT_TABS)[number];
/** The tab a bare address opens: the waybills still being booked, the desk's daily work. */
export const DEFAULT_TAB: ShipmentTab = "booking";

export const DATE_TYPES = ["created", "departure", "issued", "departed", "tariff_date"] as const;
export type DateType = (typeof DATE_TYPES)[number];
export const BOOKED_VALUES = ["yes", "no", "requests", "cancelled", "all"] as const;
export const PAYMENT_VALUES = ["required", "not_required", "not_defined"] as const;
/** The yes/no switches of spec 1 §2, in the spec's order. */
export const SWITCHES = ["issued", "delivered", "verified", "billed", "departed", "warning", "charter"] as const;
export type SwitchName = (typeof SWITCHES)[number];

/** The columns the API can order by (its SORTABLE list), as the table's sort keys. */
export const SORTABLE = ["created_at", "mawb", "departure_at", "issued_at", "departed_at", "tariff_date", "weight", "charge_weight", "origin_iata", "destination_iata"] as const;

/**
 * The date the list's Date column shows for each date type the filters name (none: created): the list item's field,
 * which is also the API's sort key for it.
 */
export const DATE_FIELDS = {
  created: "created_at",
  departure: "departure_at",
  issued: "issued_at",
  departed: "departed_at",
  tariff_date: "tariff_date",
} as const satisfies Record<DateType, (typeof SORTABLE)[number]>;

export const FILTER_NAMES = ["mawb", "date_type", "date_from", "date_to", "booked", "payment", ...SWITCHES] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The filters as the form shows them (what the user typed; "" = off). */
export type ShipmentFilters = Record<FilterName, string>;
/** i18n keys (namespace "shipments") of the filter errors, by field. */
export type ShipmentFilterErrors = Partial<Record<FilterName, string>>;

/** What the list, the report and the e-mail receive: only checked values, nothing empty. */
export type UpstreamShipmentFilters = Partial<Record<FilterName, string>> & { tab: ShipmentTab };

export interface ShipmentListQuery {
  tab: ShipmentTab;
  page: number;
  sort?: string;
  direction?: "asc" | "desc";
  filters: ShipmentFilters;
  errors: ShipmentFilterErrors;
  /** null while a filter is invalid: the list is not asked for at all. */
  upstream: UpstreamShipmentFilters | null;
}

/** The field each selected row's number is posted under (the DataTable's row checkboxes, the charter form). */
export const CHARTER_FIELD = "mawbs";

/** Spec 3 §9: the XLSX report needs a range of at most 31 days; its default file name. */
export const REPORT_MAX_DAYS = 31;
export const REPORT_FILE = "awb_xlsx_report.xlsx";
/** The API counts and pages no deeper than 10 000 rows: 400 pages of 25. */
export const MAX_PAGE = 400;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (v: string) => ISO_DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);
const oneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

/** The date type of the filters as typed ("" or a hand-edited value: created). */
export const dateTypeOf = (value: string): DateType => (oneOf(DATE_TYPES, value) ? value : "created");

/** An AWB number or its start as people write it ("421-1234 5675", "4211234"): digits, hyphens, spaces, ≤ 11 digits. */
export function mawbTerm(text: string): string | null {
  const digits = text.replace(/[\s-]/g, "");
  if (!/^\d{1,11}$/.test(digits)) return null;
  return digits.length <= 3 ? digits : `${digits.slice(0, 3)}-${digits.slice(3)}`;
}

export function parseShipmentListQuery(params: URLSearchParams): ShipmentListQuery {
  const tabValue = params.get("tab") ?? "";
  const tab = oneOf(SHIPMENT_TABS, tabValue) ? tabValue : DEFAULT_TAB;
  const page = Math.min(readPage(params.get("page")), MAX_PAGE);
  const sortValue = params.get("sort") ?? "";
  const sort = oneOf(SORTABLE, sortValue) ? sortValue : undefined;
  const direction = sort ? (params.get("direction") === "desc" ? "desc" : "asc") : undefined;

  const raw = (name: FilterName) => (params.get(name) ?? "").trim().slice(0, 40);
  const filters = Object.fromEntries(FILTER_NAMES.map((name) => [name, raw(name)])) as ShipmentFilters;
  const errors: ShipmentFilterErrors = {};
  const upstream: Partial<Record<FilterName, string>> = {};

  if (filters.mawb) {
    const term = mawbTerm(filters.mawb);
    if (term) upstream.mawb = term;
    else errors.mawb = "filterErrors.mawb";
  }
  // a value outside a select's choices can only come from a hand-edited address: it is simply not applied
  const choice = (name: FilterName, list: readonly string[]) => {
    if (!filters[name]) return;
    if (list.includes(filters[name])) upstream[name] = filters[name];
    else filters[name] = "";
  };
  choice("date_type", DATE_TYPES);
  choice("booked", BOOKED_VALUES);
  choice("payment", PAYMENT_VALUES);
  for (const name of SWITCHES) choice(name, ["yes", "no"]);

  for (const name of ["date_from", "date_to"] as const) {
    if (!filters[name]) continue;
    if (isRealDate(filters[name])) upstream[name] = filters[name];
    else errors[name] = "filterErrors.date";
  }
  if (!errors.date_from && !errors.date_to && filters.date_from && filters.date_to && filters.date_to < filters.date_from) {
    errors.date_to = "filterErrors.range";
  }
  const valid = Object.keys(errors).length === 0;
  return { tab, page, sort, direction, filters, errors, upstream: valid ? { tab, ...upstream } : null };
}

export type ReportProblem = "range_required" | "range_too_long";

/** Whether the XLSX report can be made for these (valid) filters: both dates, at most 31 days inclusive. */
export function reportProblem(upstream: UpstreamShipmentFilters | null): ReportProblem | null {
  if (!upstream?.date_from || !upstream.date_to) return "range_required";
  return dayNumber(upstream.date_to) - dayNumber(upstream.date_from) + 1 > REPORT_MAX_DAYS ? "range_too_long" : null;
}

/** The list's address part for a tab and filters (empty ones left out). */
export function shipmentListSearch(tab: ShipmentTab, filters: Partial<ShipmentFilters>): string {
  const params = new URLSearchParams({ tab });
  for (const name of FILTER_NAMES) if (filters[name]) params.set(name, filters[name]!);
  return `?${params}`;
}
