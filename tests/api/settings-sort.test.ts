import { describe, expect, it } from "vitest";
import { call, useTestApi } from "./helpers";

// Server-side sorting of the settings lists: `sort` from a per-resource allowlist, `direction` asc|desc, id tiebreak.

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "forwarder"] });

const s7 = (url: string) => call(t.app, accounts.s7Manager, "GET", url, { carrier: "s7" });
const sorted = <T>(xs: T[], cmp: (a: T, b: T) => number) => [...xs].sort(cmp);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

describe("settings list sorting", () => {
  it("sorts handlers by a column both ways (desc is the exact reverse of asc)", async () => {
    const asc = (await s7("/api/v3/handlers?sort=location&direction=asc")).json();
    const locations = asc.data.map((h: { location: string }) => h.location);
    expect(locations.length).toBeGreaterThan(1);
    expect(locations).toEqual(sorted(locations, byText));
    const desc = (await s7("/api/v3/handlers?sort=location&direction=desc")).json();
    expect(desc.data.map((h: { id: number }) => h.id)).toEqual(asc.data.map((h: { id: number }) => h.id).reverse());
    // direction defaults to asc
    expect((await s7("/api/v3/handlers?sort=location")).json().data).toEqual(asc.data);
  });

  it("breaks ties on id, so equal values keep a stable order across pages", async () => {
    const all = (await s7("/api/v3/product_codes?sort=carrier&per_page=100")).json().data as Array<{ id: number; carrier: string }>;
    expect(all.map((r) => r.id)).toEqual(sorted(all.map((r) => r.id), (a, b) => a - b));
    const pages = [];
    for (let page = 1; page <= 3; page++) pages.push(...(await s7(`/api/v3/product_codes?sort=carrier&per_page=2&page=${page}`)).json().data);
    expect(pages.map((r: { id: number }) => r.id)).toEqual(all.map((r) => r.id));
  });

  it("sorts by a number column and by a joined column", async () => {
    const codes = (await s7("/api/v3/product_codes?sort=priority&direction=desc")).json().data as Array<{ priority: number }>;
    expect(codes.map((c) => c.priority)).toEqual(sorted(codes.map((c) => c.priority), (a, b) => b - a));
    const companies = (await call(t.app, accounts.platform, "GET", "/api/v3/companies?sort=name&direction=desc&per_page=100")).json().data as Array<{ name: string }>;
    expect(companies.map((c) => c.name)).toEqual(sorted(companies.map((c) => c.name), byText).reverse());
    const agreements = (await call(t.app, accounts.platform, "GET", "/api/v3/agreements?sort=client&direction=desc")).json().data as Array<{ client: { short_name: string } }>;
    expect(agreements.length).toBeGreaterThan(1);
    const clients = agreements.map((a) => a.client.short_name);
    expect(clients).toEqual(sorted(clients, byText).reverse());
    const customers = (await call(t.app, accounts.forwarder, "GET", "/api/v3/forwarder_customers?sort=name&direction=desc")).json().data as Array<{ name: string }>;
    expect(customers.map((c) => c.name)).toEqual(sorted(customers.map((c) => c.name), byText).reverse());
  });

  it("answers 422 for a column outside the allowlist and for a bad direction", async () => {
    for (const url of [
      "/api/v3/handlers?sort=note",
      "/api/v3/handlers?sort=password",
      "/api/v3/permitted_routes?sort=transfer_iata_codes",
      "/api/v3/baggage_stats?sort=nope",
      "/api/v3/pax_od_averages?sort=nope",
      "/api/v3/segment_payloads?sort=reg_numbers",
      "/api/v3/airline_customers?sort=address",
    ]) {
      const res = await s7(url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ errors: { sort: ["is not a sortable column"] }, error_codes: { sort: [{ code: "not_sortable", params: {} }] } });
    }
    for (const url of ["/api/v3/companies?sort=pima", "/api/v3/agreements?sort=beneficiary", "/api/v3/notable_companies?sort=contact_numbers", "/api/v3/forwarder_customers?sort=contacts"]) {
      const res = await call(t.app, accounts.platform, "GET", url);
      expect(res.statusCode, url).toBe(422);
      expect(res.json(), url).toEqual({ errors: { sort: ["is not a sortable column"] }, error_codes: { sort: [{ code: "not_sortable", params: {} }] } });
    }
    const bad = await s7("/api/v3/handlers?sort=location&direction=up");
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toContain("direction");
  });

  it("keeps the default order without sort, and every allowlisted resource accepts its columns", async () => {
    expect((await s7("/api/v3/handlers")).json().data.map((h: { location: string }) => h.location)).toEqual(["DME", "KJA", "OVB"]);
    for (const url of [
      "/api/v3/airline_customers?sort=name&direction=desc",
      "/api/v3/permitted_routes?sort=destination_iata",
      "/api/v3/baggage_stats?sort=period_start&direction=desc",
      "/api/v3/pax_od_averages?sort=quantity",
      "/api/v3/segment_payloads?sort=payload&direction=desc",
      "/api/v3/handlers?sort=id&direction=desc",
    ]) {
      expect((await s7(url)).statusCode, url).toBe(200);
    }
    expect((await call(t.app, accounts.platform, "GET", "/api/v3/notable_companies?sort=company_short_name")).statusCode).toBe(200);
  });
});
