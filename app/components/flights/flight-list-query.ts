// The flights list's URL (spec 1 §2 "Flights"): which filters the address carries, what they default to, and
// what may be sent upstream. Pure, so the loader, the XLSX export and the tests read the URL the same way.
// The API answers a malformed filter with a 422 the page could only show as a broken list, so every value is
// checked here first and a bad one becomes a translated error beside its field instead.

import { readPage } from "~/lib/forms/list-url";

export const FILTER_NAMES = ["date_from", "date_to", "origin", "destination", "number"] as const;
export type FilterName = (typeof FILTER_NAMES)[number];

/** The filters as the form shows them (what the user typed, or the tab's default). */
export type FlightListFilters = Record<FilterName, string>;

/** i18n keys (namespace "flights") of the filter errors, by field. */
export type FlightListFilterErrors = Partial<Record<FilterName, string>>;

/** What the segment list call receives: only checked values, nothing empty. */
export interface UpstreamFlightFilters {
  date_from?: string;
  date_to?: string;
  origin?: string;
  destination?: string;
  number?: string;
}

export interface FlightListQuery {
  page: number;
  filters: FlightListFilters;
  errors: FlightListFilterErrors;
  /** null while a filter is invalid: the list is not asked for at all. */
  upstream: UpstreamFlightFilters | null;
}

/** Spec 3 §9: the XLSX report needs a date range of at most 31 days; its default file name. */
export const REPORT_MAX_DAYS = 31;
export const REPORT_FILE = "segments_report.xlsx";

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const AIRPORT = /^[A-Z]{3}$/;
// Letters and digits of a flight number, optionally with the "/23NOV26" date part of number_with_date.
const FLIGHT_NUMBER = /^[A-Z0-9]{1,8}(\/[A-Z0-9]{0,7})?$/;

const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function isRealDate(value: string): boolean {
  return ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);
}

/**
 * The date range a tab shows when the address names none. Only the current tab has one: an airline desk works
 * the coming week, so it opens on yesterday … today + 7 days. Yesterday, because a flight is dated by its local
 * departure day at the origin (east of UTC that is already "tomorrow", and a flight that left late yesterday can
 * still be in the air — the tab itself drops the ones that have landed); a week ahead covers the planning horizon
 * and stays within the 31 days of the XLSX report, so the export works on the tab as it opens. The other tabs are
 * bounded by what they mean (action_required by the API's attention window, the rest by the user's own filters).
 * A range the user cleared arrives as empty parameters, which means "no bound", not "the default".
 */
export function defaultRange(tab: string, today: string): { date_from: string; date_to: string } | null {
  return tab === "current" ? { date_from: addDays(today, -1), date_to: addDays(today, 7) } : null;
}

/**
 * A bare number on an airline's own host means that airline's flight ("0101" on s7 → "S70101"), as the
 * API reads it on create; the number part of a flight number is written with four digits.
 */
function flightNumberTerm(value: string, airlineCode: string | null): string {
  const m = /^(\d{1,4})(.*)$/.exec(value);
  if (!airlineCode || !m) return value;
  return `${airlineCode.toUpperCase()}${m[1]!.padStart(4, "0")}${m[2]}`;
}

/**
 * Reads the list's URL.
 * @param today the server's date (YYYY-MM-DD), for the current tab's default range
 * @param airlineCode the tenant's airline code on an airline host (bare flight numbers are its own), else null
 */
export function parseFlightListQuery(params: URLSearchParams, tab: string, today: string, airlineCode: string | null): FlightListQuery {
  const page = readPage(params.get("page"));
  const defaults = defaultRange(tab, today);
  const raw = (name: FilterName) => {
    const value = params.get(name);
    if (value === null && (name === "date_from" || name === "date_to")) return defaults?.[name] ?? "";
    return (value ?? "").trim();
  };
  const filters: FlightListFilters = {
    date_from: raw("date_from"),
    date_to: raw("date_to"),
    origin: raw("origin").toUpperCase(),
    destination: raw("destination").toUpperCase(),
    number: raw("number").toUpperCase().replace(/\s+/g, ""),
  };
  const errors: FlightListFilterErrors = {};
  for (const name of ["date_from", "date_to"] as const) {
    if (filters[name] && !isRealDate(filters[name])) errors[name] = "filterErrors.date";
  }
  if (!errors.date_from && !errors.date_to && filters.date_from && filters.date_to && filters.date_to < filters.date_from) {
    errors.date_to = "filterErrors.range";
  }
  for (const name of ["origin", "destination"] as const) {
    if (filters[name] && !AIRPORT.test(filters[name])) errors[name] = "filterErrors.airport";
  }
  if (filters.number && !FLIGHT_NUMBER.test(filters.number)) errors.number = "filterErrors.number";

  const valid = Object.keys(errors).length === 0;
  const upstream: UpstreamFlightFilters | null = valid
    ? Object.fromEntries(
        Object.entries({ ...filters, number: filters.number && flightNumberTerm(filters.number, airlineCode) }).filter(([, v]) => v !== ""),
      )
    : null;
  return { page, filters, errors, upstream };
}

export type ReportProblem = "range_required" | "range_too_long";

/** Whether the XLSX report can be made for these (valid) filters: both dates, at most 31 days inclusive. */
export function reportProblem(upstream: UpstreamFlightFilters | null): ReportProblem | null {
  if (!upstream?.date_from || !upstream.date_to) return "range_required";
  return dayNumber(upstream.date_to) - dayNumber(upstream.date_from) + 1 > REPORT_MAX_DAYS ? "range_too_long" : null;
}

/** The list's address with the given filters (empty ones kept: an emptied date means "no bound"). */
export function flightListSearch(filters: FlightListFilters): string {
  const params = new URLSearchParams();
  for (const name of FILTER_NAMES) params.set(name, filters[name]);
  return `?${params}`;
}

/**
 * The query of a list or report request: today's date is the service clock's (UTC; `now` from context.config.clock,
 * so CARGO_NOW moves it with the API), bare flight numbers the host airline's.
 */
export function flightListQueryOf(request: Request, tab: string, tenant: { type: string | null; code: string }, now: Date): FlightListQuery {
  const airlineCode = tenant.type === "airline" ? tenant.code : null;
  return parseFlightListQuery(new URL(request.url).searchParams, tab, now.toISOString().slice(0, 10), airlineCode);
}
