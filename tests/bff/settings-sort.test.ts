/**
 * Server-side sorting of the settings lists through the real Remix build and the real API: `sort` / `direction`
 * from the URL reach the upstream list, the rows come back in that order both ways, a bad URL falls back to the
 * default order (never an error), and sortable headers link to the other direction. Also: platform users on a host
 * without an airline pick the airline of a new handler or airline customer.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { airlineCustomers, companies, handlers } from "../../api/db/schema";
import { hiddenInput, submit, textOf, useBff } from "./harness";

const bff = useBff();

const db = () => bff.api.database.db;

const signedIn = (host: string, email: string) => bff.signedIn(host, `${email}@cargodesk.test`);

/** Row ids of a list page in page order, from its edit links. */
const idsOf = (html: string, prefix: string) => [...html.matchAll(new RegExp(`data-testid="${prefix}-(\\d+)"`, "g"))].map((m) => Number(m[1]));
/** Company short names of the companies list in page order (its edit links carry them). */
const shortNamesOf = (html: string) => [...html.matchAll(/data-testid="edit-company-([^"]+)"/g)].map((m) => m[1]);

describe("settings lists sort on the server, from the URL", () => {
  it("handlers: sort=location comes back ascending and descending; the header links to the other direction", async () => {
    const host = "s7.localhost";
    const browser = await signedIn(host, "s7.manager");
    const expected = (await db().select({ id: handlers.id }).from(handlers).where(eq(handlers.carrier, "S7")).orderBy(asc(handlers.location), asc(handlers.id))).map(
      (r) => r.id,
    );
    expect(expected.length).toBeGreaterThan(1);

    const up = await browser.request(host, "/dashboard/settings/handlers?sort=location&direction=asc");
    expect(up.status).toBe(200);
    expect(idsOf(up.body, "edit-handler")).toEqual(expected);
    expect(up.body).toContain('aria-sort="ascending"');
    expect(up.body).toContain('href="/dashboard/settings/handlers?sort=location&amp;direction=desc"');

    const down = await browser.request(host, "/dashboard/settings/handlers?sort=location&direction=desc");
    expect(down.status).toBe(200);
    expect(idsOf(down.body, "edit-handler")).toEqual([...expected].reverse());
    expect(down.body).toContain('aria-sort="descending"');
    // the filter form keeps the order when a filter is applied
    expect(hiddenInput(down.body, "sort")).toBe("location");
    expect(hiddenInput(down.body, "direction")).toBe("desc");
    const filtered = await browser.request(host, "/dashboard/settings/handlers?sort=location&direction=desc&location=");
    expect(idsOf(filtered.body, "edit-handler")).toEqual([...expected].reverse());

    // another sortable column gets a link too
    expect(up.body).toContain('href="/dashboard/settings/handlers?sort=latest_acceptance_time&amp;direction=asc"');
  });

  it("a sort outside the allowlist or a bad direction is ignored: 200 in the default order", async () => {
    const host = "s7.localhost";
    const browser = await signedIn(host, "s7.manager");
    const plain = idsOf((await browser.request(host, "/dashboard/settings/handlers")).body, "edit-handler");
    for (const query of ["sort=note", "sort=password&direction=desc", "sort=location&direction=sideways", "direction=desc"]) {
      const page = await browser.request(host, `/dashboard/settings/handlers?${query}`);
      expect(page.status, query).toBe(200);
      expect(idsOf(page.body, "edit-handler"), query).toEqual(plain);
    }
  });

  it("companies (platform): sort=name both ways matches the database order", async () => {
    const host = "localhost";
    const browser = await signedIn(host, "platform");
    const order = async (dir: "asc" | "desc") =>
      (
        await db()
          .select({ short: companies.short_name })
          .from(companies)
          .orderBy(dir === "asc" ? asc(companies.name) : desc(companies.name), dir === "asc" ? asc(companies.id) : desc(companies.id))
          .limit(25)
      ).map((r) => r.short);
    for (const dir of ["asc", "desc"] as const) {
      const page = await browser.request(host, `/dashboard/settings/companies?sort=name&direction=${dir}`);
      expect(page.status, dir).toBe(200);
      expect(shortNamesOf(page.body), dir).toEqual(await order(dir));
    }
  });
});

describe("platform users on a host without an airline pick the airline of a new handler or airline customer", () => {
  it("handler: the airline select lists the airlines, the pick is posted as carrier", async () => {
    const host = "localhost";
    const browser = await signedIn(host, "platform");
    const form = await browser.request(host, "/dashboard/settings/handlers/create");
    expect(form.status).toBe(200);
    const select = form.body.match(/<select\b[^>]*name="carrier"[^>]*>([\s\S]*?)<\/select>/)?.[1];
    expect(select).toBeTruthy();
    for (const carrier of ["C6", "S7", "SU", "V0"]) expect(select).toContain(`value="${carrier}"`);

    const created = await submit(browser, host, "/dashboard/settings/handlers/create", { carrier: "SU", location: "KZN", cargo_accepted: "on" });
    expect(created.status).toBe(302);
    const [row] = await db().select().from(handlers).where(and(eq(handlers.carrier, "SU"), eq(handlers.location, "KZN")));
    expect(row).toMatchObject({ carrier: "SU", location: "KZN", cargo_accepted: true });

    const missing = await submit(browser, host, "/dashboard/settings/handlers/create", { location: "UFA" });
    expect([missing.status, missing.refused]).toEqual([200, 422]);
    // the airline is required beside the select (the API's "carrier can't be blank")
    expect(textOf(missing.body)).toContain("The field is required");
  });

  it("airline customer: the same select; an airline user on its own host gets no select", async () => {
    const host = "localhost";
    const browser = await signedIn(host, "platform");
    const form = await browser.request(host, "/dashboard/settings/airline-customers/create");
    expect(form.status).toBe(200);
    expect(form.body).toMatch(/<select\b[^>]*name="carrier"/);
    const created = await submit(browser, host, "/dashboard/settings/airline-customers/create", {
      carrier: "SU",
      name: "Sorted Platform Customer",
      tax_id: "7700000099",
      active: "on",
    });
    expect(created.status).toBe(302);
    const [row] = await db().select().from(airlineCustomers).where(eq(airlineCustomers.name, "Sorted Platform Customer"));
    expect(row?.carrier).toBe("SU");

    const manager = await signedIn("s7.localhost", "s7.manager");
    const own = await manager.request("s7.localhost", "/dashboard/settings/handlers/create");
    expect(own.status).toBe(200);
    expect(own.body).not.toMatch(/<select\b[^>]*name="carrier"/);
  });
});
