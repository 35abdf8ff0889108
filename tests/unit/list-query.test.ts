/**
 * The one list query (issue 9 §3): loaders read page, per_page, sort and filters with `readListQuery`; the
 * DataTable reads and writes the same URL names with `listUrlState` / `listHref` / `sortHref`.
 */
import { describe, expect, it } from "vitest";
import { iataParam, PER_PAGE, readListQuery, textParam } from "../../app/lib/forms/list-query";
import { listHref, listUrlState, sortHref } from "../../app/lib/forms/list-url";

const request = (search: string) => new Request(`http://s7.localhost/dashboard/settings/handlers${search}`);
const FILTERS = { q: textParam, origin: iataParam };
const SORTABLE = ["location", "carrier"] as const;

describe("readListQuery", () => {
  it("reads the page, the fixed page size, an allowed sort and the list's filters", () => {
    const { paging, filters } = readListQuery(request("?page=3&sort=location&direction=desc&q=%20abc%20&origin=ovb"), { filters: FILTERS, sortable: SORTABLE });
    expect(paging).toEqual({ page: 3, per_page: PER_PAGE, sort: "location", direction: "desc" });
    expect(filters).toEqual({ q: "abc", origin: "OVB" });
  });

  it("a hand-edited URL never errors: bad values fall back to the defaults", () => {
    const { paging, filters } = readListQuery(request("?page=-2&sort=password&direction=up&origin=OV1"), { filters: FILTERS, sortable: SORTABLE });
    expect(paging).toEqual({ page: 1, per_page: PER_PAGE });
    expect(filters).toEqual({ q: "", origin: undefined });
  });

  it("a sort without a direction is ascending; a list may ask for its own page size", () => {
    expect(readListQuery(request("?sort=carrier"), { sortable: SORTABLE, perPage: 20 }).paging).toEqual({ page: 1, per_page: 20, sort: "carrier", direction: "asc" });
  });
});

describe("the DataTable's URL state", () => {
  it("reads page, sort and direction with safe defaults", () => {
    expect(listUrlState("?page=4&sort=location&direction=desc")).toEqual({ page: 4, sort: "location", direction: "desc" });
    expect(listUrlState("?page=abc&direction=sideways")).toEqual({ page: 1, sort: null, direction: "asc" });
  });

  it("a sort header toggles the direction, keeps the filters and starts again at page 1", () => {
    const path = "/dashboard/settings/handlers";
    expect(sortHref(path, "?location=OVB&page=3", "location")).toBe(`${path}?location=OVB&sort=location&direction=asc`);
    expect(sortHref(path, "?sort=location&direction=asc&page=2", "location")).toBe(`${path}?sort=location&direction=desc`);
    expect(sortHref(path, "?sort=location&direction=desc", "carrier")).toBe(`${path}?sort=carrier&direction=asc`);
  });

  it("the pager's links keep every other parameter", () => {
    expect(listHref("/x", "?q=a&sort=b&direction=desc", { page: "2" })).toBe("/x?q=a&sort=b&direction=desc&page=2");
    expect(listHref("/x", "?page=2", { page: null })).toBe("/x");
  });
});
