import type { SortDirection } from "../settings/sort";
import { INT32_MAX } from "../../../cargo/limits";
import { decimalRange, readDecimalText } from "../../../cargo/numbers/decimal-text";

// The browser half of the list query (list-query.ts): the URL names a DataTable reads and writes. Kept free of
// zod so a list page's first-load JS does not carry it.

/** Lists are server-paginated by this many rows. */
export const PER_PAGE = 25;

const PAGE = decimalRange(1, INT32_MAX, 0);

/**
 * The page a list URL asks for: digits only (cargo's reader), else page 1. A hand-edited URL never errors, but
 * "0x10" or "1e1" is no page 16 or 10 either: Number() read them so (issue 21 §8).
 */
export function readPage(value: string | null | undefined): number {
  const read = readDecimalText(value ?? "", PAGE);
  return read.ok ? read.value : 1;
}

/** The list state a DataTable shows (browser side, from `location.search`): the same names `readListQuery` reads. */
export function listUrlState(search: string | URLSearchParams): { page: number; sort: string | null; direction: SortDirection } {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return {
    page: readPage(params.get("page")),
    sort: params.get("sort"),
    direction: params.get("direction") === "desc" ? "desc" : "asc",
  };
}

/** The list URL with `changes` applied (null removes a parameter); every other parameter (filters) is kept. */
export function listHref(pathname: string, search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const query = params.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The href of a sort header: ascending first, then toggles; a new order starts at page 1. */
export function sortHref(pathname: string, search: string, key: string): string {
  const current = listUrlState(search);
  const direction = current.sort === key && current.direction === "asc" ? "desc" : "asc";
  return listHref(pathname, search, { sort: key, direction, page: null });
}

