/**
 * Settings pages of issue 3, part A (agreements, companies, airline, handlers, airline customers) through the
 * real Remix build and the real API: the section's redirect rule, tenancy (another airline's ids and the
 * platform-only companies pages answer the not-found page and leak nothing), and the forms' round trips.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { agreements, airlineCustomers, companies, handlers } from "../../api/db/schema";
import { demoAgreements } from "../../api/seed-data";
import { fieldErrorOf, hiddenInput, seedToday, settingsSection, submit, textOf, useBff } from "./harness";

const bff = useBff();

const db = () => bff.api.database.db;

// The demo agreements are relative to the seed date: S7–FWDTWO runs from 1 January of its year Y through Y+1.
const Y = Number(seedToday().slice(0, 4));
const [S7_DEMO_CONTRACT, SU_DEMO_CONTRACT] = demoAgreements(seedToday()).map((a) => a.contract_number) as [string, string];

const signedIn = (host: string, email: string, acceptLanguage?: string) => bff.signedIn(host, `${email}@cargodesk.test`, { acceptLanguage });

/** The value attribute of the input named `name` in a page. */
function inputValue(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (tag.includes(`name="${name}"`)) return tag.match(/\bvalue="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&") ?? "";
  }
  return undefined;
}

function selectedOption(html: string, name: string): string | undefined {
  const select = html.match(new RegExp(`<select\\b[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`))?.[1];
  return select?.match(/<option\b[^>]*value="([^"]*)"[^>]*selected[^>]*>/)?.[1];
}

async function agreementIdOf(contract: string): Promise<number> {
  const [row] = await db().select({ id: agreements.id }).from(agreements).where(eq(agreements.contract_number, contract));
  if (!row) throw new Error(`no agreement ${contract}`);
  return row.id;
}

describe("the settings section redirects to the first child the user may open (spec 1 §2)", () => {
  it("S7 manager: the airline page first, because S7's UI settings say show_settings", async () => {
    const { location, page } = await settingsSection(await signedIn("s7.localhost", "s7.manager"), "s7.localhost");
    expect(location).toBe("/dashboard/settings/airline");
    expect(page.body).toContain('href="/dashboard/settings/airline"'); // the tab is there too
  });

  it("a manager of an airline without show_settings (V0) skips the airline page, in the redirect and in the tabs", async () => {
    const { location, page } = await settingsSection(await signedIn("v0.localhost", "v0.manager"), "v0.localhost");
    expect(location).not.toBe("/dashboard/settings/airline");
    // the next child in the spec's order: airline, capacities, segment-payloads, ...
    expect(location).toBe("/dashboard/settings/capacities");
    expect(page.body).not.toContain('href="/dashboard/settings/airline"');
    expect(page.body).toContain('href="/dashboard/settings/handlers"');
  });

  it("forwarder admin → users; forwarder Default → agreements", async () => {
    const admin = await signedIn("localhost", "forwarder.admin");
    expect((await admin.request("localhost", "/dashboard/settings")).location).toBe("/dashboard/settings/users");
    const fwd = await signedIn("localhost", "forwarder");
    expect((await fwd.request("localhost", "/dashboard/settings")).location).toBe("/dashboard/settings/agreements");
  });

  it("on su only platform and forwarder admin have settings: an SU manager gets the not-found page", async () => {
    const manager = await signedIn("su.localhost", "su.manager");
    const answer = await manager.request("su.localhost", "/dashboard/settings");
    expect(answer.status).toBe(404);
    expect(textOf(answer.body)).toContain("Page not found");
    expect((await manager.request("su.localhost", "/dashboard/settings/handlers")).status).toBe(404);

    const admin = await signedIn("su.localhost", "forwarder.admin");
    expect((await admin.request("su.localhost", "/dashboard/settings")).location).toBe("/dashboard/settings/users");
    const platform = await signedIn("su.localhost", "platform");
    const target = (await platform.request("su.localhost", "/dashboard/settings")).location;
    expect(target).toMatch(/^\/dashboard\/settings\//);
    expect(target).not.toBe("/dashboard/settings/airline"); // not for platform (airline Manager only)
  });
});

describe("tenancy: another airline's records and the platform-only pages", () => {
  it("an S7 manager cannot open or change SU's agreement: the not-found page, nothing of it on the page", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const suId = await agreementIdOf(SU_DEMO_CONTRACT);
    const page = await browser.request("s7.localhost", `/dashboard/settings/agreements/${suId}/edit`);
    expect(page.status).toBe(404);
    expect(textOf(page.body)).toContain("Page not found");
    for (const secret of [SU_DEMO_CONTRACT, "SU-FWD1-001", "Aeroflot"]) expect(page.body).not.toContain(secret);

    // the form of its own agreement, posted to SU's id
    const ownId = await agreementIdOf(S7_DEMO_CONTRACT);
    const own = await browser.request("s7.localhost", `/dashboard/settings/agreements/${ownId}/edit`);
    expect(own.status).toBe(200);
    const csrf = hiddenInput(own.body, "csrf")!;
    const post = await browser.request("s7.localhost", `/dashboard/settings/agreements/${suId}/edit`, {
      method: "POST",
      form: { csrf, client: "FWDONE", account_number: "HIJACK", contract_number: "HIJACK", currency: "USD", effective_from: "2025-01-01" },
    });
    expect(post.status).toBe(404);
    expect(post.body).not.toContain(SU_DEMO_CONTRACT);
    const [row] = await db().select().from(agreements).where(eq(agreements.id, suId));
    expect(row!.account_number).toBe("SU-FWD1-001");
    expect(row!.currency).toBe("RUB");
  });

  it("an S7 manager gets the not-found page for SU's handler and SU's customer", async () => {
    const browser = await signedIn("s7.localhost", "s7.manager");
    const [h] = await db().select().from(handlers).where(and(eq(handlers.carrier, "SU"), eq(handlers.location, "SVO")));
    const handlerPage = await browser.request("s7.localhost", `/dashboard/settings/handlers/${h!.id}/edit`);
    expect(handlerPage.status).toBe(404);
    // as a word, in the page's data too: a build chunk's hash (chunk-ESVOMZZO.js) may hold the letters
    expect(handlerPage.body).not.toMatch(/\bSVO\b/);
    const [c] = await db().select().from(airlineCustomers).where(eq(airlineCustomers.carrier, "SU"));
    const customerPage = await browser.request("s7.localhost", `/dashboard/settings/airline-customers/${c!.id}/edit`);
    expect(customerPage.status).toBe(404);
    expect(customerPage.body).not.toContain(c!.name);
    // and the lists show S7's rows only
    const list = textOf((await browser.request("s7.localhost", "/dashboard/settings/handlers")).body);
    expect(list).toContain("Tolmachevo hub");
    for (const suStation of ["SVO", "LED", "AER"]) expect(list).not.toContain(suStation);
  });

  it("a forwarder admin gets the not-found page on every companies page and on POST; nothing is created", async () => {
    const browser = await signedIn("localhost", "forwarder.admin");
    const [fwdtwo] = await db().select().from(companies).where(eq(companies.short_name, "FWDTWO"));
    for (const path of ["/dashboard/settings/companies", "/dashboard/settings/companies/create", `/dashboard/settings/companies/${fwdtwo!.id}/edit`]) {
      const page = await browser.request("localhost", path);
      expect(page.status, path).toBe(404);
      expect(textOf(page.body)).toContain("Page not found");
      expect(page.body).not.toContain("7654321"); // FWDTWO's IATA code
    }
    const csrf = hiddenInput((await browser.request("localhost", "/dashboard/settings/users")).body, "csrf")!;
    const post = await browser.request("localhost", "/dashboard/settings/companies/create", {
      method: "POST",
      form: { csrf, name: "Intruder Ltd", short_name: "INTRUDER", business_type: "forwarder" },
    });
    expect(post.status).toBe(404);
    const edit = await browser.request("localhost", `/dashboard/settings/companies/${fwdtwo!.id}/edit`, {
      method: "POST",
      form: { csrf, name: "Renamed", short_name: "FWDTWO", business_type: "forwarder" },
    });
    expect(edit.status).toBe(404);
    expect(await db().select().from(companies).where(eq(companies.short_name, "INTRUDER"))).toHaveLength(0);
    const [after] = await db().select().from(companies).where(eq(companies.id, fwdtwo!.id));
    expect(after!.name).toBe("Forwarder Two");
  });
});

describe("agreements: create, edit, and errors beside the fields with every typed value kept", () => {
  const host = "s7.localhost";
  const fields = {
    client: "FWDONE",
    account_number: "BFF-ACC-1",
    contract_number: "BFF/2026/001",
    currency: "EUR",
    effective_from: `${Y + 2}-03-01`,
    effective_to: `${Y + 2}-02-01`,
    sales_origins: "ovb, KJA",
    additional_prefixes: "421",
    allowed_manual_routes: "OVB-DME",
    beneficiary: "S7 Cargo LLC",
    active: "on",
    show_tariffs: "on",
  };

  it("effective_to before effective_from: the translated message beside the field, values re-rendered, nothing stored", async () => {
    const browser = await signedIn(host, "s7.manager");
    const answer = await submit(browser, host, "/dashboard/settings/agreements/create", fields);
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("The end date must not be before the start date");
    expect(inputValue(answer.body, "account_number")).toBe("BFF-ACC-1");
    expect(inputValue(answer.body, "effective_to")).toBe(`${Y + 2}-02-01`);
    expect(inputValue(answer.body, "sales_origins")).toBe("ovb, KJA");
    expect(selectedOption(answer.body, "currency")).toBe("EUR");
    expect(selectedOption(answer.body, "client")).toBe("FWDONE");
    expect(await db().select().from(agreements).where(eq(agreements.contract_number, "BFF/2026/001"))).toHaveLength(0);
  });

  it("required fields are named beside each field", async () => {
    const browser = await signedIn(host, "s7.manager");
    const answer = await submit(browser, host, "/dashboard/settings/agreements/create", { account_number: "only this" });
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body).match(/The field is required/g)?.length).toBeGreaterThanOrEqual(4); // client, contract, currency, from
    expect(inputValue(answer.body, "account_number")).toBe("only this");
  });

  it("creates, lists, edits; the same contract again is 'Agreement already exists' with the typed values", async () => {
    const browser = await signedIn(host, "s7.manager");
    const created = await submit(browser, host, "/dashboard/settings/agreements/create", { ...fields, effective_to: `${Y + 2}-12-31` });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/dashboard/settings/agreements");
    const list = await browser.get(host, created.location!);
    expect(textOf(list.body)).toContain("Agreement created");
    expect(textOf(list.body)).toContain("BFF/2026/001");
    const [row] = await db().select().from(agreements).where(eq(agreements.contract_number, "BFF/2026/001"));
    expect(row).toMatchObject({ currency: "EUR", sales_origins: ["OVB", "KJA"], active: true, show_tariffs: true, smart_contract: false });

    // filters reach the API: client and active
    expect(textOf((await browser.request(host, "/dashboard/settings/agreements?partner=FWDTWO")).body)).not.toContain("BFF/2026/001");
    expect(textOf((await browser.request(host, "/dashboard/settings/agreements?partner=FWDONE&active=true")).body)).toContain("BFF/2026/001");
    expect(textOf((await browser.request(host, "/dashboard/settings/agreements?active=false")).body)).not.toContain("BFF/2026/001");
    expect(textOf((await browser.request(host, "/dashboard/settings/agreements?q=BFF%2F2026")).body)).toContain("BFF-ACC-1");

    const edit = `/dashboard/settings/agreements/${row!.id}/edit`;
    const form = await browser.request(host, edit);
    expect(inputValue(form.body, "contract_number")).toBe("BFF/2026/001");
    expect(textOf(form.body)).toContain("Forwarder One"); // client details
    const saved = await submit(browser, host, edit, { ...fields, effective_to: "", currency: "USD", active: "" });
    expect(saved.status).toBe(302);
    const [after] = await db().select().from(agreements).where(eq(agreements.id, row!.id));
    expect(after).toMatchObject({ currency: "USD", effective_to: null, active: false, show_tariffs: true });

    // "in force on": the demo S7 agreement runs through Y+1, the new one from March Y+2, open-ended
    const inYearY = textOf((await browser.request(host, `/dashboard/settings/agreements?effective_on=${Y}-06-01`)).body);
    expect(inYearY).toContain(S7_DEMO_CONTRACT);
    expect(inYearY).not.toContain("BFF/2026/001");
    const inYearY3 = textOf((await browser.request(host, `/dashboard/settings/agreements?effective_on=${Y + 3}-01-15`)).body);
    expect(inYearY3).toContain("BFF/2026/001");
    expect(inYearY3).not.toContain(S7_DEMO_CONTRACT);

    const again = await submit(browser, host, "/dashboard/settings/agreements/create", { ...fields, effective_to: "", account_number: "SECOND" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(textOf(again.body)).toContain("Agreement already exists");
    expect(inputValue(again.body, "account_number")).toBe("SECOND");
    expect(inputValue(again.body, "beneficiary")).toBe("S7 Cargo LLC");
  });

  /** The S7 manager's create form posted with these sales origins, under a contract number of its own. */
  const createWithOrigins = async (contract_number: string, sales_origins: string) =>
    submit(await signedIn(host, "s7.manager"), host, "/dashboard/settings/agreements/create", { ...fields, contract_number, effective_to: "", sales_origins });

  it("an unknown airport among the sales origins is refused beside the field", async () => {
    const answer = await createWithOrigins("BFF/2026/002", "OVB, QQQ");
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("Unknown airport codes: QQQ");
  });

  it("a malformed code among the sales origins is named beside the field with its rule (was: 400 and nothing shown)", async () => {
    const answer = await createWithOrigins("BFF/2026/003", "OVB, XX1");
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(answer.body, "sales_origins")).toBe("Not accepted: XX1. Airport codes are three letters, separated by commas");
    expect(inputValue(answer.body, "sales_origins")).toBe("OVB, XX1");
    expect(inputValue(answer.body, "account_number")).toBe("BFF-ACC-1");
  });

  it("airline Default reads the list without create or edit; the forwarder sees its agreements with the airlines", async () => {
    const operator = await signedIn(host, "s7.operator");
    const list = await operator.request(host, "/dashboard/settings/agreements");
    expect(list.status).toBe(200);
    expect(list.body).not.toContain('href="/dashboard/settings/agreements/create"');
    expect((await operator.request(host, "/dashboard/settings/agreements/create")).status).toBe(404);

    const fwd = await signedIn("localhost", "forwarder");
    const fwdList = textOf((await fwd.request("localhost", "/dashboard/settings/agreements")).body);
    expect(fwdList).toContain(SU_DEMO_CONTRACT);
    expect(fwdList).toContain("Supplier (airline)");
    expect(fwdList).not.toContain(S7_DEMO_CONTRACT); // FWDTWO's agreement
  });

  it("agent/agreements: the forwarder's read-only list on a forwarder host, filtered by airline", async () => {
    const fwd = await signedIn("cargo.localhost", "forwarder");
    const page = await fwd.request("cargo.localhost", "/dashboard/settings/agent/agreements");
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain(SU_DEMO_CONTRACT);
    expect(page.body).not.toContain("/edit");
    expect(page.body).not.toContain('href="/dashboard/settings/agent/agreements/create"');
    expect(textOf((await fwd.request("cargo.localhost", "/dashboard/settings/agent/agreements?partner=S7")).body)).not.toContain(SU_DEMO_CONTRACT);
    // not on an airline host
    const s7 = await signedIn("s7.localhost", "s7.manager");
    expect((await s7.request("s7.localhost", "/dashboard/settings/agent/agreements")).status).toBe(404);
  });
});

describe("companies (platform)", () => {
  it("creates a company with its detailed view; a taken short name keeps every typed value", async () => {
    const host = "localhost";
    const browser = await signedIn(host, "platform");
    const fields = {
      name: "Baikal Air Cargo",
      short_name: "bfcargo",
      business_type: "forwarder",
      city: "Irkutsk",
      country: "RU",
      default_airport: "IKT",
      cass_codes: "CASS1, CASS2",
      forwarder_iata_code: "5555555",
      email: "ops@baikal.test",
      terminal_operational_hours: "Mon-Fri 09:00-18:00",
      shcs_accepted: "PER, AVI",
      permitted_carriers: "S7, SU",
      "contacts[0].name": "Irina",
      "contacts[0].email": "irina@baikal.test",
      "contacts[1].name": "",
      dg_storage: "on",
    };
    const created = await submit(browser, host, "/dashboard/settings/companies/create", fields);
    expect(created.status, textOf(created.body).slice(-600)).toBe(302);
    const [row] = await db().select().from(companies).where(eq(companies.short_name, "BFCARGO"));
    expect(row).toMatchObject({
      name: "Baikal Air Cargo",
      cass_codes: ["CASS1", "CASS2"],
      shcs_accepted: ["PER", "AVI"],
      permitted_carriers: ["S7", "SU"],
      dg_storage: true,
      default_airport: "IKT",
    });
    expect(row!.contacts).toEqual([{ name: "Irina", position: null, phone: null, email: "irina@baikal.test" }]);
    const list = textOf((await browser.request(host, "/dashboard/settings/companies?business_type=forwarder&q=baikal")).body);
    expect(list).toContain("BFCARGO");
    expect(list).not.toContain("FWDONE");

    const again = await submit(browser, host, "/dashboard/settings/companies/create", { ...fields, name: "Second Baikal" });
    expect([again.status, again.refused]).toEqual([200, 422]);
    expect(textOf(again.body)).toContain("A company with this short name already exists");
    expect(inputValue(again.body, "name")).toBe("Second Baikal");
    expect(inputValue(again.body, "contacts[0].email")).toBe("irina@baikal.test");
    expect(inputValue(again.body, "terminal_operational_hours")).toBe("Mon-Fri 09:00-18:00");

    const edit = await browser.request(host, `/dashboard/settings/companies/${row!.id}/edit`);
    expect(edit.status).toBe(200);
    expect(inputValue(edit.body, "contacts[0].name")).toBe("Irina");
    expect(inputValue(edit.body, "cass_codes")).toBe("CASS1, CASS2");
  });

  it("contact rows are added and removed without JavaScript (form intents answered by the server)", async () => {
    const browser = await signedIn("localhost", "platform");
    const typed = { name: "Rows Ltd", short_name: "ROWS", business_type: "forwarder", "contacts[0].name": "First" };
    const added = await submit(browser, "localhost", "/dashboard/settings/companies/create", {
      ...typed,
      __intent__: JSON.stringify({ type: "insert", payload: { name: "contacts", defaultValue: {} } }),
    });
    expect(added.status).toBe(200);
    expect(inputValue(added.body, "contacts[0].name")).toBe("First");
    expect(inputValue(added.body, "contacts[1].name")).toBe("");
    expect(inputValue(added.body, "name")).toBe("Rows Ltd");
    expect(textOf(added.body)).not.toContain("The field is required");
    const removed = await submit(browser, "localhost", "/dashboard/settings/companies/create", {
      ...typed,
      "contacts[1].name": "Second",
      __intent__: JSON.stringify({ type: "remove", payload: { name: "contacts", index: 0 } }),
    });
    expect(removed.status).toBe(200);
    expect(inputValue(removed.body, "contacts[0].name")).toBe("Second");
    expect(inputValue(removed.body, "contacts[1].name")).toBeUndefined();
    expect(await db().select().from(companies).where(eq(companies.short_name, "ROWS"))).toHaveLength(0);
  });

  it("an airline needs its code; an unknown SHC is named beside the field", async () => {
    const browser = await signedIn("localhost", "platform");
    const company = (business_type: string) =>
      submit(browser, "localhost", "/dashboard/settings/companies/create", { name: "No Code Air", short_name: "NOCODE", business_type, shcs_accepted: "PER, ZZQ" });
    const answer = await company("airline");
    expect([answer.status, answer.refused]).toEqual([200, 400]);
    expect(textOf(answer.body)).toContain("The field is required");
    const second = await company("forwarder");
    expect([second.status, second.refused]).toEqual([200, 400]);
    expect(textOf(second.body)).toContain("Unknown special handling codes: ZZQ");
  });
});

describe("airline settings page", () => {
  it("shows S7's settings in sections and saves a change; a bad value keeps the typed values", async () => {
    const host = "s7.localhost";
    const browser = await signedIn(host, "s7.manager");
    const page = await browser.request(host, "/dashboard/settings/airline");
    expect(page.status).toBe(200);
    expect(inputValue(page.body, "pax_weight_winter_adult")).toBe("80");
    expect(inputValue(page.body, "awb_rule_mustgo_stations")).toBe("OVB");
    expect(inputValue(page.body, "forbidden_shcs")).toBe("RRY");
    expect(selectedOption(page.body, "cw_rounding_rule")).toBe("half_kg");
    for (const section of ["Chargeable weight", "AWB rules", "Passenger weights by season", "Overflow limits", "Special handling codes"]) {
      expect(textOf(page.body)).toContain(section);
    }

    // every current value, as a browser would post the form
    const current: Record<string, string> = {};
    for (const tag of page.body.match(/<input\b[^>]*>/g) ?? []) {
      const name = tag.match(/\bname="([^"]+)"/)?.[1];
      if (!name || name === "csrf") continue;
      if (tag.includes('type="checkbox"')) {
        if (/\bchecked\b/.test(tag)) current[name] = "on";
      } else current[name] = tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "";
    }
    current.cw_rounding_rule = "half_kg";

    const bad = await submit(browser, host, "/dashboard/settings/airline", { ...current, overflow_limits_weight_percent: "150", pax_weight_summer_child: "33" });
    expect([bad.status, bad.refused]).toEqual([200, 400]);
    expect(textOf(bad.body)).toContain("Value between 0 and 100");
    expect(inputValue(bad.body, "pax_weight_summer_child")).toBe("33");

    const saved = await submit(browser, host, "/dashboard/settings/airline", {
      ...current,
      pax_weight_summer_child: "33",
      forbidden_shcs: "RRY, AVI",
      min_charge_weight: "",
    });
    expect(saved.status, textOf(saved.body).slice(-500)).toBe(302);
    const after = await browser.get(host, saved.location!);
    expect(textOf(after.body)).toContain("Airline settings saved");
    expect(inputValue(after.body, "pax_weight_summer_child")).toBe("33");
    expect(inputValue(after.body, "forbidden_shcs")).toBe("RRY, AVI");
    expect(inputValue(after.body, "min_charge_weight")).toBe("");
    expect(inputValue(after.body, "pax_weight_winter_adult")).toBe("80"); // untouched values stay
  });

  it("is not a page for platform or airline Default", async () => {
    expect((await (await signedIn("s7.localhost", "s7.operator")).request("s7.localhost", "/dashboard/settings/airline")).status).toBe(404);
    expect((await (await signedIn("s7.localhost", "platform")).request("s7.localhost", "/dashboard/settings/airline")).status).toBe(404);
  });
});

describe("handlers and airline customers", () => {
  it("a second handler at a station is refused beside the field; edit saves the times", async () => {
    const host = "s7.localhost";
    const browser = await signedIn(host, "s7.operator"); // Default may manage handlers too
    const dup = await submit(browser, host, "/dashboard/settings/handlers/create", { location: "ovb", latest_acceptance_time: "90", note: "again" });
    expect([dup.status, dup.refused]).toEqual([200, 422]);
    expect(textOf(dup.body)).toContain("This station already has a handler");
    expect(inputValue(dup.body, "latest_acceptance_time")).toBe("90");
    const [kja] = await db().select().from(handlers).where(and(eq(handlers.carrier, "S7"), eq(handlers.location, "KJA")));
    const saved = await submit(browser, host, `/dashboard/settings/handlers/${kja!.id}/edit`, {
      location: "KJA",
      latest_acceptance_time: "150",
      min_connection_time_domestic: "100",
      cargo_accepted: "on",
      transfer: "on",
    });
    expect(saved.status).toBe(302);
    const [after] = await db().select().from(handlers).where(eq(handlers.id, kja!.id));
    expect(after).toMatchObject({ latest_acceptance_time: 150, min_connection_time_domestic: 100, max_connection_time: null, transfer: true, manual_ffm: false });
    const list = textOf((await browser.request(host, "/dashboard/settings/handlers?location=kja")).body);
    expect(list).toContain("150 min");
    expect(list).not.toContain("Tolmachevo hub");
  });

  it("customers: tax ID required where the airline says so (C6), 'Customer already exists' with the typed values", async () => {
    const host = "c6.localhost";
    const browser = await signedIn(host, "c6.manager");
    const missing = await submit(browser, host, "/dashboard/settings/airline-customers/create", { name: "Samarkand Silk", city: "Samarkand", active: "on" });
    expect([missing.status, missing.refused]).toEqual([200, 400]);
    expect(textOf(missing.body)).toContain("The field is required");
    expect(inputValue(missing.body, "city")).toBe("Samarkand");
    const created = await submit(browser, host, "/dashboard/settings/airline-customers/create", {
      name: "Samarkand Silk",
      tax_id: "300000099",
      country_code: "uz",
      active: "on",
    });
    expect(created.status).toBe(302);
    const dup = await submit(browser, host, "/dashboard/settings/airline-customers/create", { name: "samarkand silk", tax_id: "300000100", srn: "C6-9" });
    expect([dup.status, dup.refused]).toEqual([200, 422]);
    expect(textOf(dup.body)).toContain("Customer already exists");
    expect(inputValue(dup.body, "srn")).toBe("C6-9");
    const list = textOf((await browser.request(host, "/dashboard/settings/airline-customers?q=samarkand&active=true")).body);
    expect(list).toContain("Samarkand Silk");
    expect(list).toContain("UZ");
  });

  it("customers and parties in GB or the EU need a post code: said beside it, everything typed kept (issue 22 item 15)", async () => {
    const host = "c6.localhost";
    const browser = await signedIn(host, "c6.manager");
    const fields = { name: "London Tea", tax_id: "GB000000001", city: "London", country_code: "gb", active: "on" };
    const refused = await submit(browser, host, "/dashboard/settings/airline-customers/create", fields);
    expect([refused.status, refused.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(refused.body, "post_code")).toBe("A post code is required for addresses in Great Britain and the EU");
    expect([inputValue(refused.body, "city"), inputValue(refused.body, "country_code"), inputValue(refused.body, "tax_id")]).toEqual(["London", "gb", "GB000000001"]);
    expect((await submit(browser, host, "/dashboard/settings/airline-customers/create", { ...fields, post_code: "TW6 2GA" })).status).toBe(302);

    const forwarder = await signedIn("localhost", "forwarder");
    const party = await submit(forwarder, "localhost", "/dashboard/settings/parties?dialog=new", { intent: "customer", name: "Paris Parts", country_code: "FR", city: "Paris" }, "/dashboard/settings/parties?index&dialog=new");
    expect([party.status, party.refused]).toEqual([200, 400]);
    expect(fieldErrorOf(party.body, "post_code")).toBe("A post code is required for addresses in Great Britain and the EU");
    expect(inputValue(party.body, "city")).toBe("Paris");
  });
});

describe("Russian", () => {
  it("the agreements page and its form render in Russian", async () => {
    const browser = await signedIn("s7.localhost", "s7.comcor");
    const csrf = hiddenInput((await browser.request("s7.localhost", "/dashboard/settings/agreements")).body, "csrf")!;
    const switched = await browser.request("s7.localhost", "/dashboard/preferences", {
      method: "POST",
      form: { csrf, intent: "locale", value: "ru", redirectTo: "/dashboard/settings/agreements" },
    });
    expect(switched.status).toBe(302);
    const list = textOf((await browser.request("s7.localhost", "/dashboard/settings/agreements")).body);
    expect(list).toContain("Новый договор");
    expect(list).toContain("Номер договора");
    const form = await submit(browser, "s7.localhost", "/dashboard/settings/agreements/create", { account_number: "X" });
    expect(textOf(form.body)).toContain("Поставщик (авиакомпания)");
    expect(textOf(form.body)).toContain("Поле обязательно");
  });
});
