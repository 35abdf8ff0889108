import { and, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { addDays, daysBetween } from "../../cargo/time/local-date";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airWaybills, companies } from "../db/schema";
import { refuseField } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { PageQuerySchema } from "../http/pagination";
import { isForwarder, isPlatform, scopeCarrier, type Who } from "../settings/access";
import { iataCode, isoDate, SortQueryShape, sortOrder, type SortAllowlist } from "../settings/common";

// What the shipments list (GET api/v3/air_waybills) and its reports take: tabs, filters, sort, and who sees which
// rows. Every tab and filter is a predicate on a column of air_waybills, so that each has an index to walk on a
// million waybills (the index list in api/db/tables/air-waybills.ts; api/README.md "Shipments list").

const w = airWaybills;

/** Spec 1 §6 "Shipments new/old page": platform, every airline role but Admin, a forwarder's Default. */
export const LIST_ACCESS: Who = { platform: true, airline: ["operator", "manager", "com_cor", "billing", "ics_inspector"], forwarder: ["operator"] };

/**
 * The list's tabs (spec 1 §2). Literal SQL, not bound parameters: the partial indexes of the rare tabs carry exactly
 * these predicates, and PostgreSQL matches a partial index only against a WHERE it can prove implies it.
 * - booking: still being booked: not voided, not issued, not departed (whatever its bookings' state);
 * - tracking: on its way: not voided, not delivered, and departed or holding a requested or confirmed booking;
 * - billing: issued and not voided;
 * - warning: carries at least one warning code (`<> '{}'`, which the column's statistics measure: walking a value's
 *   index for a few warned rows is not mistaken for cheap);
 * - voided: voided;
 * - all: every waybill.
 */
export const TABS = {
  booking: sql`(${w.voided_at} is null and ${w.issued_at} is null and ${w.departed_at} is null)`,
  tracking: sql`(${w.voided_at} is null and ${w.delivered_at} is null and (${w.departed_at} is not null or ${w.booking_status} in ('requested', 'confirmed')))`,
  billing: sql`(${w.issued_at} is not null and ${w.voided_at} is null)`,
  warning: sql`${w.warnings} <> '{}'`,
  voided: sql`${w.voided_at} is not null`,
  all: undefined,
} satisfies Record<string, SQL | undefined>;
export type Tab = keyof typeof TABS;
export const TAB_NAMES = Object.keys(TABS) as [Tab, ...Tab[]];

/** `booked`: yes (every active booking confirmed), requests (some awaiting the airline), no (none held), cancelled. */
const BOOKED = {
  yes: sql`${w.booking_status} = 'confirmed'`,
  requests: sql`${w.booking_status} = 'requested'`,
  no: sql`${w.booking_status} in ('none', 'unable')`,
  cancelled: sql`${w.booking_status} = 'cancelled'`,
  all: undefined,
} satisfies Record<string, SQL | undefined>;

/** `payment`: the void payment the airline set when voiding; every value picks voided waybills only. */
const PAYMENT = {
  required: sql`(${w.voided_at} is not null and ${w.void_payment} = 'required')`,
  not_required: sql`(${w.voided_at} is not null and ${w.void_payment} = 'not_required')`,
  not_defined: sql`(${w.voided_at} is not null and ${w.void_payment} is null)`,
} satisfies Record<string, SQL>;

/** The date each `date_type` filters on (and, unless `sort` says otherwise, orders by). */
export const DATE_COLUMNS = {
  created: w.created_at,
  departure: w.departure_at,
  issued: w.issued_at,
  departed: w.departed_at,
  tariff_date: w.tariff_date,
} as const;
export type DateType = keyof typeof DATE_COLUMNS;

/** Yes/no switches: `true`/`false` (forms may send yes/no or 1/0); anything else is a 422, never silently false. */
const Switch = z
  .enum(["true", "false", "yes", "no", "1", "0"], { message: "must be true or false" })
  .transform((v) => v === "true" || v === "yes" || v === "1");

/** The flag switches and the state each tests. */
const FLAGS = {
  issued: sql`${w.issued_at} is not null`,
  delivered: sql`${w.delivered_at} is not null`,
  verified: sql`${w.verified_at} is not null`,
  billed: sql`${w.billing_date} is not null`,
  departed: sql`${w.departed_at} is not null`,
  warning: sql`${w.warnings} <> '{}'`,
  charter: sql`${w.charter}`,
} satisfies Record<string, SQL>;

/**
 * An AWB number or its start as people type it: "421-123", "421123", "421 1234 5675". At most the 11 digits of a
 * whole number. Answered as the stored form's start ("421-123"), searched as a prefix (text_pattern_ops index).
 */
export const MawbStart = z
  .string()
  .max(TEXT_MAX.code * 2, "is too long (an AWB number has 11 digits)")
  .trim()
  .transform((text, ctx) => {
    const digits = text.replace(/[\s-]/g, "");
    if (!/^\d{1,11}$/.test(digits)) {
      ctx.addIssue({ code: "custom", message: "must be the digits of an AWB number or its start (421-1234 5675)" });
      return z.NEVER;
    }
    return digits.length <= 3 ? digits : `${digits.slice(0, 3)}-${digits.slice(3)}`;
  });

const blankIsAbsent = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const opt = <T extends z.ZodTypeAny>(s: T) => z.preprocess(blankIsAbsent, s.optional());

/** The filters shared by the list, the XLSX report and the e-mailed report. */
export const AwbFilterShape = {
  tab: opt(z.enum(TAB_NAMES, { message: `must be one of ${TAB_NAMES.join(", ")}` })).describe("default all"),
  mawb: opt(MawbStart).describe("an AWB number or its start, hyphen optional: 421-123 or 421123"),
  date_type: opt(z.enum(Object.keys(DATE_COLUMNS) as [DateType, ...DateType[]], { message: `must be one of ${Object.keys(DATE_COLUMNS).join(", ")}` })).describe(
    "which date date_from/date_to filter on (default created)",
  ),
  date_from: opt(isoDate()).describe("first day, inclusive, from 00:00 UTC"),
  date_to: opt(isoDate()).describe("last day, inclusive, up to 24:00 UTC"),
  booked: opt(z.enum(["yes", "no", "requests", "cancelled", "all"], { message: "must be yes, no, requests, cancelled or all" })),
  issued: opt(Switch),
  delivered: opt(Switch),
  verified: opt(Switch),
  billed: opt(Switch),
  departed: opt(Switch),
  warning: opt(Switch),
  charter: opt(Switch),
  payment: opt(z.enum(["required", "not_required", "not_defined"], { message: "must be required, not_required or not_defined" })).describe(
    "the void payment: picks voided waybills",
  ),
  origin_iata: opt(iataCode()),
  destination_iata: opt(iataCode()),
  forwarder: opt(z.string().max(TEXT_MAX.code * 2).trim().toUpperCase()).describe("platform and airline: a forwarder's short name"),
  carrier: opt(z.string().max(TEXT_MAX.code).trim()).describe("platform only: one airline (else the Carrier header, else all)"),
};
export const AwbFilterSchema = z.object(AwbFilterShape);
export type AwbFilters = z.infer<typeof AwbFilterSchema>;

/** The deepest row a page may reach: the count stops there too (COUNT_CAP), and OFFSET beyond it costs a scan. */
export const COUNT_CAP = 10_000;

export const AwbListQuerySchema = PageQuerySchema.extend({ ...AwbFilterShape, ...SortQueryShape }).superRefine((q, ctx) => {
  if (q.page * q.per_page > COUNT_CAP) {
    ctx.addIssue({ code: "custom", path: ["page"], message: `reaches beyond row ${COUNT_CAP}: narrow the filters or sort the other way` });
  }
});
export type AwbListQuery = z.infer<typeof AwbListQuerySchema>;

/**
 * The sortable columns, each with an index per scope to walk (api/db/tables/air-waybills.ts; migration 0011 for the
 * values): a page of a whole scope in any of these orders reads about its own rows, not the scope's.
 */
export const SORTABLE: SortAllowlist = {
  created_at: w.created_at,
  mawb: w.mawb,
  departure_at: w.departure_at,
  issued_at: w.issued_at,
  departed_at: w.departed_at,
  tariff_date: w.tariff_date,
  weight: w.weight,
  charge_weight: w.charge_weight,
  origin_iata: w.origin_iata,
  destination_iata: w.destination_iata,
};

/** A range of at most this many days (both ends given) is sorted by value from its own rows: a month. */
export const SHORT_RANGE_DAYS = 31;

/**
 * The value sorts inside a short date range: the same values as expressions no index is keyed on, so that PostgreSQL
 * reads the range through its date index and sorts those rows (a month of a whole platform: about 42 000). Walking
 * the value's index instead and skipping rows outside the range is what it would pick, and measured it is the
 * slow one: ties of a value come in id order, i.e. oldest first, and AWB numbers grow with time, so a recent range
 * lies at the far end of the walk (170-800 ms on 1 000 000 waybills).
 */
const RANGE_SORTED: SortAllowlist = {
  weight: sql`(${w.weight} + 0)`,
  charge_weight: sql`(${w.charge_weight} + 0)`,
  mawb: sql`(${w.mawb} || '')`,
  origin_iata: sql`(${w.origin_iata} || '')`,
  destination_iata: sql`(${w.destination_iata} || '')`,
};

/** ORDER BY of the list: `sort` (422 under `sort` when not sortable) else the default order, then id. */
export function listOrder(q: Pick<AwbListQuery, "sort" | "direction" | "date_type" | "date_from" | "date_to">): SQL[] {
  const shortRange = !!q.date_from && !!q.date_to && daysBetween(q.date_from, q.date_to) < SHORT_RANGE_DAYS;
  return sortOrder(shortRange ? { ...SORTABLE, ...RANGE_SORTED } : SORTABLE, q, w.id, defaultOrder(q));
}

/**
 * The default order: the chosen date type's column, newest first (the index the date filter walks gives it without
 * a sort), created_at without one; then id, so pages neither repeat nor skip rows.
 */
export function defaultOrder(filters: Pick<AwbFilters, "date_type" | "date_from" | "date_to">): SQL[] {
  const column = filters.date_type && (filters.date_from || filters.date_to) ? DATE_COLUMNS[filters.date_type] : w.created_at;
  return [sql`${column} desc`, sql`${w.id} desc`];
}

/**
 * Whose waybills the caller sees: a forwarder its company's (on an airline's site, that airline's only); an airline
 * user its airline's (the prefix the numbers carry); platform all, or one airline (Carrier header or `carrier`).
 * Nothing the caller sends widens this.
 */
export function tenancy(auth: Pick<AuthContext, "profile" | "carrier">, asked?: string | null): SQL | undefined {
  const p = auth.profile!;
  if (isForwarder(p)) return and(eq(w.forwarder_id, p.company.id), auth.carrier ? eq(w.carrier, auth.carrier) : undefined);
  const carrier = scopeCarrier(auth, isPlatform(p) ? asked : null);
  return carrier ? eq(w.carrier, carrier) : undefined;
}

/** A date range's UTC bounds: [date_from 00:00Z, date_to + 1 day 00:00Z). 422 under date_to when reversed. */
export function checkRange(filters: Pick<AwbFilters, "date_from" | "date_to">) {
  if (filters.date_from && filters.date_to && daysBetween(filters.date_from, filters.date_to) < 0) {
    throw refuseField("date_to", "report_range_order");
  }
}

/** The WHERE of a list or report: tenancy, then the tab, then every filter given. */
export async function listWhere(db: Db, auth: Pick<AuthContext, "profile" | "carrier">, f: AwbFilters): Promise<SQL | undefined> {
  checkRange(f);
  const parts: Array<SQL | undefined> = [tenancy(auth, f.carrier), TABS[f.tab ?? "all"]];
  if (f.mawb) parts.push(sql`${w.mawb} like ${`${f.mawb}%`}`);
  const dateColumn = DATE_COLUMNS[f.date_type ?? "created"];
  // tariff_date is a date; the others are moments compared with the UTC day bounds
  const bound = (day: string) => (dateColumn === w.tariff_date ? day : new Date(`${day}T00:00:00Z`));
  if (f.date_from) parts.push(gte(dateColumn, bound(f.date_from) as never));
  if (f.date_to) parts.push(lt(dateColumn, bound(addDays(f.date_to, 1)) as never));
  if (f.booked) parts.push(BOOKED[f.booked]);
  for (const flag of Object.keys(FLAGS) as Array<keyof typeof FLAGS>) {
    const v = f[flag];
    if (v !== undefined) parts.push(v ? FLAGS[flag] : sql`not (${FLAGS[flag]})`);
  }
  if (f.payment) parts.push(PAYMENT[f.payment]);
  if (f.origin_iata) parts.push(eq(w.origin_iata, f.origin_iata));
  if (f.destination_iata) parts.push(eq(w.destination_iata, f.destination_iata));
  if (f.forwarder && !isForwarder(auth.profile)) parts.push(eq(w.forwarder_id, await forwarderIdOf(db, f.forwarder)));
  return and(...parts);
}

async function forwarderIdOf(db: Db, shortName: string): Promise<number> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.short_name, shortName), eq(companies.business_type, "forwarder")))
    .limit(1);
  if (!row) throw refuseField("forwarder", "unknown_forwarder");
  return row.id;
}
