import { asc, count, desc, eq, ilike, inArray, or, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { Db } from "../db/open";
import { aircraftTypes, airports } from "../db/schema";
import { addRefusal, type FieldRefusals, refuseField, throwIfRefused } from "../http/errors";
import { pageMeta, pageOffset, PageQuerySchema, type PageMeta } from "../http/pagination";
import { decimalInput, numberOf, readNumberInput } from "../http/decimal-input";
import { DATE_RANGE_MESSAGE, INT32_MAX, isYearInRange, SearchTerm, TEXT_MAX, tooLong } from "../http/input";
import { FormBoolean } from "../http/schemas";
import { DECIMALS, MAX_LIST_ITEMS, MAX_NUMBER, MAX_VOLUME_M3, MAX_WEIGHT_KG } from "../../cargo/limits";
import { decimalRange } from "../../cargo/numbers/decimal-text";
import { said } from "../http/refusals";

// Shared pieces of the settings and reference resources: body helpers (forms send text, JSON sends numbers;
// Rails-style bodies wrap the record in its name), field errors, list queries.

export const BLANK = said("blank");

/**
 * A required text field: missing, null or blank gives "can't be blank" under the field's name. `max` characters at
 * most (cargo/limits TEXT_MAX: a one-line name or number by default; pass TEXT_MAX.text for notes, .code for codes).
 */
export const reqText = (max: number = TEXT_MAX.name) =>
  z.preprocess((v) => (v === null ? undefined : v), z.string({ required_error: BLANK }).trim().min(1, BLANK).max(max, tooLong(max)));

/** An optional text field: "" and null clear it (null), absent leaves it (undefined). `max` as reqText. */
export const optText = (max: number = TEXT_MAX.name) =>
  z
    .string()
    .trim()
    .max(max, tooLong(max))
    .nullish()
    .transform((v) => (v === "" ? null : v));

const emptyToNull = (v: unknown) => (v === "" ? null : v);

/** No number field holds more than this (in either sign) unless its schema says otherwise (cargo/limits). */
export const NUMBER_MAX = MAX_NUMBER;
const INT32_RANGE = decimalRange(-INT32_MAX - 1, INT32_MAX, 0);
const numberRange = (max: number, scale: number) => decimalRange(-NUMBER_MAX, max, scale);

/**
 * A number that may arrive as text (api/http/decimal-input.ts: decimal digits only, never "0x10" or "1e3"); "" and
 * null clear it. Within ±NUMBER_MAX; `max` lowers the upper bound, `scale` is the most decimals it takes.
 */
export const optNumber = (max: number = NUMBER_MAX, scale: number = DECIMALS.other) => decimalInput(numberRange(max, scale));
/** An integer that may arrive as text (digits only), within PostgreSQL's integer. */
export const optInt = () => decimalInput(INT32_RANGE);
export const reqNumber = (max: number = NUMBER_MAX, scale: number = DECIMALS.other) => {
  const range = numberRange(max, scale);
  const read = readNumberInput(range);
  return z.preprocess((v, ctx) => (v === null ? undefined : read(v, ctx)), numberOf(range, { required: BLANK }));
};
/** A number field that must not be negative (weights, volumes, counts, minutes). */
export const nonNegative = <T extends z.ZodTypeAny>(s: T) => s.refine((v: number | null | undefined) => v == null || v >= 0, said("must_be_zero_or_more"));

/** Weights (kg) and volumes (m3): never negative, never beyond cargo/limits' maxima. */
export const optWeight = () => nonNegative(optNumber(MAX_WEIGHT_KG, DECIMALS.weight));
export const reqWeight = () => nonNegative(reqNumber(MAX_WEIGHT_KG, DECIMALS.weight));
export const optVolume = () => nonNegative(optNumber(MAX_VOLUME_M3, DECIMALS.volume));
export const reqVolume = () => nonNegative(reqNumber(MAX_VOLUME_M3, DECIMALS.volume));

export const optBool = () => FormBoolean.optional();

/** Upper-case 3-letter IATA code; "" and null clear it. */
export const iataCode = () =>
  z
    .string({ required_error: BLANK })
    .max(TEXT_MAX.code, tooLong(TEXT_MAX.code))
    .trim()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter IATA code"));
const blankToUndefined = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
export const reqIata = () => z.preprocess(blankToUndefined, iataCode());

/** A list of codes from JSON (array) or a form ("OVB, DME" / "OVB DME"); at most MAX_LIST_ITEMS of them. */
export const codeList = <T extends z.ZodTypeAny>(item: T) =>
  z.preprocess((v) => {
    if (typeof v === "string") return v.split(/[\s,;]+/).filter(Boolean);
    if (v === null) return [];
    return v;
  }, z.array(item).max(MAX_LIST_ITEMS, `must have at most ${MAX_LIST_ITEMS} items`));

export const isoDate = () =>
  z
    .string({ required_error: BLANK })
    .trim()
    .max(TEXT_MAX.code, "must be a date (YYYY-MM-DD)")
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), said("invalid_date"))
    .refine(isYearInRange, DATE_RANGE_MESSAGE);
export const reqDate = () => z.preprocess(blankToUndefined, isoDate());
export const optDate = () => z.preprocess(emptyToNull, isoDate().nullish());

/**
 * A body that may come flat or wrapped in the record's name (`{ handler: {...} }`, Rails style). Field errors
 * are keyed by the bare field name either way.
 */
export const wrapped = <T extends z.ZodTypeAny>(name: string, schema: T) =>
  z.preprocess((v) => (v && typeof v === "object" && !Array.isArray(v) && name in v ? (v as Record<string, unknown>)[name] : v), schema);

/** A form's field refusals, collected so that every bad field is named at once (api/http/errors.ts). */
export type FieldErrors = FieldRefusals;
export const addFieldError = addRefusal;
export const throwIfErrors = (errors: FieldErrors) => throwIfRefused(errors);

/** Drops undefined values (a PATCH leaves absent fields as they are). */
export const defined = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** `q` as a case-insensitive "contains" over some columns. */
export function textSearch(q: string | undefined, ...columns: AnyColumn[]): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term)}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}

/** `sort` (a column of the resource's allowlist) and `direction` of a list; checked against the allowlist by sortOrder. */
export const SortQueryShape = {
  sort: z.string().max(TEXT_MAX.search).trim().optional().describe("a sortable column of the list (unknown: 422 under `sort`)"),
  direction: z.enum(["asc", "desc"]).optional().describe("asc (default) or desc; only with sort"),
};

export const ListQuerySchema = PageQuerySchema.extend({ q: SearchTerm(), ...SortQueryShape });

/** The sortable columns of a list: the `sort` value → the column (or expression) it orders by. */
export type SortAllowlist = Record<string, AnyColumn | SQL>;
/** An allowlist of a table's own columns, sorted by their answer names. */
export const sortColumns = <T extends PgTable>(table: T, keys: Array<keyof T["$inferSelect"] & string>): SortAllowlist =>
  Object.fromEntries(keys.map((k) => [k, (table as unknown as Record<string, AnyColumn>)[k]!]));
export const NOT_SORTABLE = said("not_sortable");

/**
 * ORDER BY of a list: the requested column in the requested direction, then `id` the same way (a stable order, so
 * pages neither repeat nor skip rows, and desc is the exact reverse of asc); without `sort`, the list's default order.
 * A `sort` outside the allowlist answers 422 { errors: { sort: ["is not a sortable column"] } }.
 */
export function sortOrder(
  allowlist: SortAllowlist,
  query: { sort?: string; direction?: "asc" | "desc" },
  id: AnyColumn,
  fallback: SQL[],
): SQL[] {
  const key = query.sort?.trim();
  if (!key) return fallback;
  if (!Object.hasOwn(allowlist, key)) throw refuseField("sort", "not_sortable");
  const dir = query.direction === "desc" ? desc : asc;
  const column = allowlist[key]!;
  return column === id ? [dir(id)] : [dir(column), dir(id)];
}

/** One page of a table; `where` must already carry the tenancy filter. */
export async function listPage<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  orderBy: Array<SQL | PgColumn>,
  page: { page: number; per_page: number },
): Promise<{ data: T["$inferSelect"][]; meta: PageMeta }> {
  const [total] = await db.select({ n: count() }).from(table as PgTable).where(where);
  const data = (await db
    .select()
    .from(table as PgTable)
    .where(where)
    .orderBy(...orderBy)
    .limit(page.per_page)
    .offset(pageOffset(page.page, page.per_page))) as T["$inferSelect"][];
  return { data, meta: pageMeta(total?.n ?? 0, page.page, page.per_page) };
}

/** A whole list in the page envelope (skip_pagination, small fixed lists). */
export const wholeList = <T>(data: T[]) => ({ data, meta: pageMeta(data.length, 1, Math.max(data.length, 1)) });

/** The query of a list that may also answer whole: the page, and `codes` and `skip_pagination` where it has them. */
export interface ListAnswerQuery {
  codes?: string[];
  skip_pagination?: boolean;
  page: number;
  per_page: number;
}

/**
 * A list's answer (the reference lists, airlines). `codes`: exactly the known ones of those codes (the `code`
 * column), in code order; skip_pagination: every row that `where` keeps, in `order`; otherwise one page of them.
 * `answer` gives a row's wire form.
 */
export async function listAnswer<T extends PgTable, A = T["$inferSelect"]>(
  db: Db,
  table: T,
  query: ListAnswerQuery,
  opts: { where: SQL | undefined; order: SQL[]; code?: PgColumn; answer?: (row: T["$inferSelect"]) => A },
) {
  const answer = opts.answer ?? ((row: T["$inferSelect"]) => row as A);
  const rows = async (where: SQL | undefined, order: SQL[]) => ((await db.select().from(table as PgTable).where(where).orderBy(...order)) as T["$inferSelect"][]).map(answer);
  if (query.codes && opts.code) return wholeList(query.codes.length ? await rows(inArray(opts.code, query.codes), [asc(opts.code)]) : []);
  if (query.skip_pagination) return wholeList(await rows(opts.where, opts.order));
  const { data, meta } = await listPage(db, table, opts.where, opts.order, query);
  return { data: data.map(answer), meta };
}

/** 422 under each field whose IATA code is not in the airports table. */
export async function checkAirports(db: Db, fields: Record<string, string | string[] | null | undefined>, errors: FieldErrors = {}) {
  const codes = new Set<string>();
  for (const v of Object.values(fields)) for (const c of [v ?? []].flat()) codes.add(c);
  if (codes.size === 0) return errors;
  const found = new Set(
    (await db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, [...codes]))).map((r) => r.iata),
  );
  for (const [field, v] of Object.entries(fields)) {
    for (const c of [v ?? []].flat()) if (!found.has(c)) addFieldError(errors, field, "unknown_airport", { code: c });
  }
  return errors;
}

/** 422 under `field` when `code` is not an aircraft type of the reference table (IATA, SSIM App. A). */
export async function checkAircraftType(db: Db, field: string, code: string | null | undefined, errors: FieldErrors = {}) {
  if (!code) return errors;
  const [known] = await db.select({ iata: aircraftTypes.iata }).from(aircraftTypes).where(eq(aircraftTypes.iata, code)).limit(1);
  if (!known) addFieldError(errors, field, "unknown_aircraft_type", { code });
  return errors;
}
