import type { SortDirection } from "../settings/sort";

// The browser half of the list query (list-query.ts): the URL names a DataTable reads and writes. Kept free of
// zod so a list page's first-load JS does not carry it.

/** Lists are server-paginated by this many rows. */
export const PER_PAGE = 25;

/** The list state a DataTable shows (browser side, from `location.search`): the same names `readListQuery` reads. */
export function listUrlState(search: string | URLSearchParams): { page: number; sort: string | null; direction: SortDirection } {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return {
    page: Math.max(1, Math.floor(Number(params.get("page")) || 1)),
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

