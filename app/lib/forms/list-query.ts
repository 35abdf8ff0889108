import { z } from "zod";
import { sortFromUrl, type SortDirection } from "../settings/sort";
import { PER_PAGE, readPage } from "./list-url";
import { INT32_MAX } from "../../../cargo/limits";
import { decimalRange, readDecimalText } from "../../../cargo/numbers/decimal-text";

const ID = decimalRange(1, INT32_MAX, 0);

export { listHref, listUrlState, PER_PAGE, sortHref } from "./list-url";

// The one list-query of every list page (issue 9 §3): `page`, `per_page`, `sort` / `direction` and the list's own
// filters live in the URL. Loaders read them with `readListQuery` (zod `.catch()`: a hand-edited URL never errors);
// the DataTable reads the same names with `listUrlState` and writes them with `listHref` (list-url.ts: no zod in
// the browser's first load).


/** The page of a list URL: digits only, from 1 to 100 000, else 1 (list-url.ts readPage). */
export const pageParam = z
  .string()
  .optional()
  .transform((v) => Math.min(readPage(v), 100_000));
export const textParam = z.string().trim().max(100).catch("");
/** A filter code (airport, aircraft type, company): upper case, or absent when malformed. */
export const codeParam = (pattern: RegExp) =>
  z
    .string()
    .trim()
    .toUpperCase()
    .regex(pattern)
    .optional()
    .catch(undefined);
export const iataParam = codeParam(/^[A-Z]{3}$/);
/** The record a list's ?edit=<id> dialog shows; absent when malformed. */
export const editParam = z
  .string()
  .optional()
  .transform((v) => {
    const read = readDecimalText(v ?? "", ID);
    return read.ok ? read.value : undefined;
  });
/** A yes/no switch filter; anything else means "all". */
export const yesNoParam = z.enum(["yes", "no"]).optional().catch(undefined);
export const yesNoValue = (v: "yes" | "no" | undefined) => (v === undefined ? undefined : v === "yes");
/** A true/false select filter ("" = all), as the customers and agreements lists spell it. */
export const trueFalseParam = z.enum(["", "true", "false"]).catch("");
export const trueFalseValue = (v: "" | "true" | "false") => (v === "" ? undefined : v === "true");

export function searchParamsOf(request: Request): Record<string, string> {
  return Object.fromEntries(new URL(request.url).searchParams);
}

/** What a list loader passes upstream for paging and order: `{ page, per_page, sort?, direction? }`. */
export interface Paging<K extends string = string> {
  page: number;
  per_page: number;
  sort?: K;
  direction?: SortDirection;
}

/**
 * A list URL read once: the paging (page, the fixed page size, the sort when `sort` is one of `sortable`) and the
 * list's own `filters` (a zod shape whose fields each `.catch()`).
 */
export function readListQuery<F extends z.ZodRawShape = Record<never, z.ZodTypeAny>, K extends string = never>(
  request: Request,
  spec: { filters?: F; sortable?: readonly K[]; perPage?: number } = {},
): { paging: Paging<K>; filters: z.infer<z.ZodObject<F>> } {
  const params = searchParamsOf(request);
  const filters = z.object(spec.filters ?? ({} as F)).parse(params) as z.infer<z.ZodObject<F>>;
  const sort = spec.sortable ? sortFromUrl(request.url, spec.sortable) : {};
  return { paging: { page: pageParam.parse(params.page), per_page: spec.perPage ?? PER_PAGE, ...sort }, filters };
}

/** The current URL without some parameters (a dialog's or a form's own), for "back to the list" redirects. */
export function urlWithout(request: Request, ...names: string[]): string {
  const url = new URL(request.url);
  for (const n of [...names, "_data", "index"]) url.searchParams.delete(n);
  return `${url.pathname}${url.search}`;
}
