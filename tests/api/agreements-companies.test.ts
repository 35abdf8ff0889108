import { describe, expect, it } from "vitest";
import { demoAgreements } from "../../api/seed-data";
import { callsOn, seedToday, useTestApi } from "./helpers";

const { t, accounts } = useTestApi({
  signIn: ["platform", "s7Manager", "s7Comcor", "s7Operator", "s7Billing", "suManager", "forwarder", "forwarderAdmin", "fwdTwo"],
});

const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");
const plain = callsOn(t);

// The demo agreements are relative to the seed date: S7–FWDTWO runs from 1 January of its year Y through Y+1.
const Y = Number(seedToday().slice(0, 4));
const DEMO = demoAgreements(seedToday());
const [S7_DEMO_CONTRACT] = DEMO.map((a) => a.contract_number);
/** The demo agreements' contract numbers where `pick` holds, sorted. */
const demoContracts = (pick: (a: (typeof DEMO)[number]) => boolean) => DEMO.filter(pick).map((a) => a.contract_number).sort();
/** The other side of the demo agreements of one company, sorted. */
const partnersOf = (side: "supplier" | "client", name: string) => DEMO.filter((a) => a[side] === name).map((a) => (side === "supplier" ? a.client : a.supplier)).sort();

const NEW_AGREEMENT = {
  client: "FWDONE",
  account_number: "S7-FWD1-001",
  contract_number: "S7/2025/100",
  currency: "rub",
  effective_from: `${Y + 2}-03-01`,
  effective_to: `${Y + 3}-02-28`,
  sales_origins: ["OVB", "dme"],
  additional_prefixes: "421",
  allowed_manual_routes: ["ovb-kja"],
  show_tariffs: "true",
};

describe("agreements", () => {
  it("shows an airline its agreements as supplier, a forwarder its own as client, platform all", async () => {
    const mine = (await s7(accounts.s7Operator, "GET", "/api/v3/agreements")).json();
    expect(mine.data.map((a: { contract_number: string }) => a.contract_number).sort()).toEqual(demoContracts((a) => a.supplier === "S7"));
    expect(mine.data.find((a: { contract_number: string }) => a.contract_number === S7_DEMO_CONTRACT)).toMatchObject({
      contract_number: S7_DEMO_CONTRACT,
      currency: "RUB",
      active: true,
      supplier: { short_name: "S7", carrier: "S7" },
      client: { short_name: "FWDTWO", name: "Forwarder Two", city: "Novosibirsk", country: "RU" },
    });
    const names = (body: { data: Array<{ client: { short_name: string }; supplier: { short_name: string } }> }, side: "client" | "supplier") => body.data.map((a) => a[side].short_name).sort();
    expect(names((await su(accounts.suManager, "GET", "/api/v3/agreements")).json(), "client")).toEqual(partnersOf("supplier", "SU"));
    expect(names((await plain(accounts.forwarder, "GET", "/api/v3/agreements")).json(), "supplier")).toEqual(partnersOf("client", "FWDONE"));
    expect(names((await plain(accounts.fwdTwo, "GET", "/api/v3/agreements")).json(), "supplier")).toEqual(partnersOf("client", "FWDTWO"));
    expect((await plain(accounts.platform, "GET", "/api/v3/agreements")).json().meta.total_count).toBe(DEMO.length);
  });

  it("no demo agreement has ended on a fresh install: each is in force on the seed date, its number carries the year", async () => {
    const inForce = (await plain(accounts.platform, "GET", `/api/v3/agreements?effective_on=${t.today}`)).json();
    expect(inForce.data.map((a: { contract_number: string }) => a.contract_number).sort()).toEqual(demoContracts(() => true));
    for (const a of inForce.data as Array<{ effective_to: string | null; active: boolean }>) {
      expect(a.active).toBe(true);
      if (a.effective_to !== null) expect(a.effective_to > t.today).toBe(true);
    }
    expect(S7_DEMO_CONTRACT).toBe(`S7/${Y}/017`);
  });

  it("lists the companies an airline can make agreements with", async () => {
    const body = (await s7(accounts.s7Manager, "GET", "/api/v3/agreements/companies")).json();
    expect(body.data.map((c: { short_name: string }) => c.short_name)).toEqual(["FWDONE", "FWDTWO"]);
    expect(body.data[0]).toMatchObject({ business_type: "forwarder", name: "Forwarder One" });
    expect((await plain(accounts.forwarder, "GET", "/api/v3/agreements/companies")).json().data.every((c: { business_type: string }) => c.business_type === "airline")).toBe(true);
  });

  it("lets an S7 manager create an agreement with FWDONE, read and edit it", async () => {
    const created = await s7(accounts.s7Manager, "POST", "/api/v3/agreements", { agreement: NEW_AGREEMENT });
    expect(created.statusCode).toBe(201);
    const a = created.json();
    expect(a).toMatchObject({
      account_number: "S7-FWD1-001",
      currency: "RUB",
      effective_from: `${Y + 2}-03-01`,
      effective_to: `${Y + 3}-02-28`,
      sales_origins: ["OVB", "DME"],
      additional_prefixes: ["421"],
      allowed_manual_routes: ["OVB-KJA"],
      show_tariffs: true,
      active: true,
      balance_check_disabled: false,
      smart_contract: false,
      supplier: { short_name: "S7" },
      client: { short_name: "FWDONE" },
    });
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/agreements/${a.id}`)).json().contract_number).toBe("S7/2025/100");
    // FWDONE sees it now, as client.
    expect((await plain(accounts.forwarder, "GET", `/api/v3/agreements/${a.id}`)).statusCode).toBe(200);

    const edited = await s7(accounts.s7Comcor, "PATCH", `/api/v3/agreements/${a.id}`, { agreement: { active: false, currency: "USD", effective_to: "" } });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ active: false, currency: "USD", effective_to: null, account_number: "S7-FWD1-001" });
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/agreements?active=false")).json().data.map((x: { id: number }) => x.id)).toEqual([a.id]);
    // In force on a date: from ≤ date ≤ to (an open end counts).
    const on = async (date: string) => (await s7(accounts.s7Operator, "GET", `/api/v3/agreements?effective_on=${date}`)).json().data.map((x: { contract_number: string }) => x.contract_number).sort();
    const openEnded = demoContracts((a) => a.supplier === "S7" && a.effective_to === null);
    expect(await on(`${Y}-02-01`)).toEqual([S7_DEMO_CONTRACT, ...openEnded].sort());
    expect(await on(`${Y + 3}-06-01`)).toEqual(["S7/2025/100", ...openEnded].sort());

    const dup = await s7(accounts.s7Manager, "POST", "/api/v3/agreements", { agreement: NEW_AGREEMENT });
    expect([dup.statusCode, dup.json()]).toEqual([422, { errors: ["Agreement already exists"], code: "agreement_exists", params: {} }]);
  });

  it("answers required-field and rule errors under each field", async () => {
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/agreements", { agreement: { currency: "GBP", effective_from: "2025-02-30" } });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      client: ["can't be blank"],
      account_number: ["can't be blank"],
      contract_number: ["can't be blank"],
      currency: [expect.stringContaining("must be one of RUB, USD")],
      effective_from: ["is not a valid date"],
    });
    const dates = await s7(accounts.s7Manager, "POST", "/api/v3/agreements", { ...NEW_AGREEMENT, contract_number: "X", effective_from: "2025-05-01", effective_to: "2025-04-30" });
    expect(dates.json()).toEqual({ errors: { effective_to: ["must not be before effective_from"] }, error_codes: { effective_to: [{ code: "not_before", params: { field: "effective_from" } }] } });
    const client = await s7(accounts.s7Manager, "POST", "/api/v3/agreements", { ...NEW_AGREEMENT, contract_number: "X", client: "SU" });
    expect(client.json()).toEqual({ errors: { client: ["must be a forwarder company"] }, error_codes: { client: [{ code: "must_be_forwarder_company", params: {} }] } });
    const other = await s7(accounts.s7Manager, "POST", "/api/v3/agreements", { ...NEW_AGREEMENT, contract_number: "X", supplier: "SU" });
    expect(other.json()).toEqual({ errors: { supplier: ["must be your own airline"] }, error_codes: { supplier: [{ code: "must_be_own_airline", params: {} }] } });
    const byPlatform = await plain(accounts.platform, "POST", "/api/v3/agreements", { ...NEW_AGREEMENT, contract_number: "X" });
    expect(byPlatform.json()).toEqual({ errors: { supplier: ["can't be blank"] }, error_codes: { supplier: [{ code: "blank", params: {} }] } });
    const ok = await plain(accounts.platform, "POST", "/api/v3/agreements", { ...NEW_AGREEMENT, contract_number: "C6-1", supplier: "C6" });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().supplier.short_name).toBe("C6");
  });

  it("keeps other airlines' agreements out of reach and refuses roles without access", async () => {
    const suAgreement = (await su(accounts.suManager, "GET", "/api/v3/agreements")).json().data[0];
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/agreements/${suAgreement.id}`)).json()).toEqual({ error: "Agreement not found", code: "agreement_not_found", params: {} });
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/agreements/${suAgreement.id}`, { active: false })).statusCode).toBe(404);
    expect((await plain(accounts.fwdTwo, "GET", `/api/v3/agreements/${suAgreement.id}`)).statusCode).toBe(404);
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/agreements/999999")).json()).toEqual({ error: "Agreement not found", code: "agreement_not_found", params: {} });
    // Read-only roles, and roles without the page.
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/agreements", NEW_AGREEMENT)).statusCode).toBe(403);
    expect((await plain(accounts.forwarder, "PATCH", `/api/v3/agreements/${suAgreement.id}`, { active: false })).statusCode).toBe(403);
    expect((await s7(accounts.s7Billing, "GET", "/api/v3/agreements")).statusCode).toBe(403);
    expect((await plain(accounts.forwarderAdmin, "GET", "/api/v3/agreements")).statusCode).toBe(403);
  });
});

describe("companies", () => {
  it("lets platform list every company and filter", async () => {
    const all = (await plain(accounts.platform, "GET", "/api/v3/companies?per_page=100")).json();
    expect(all.meta.total_count).toBe(8);
    const forwarders = (await plain(accounts.platform, "GET", "/api/v3/companies?business_type=forwarder")).json();
    expect(forwarders.data.map((c: { short_name: string }) => c.short_name)).toEqual(["FWDONE", "FWDTWO"]);
    expect((await plain(accounts.platform, "GET", "/api/v3/companies?q=centrum")).json().data[0]).toMatchObject({ short_name: "C6", business_type: "airline", carrier: "C6" });
  });

  it("lets everyone else read only their own company", async () => {
    const mine = (await s7(accounts.s7Operator, "GET", "/api/v3/companies")).json();
    expect(mine.data.map((c: { short_name: string }) => c.short_name)).toEqual(["S7"]);
    const s7Id = mine.data[0].id;
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/companies/${s7Id}`)).json().short_name).toBe("S7");
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/companies/${s7Id}/details`)).json()).toMatchObject({ short_name: "S7", dg_storage: false, contacts: [] });
    const suId = (await su(accounts.suManager, "GET", "/api/v3/companies")).json().data[0].id;
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/companies/${suId}`)).json()).toEqual({ error: "Record Not Found", code: "record_not_found", params: {} });
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/companies/${suId}/details`)).statusCode).toBe(404);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/companies/${suId}/state`)).statusCode).toBe(404);
  });

  it("answers the beneficiary state with zero balances", async () => {
    const id = (await plain(accounts.forwarder, "GET", "/api/v3/companies")).json().data[0].id;
    expect((await plain(accounts.forwarder, "GET", `/api/v3/companies/${id}/state`)).json()).toEqual({
      beneficiaryId: "FWDONE",
      status: "active",
      balance: { balance: 0, obligations: 0, pending: 0, blocked: 0, debt: 0 },
      smartContracts: [],
      events: [],
    });
  });

  it("lets platform create, change and delete companies with every field", async () => {
    const created = await plain(accounts.platform, "POST", "/api/v3/companies", {
      company: {
        name: "Cargo Partners",
        short_name: "cargop",
        business_type: "forwarder",
        local_name: "Карго Партнёрс",
        country: "ru",
        city: "Kazan",
        default_airport: "kzn",
        cass_codes: "1234, 5678",
        permitted_carriers: ["s7", "SU"],
        access_to_all_carriers: false,
        contacts: [{ name: "Rita", phone: "+7 843 000", email: "rita@cp.test" }],
        dg_storage: true,
        latitude: "55.6",
        longitude: 49.3,
        shcs_accepted: ["PER", "avi"],
        email: "office@cp.test",
      },
    });
    expect(created.statusCode).toBe(201);
    const c = created.json();
    expect(c).toMatchObject({
      short_name: "CARGOP",
      business_type: "forwarder",
      country: "RU",
      default_airport: "KZN",
      cass_codes: ["1234", "5678"],
      permitted_carriers: ["S7", "SU"],
      contacts: [{ name: "Rita" }],
      dg_storage: true,
      latitude: 55.6,
      shcs_accepted: ["PER", "AVI"],
    });
    const edited = await plain(accounts.platform, "PATCH", `/api/v3/companies/${c.id}`, { company: { notes: "VIP", invisible: true, city: "" } });
    expect(edited.json()).toMatchObject({ notes: "VIP", invisible: true, city: null, name: "Cargo Partners" });
    expect((await plain(accounts.platform, "GET", `/api/v3/companies/${c.id}/details`)).json().notes).toBe("VIP");

    expect((await plain(accounts.platform, "POST", "/api/v3/companies", { name: "X", short_name: "CARGOP", business_type: "visitor" })).json()).toEqual({
      errors: { short_name: ["has already been taken"] },
      error_codes: { short_name: [{ code: "taken", params: {} }] },
    });
    const blank = await plain(accounts.platform, "POST", "/api/v3/companies", { email: "nope" });
    expect(blank.json().errors).toMatchObject({ name: ["can't be blank"], short_name: ["can't be blank"], business_type: ["can't be blank"] });
    const airline = await plain(accounts.platform, "POST", "/api/v3/companies", { name: "Ural Airlines", short_name: "U6", business_type: "airline", carrier: "U6" });
    expect(airline.json()).toEqual({ errors: { awb_prefix: ["is required for a new airline"] }, error_codes: { awb_prefix: [{ code: "awb_prefix_required", params: {} }] } });
    const withPrefix = await plain(accounts.platform, "POST", "/api/v3/companies", { name: "Ural Airlines", short_name: "U6", business_type: "airline", carrier: "u6", awb_prefix: "262" });
    expect(withPrefix.statusCode).toBe(201);
    expect((await plain(accounts.platform, "GET", "/api/v3/airlines/U6")).json()).toMatchObject({ awb_prefix: "262", name: "Ural Airlines" });

    expect((await plain(accounts.platform, "DELETE", `/api/v3/companies/${c.id}`)).statusCode).toBe(204);
    expect((await plain(accounts.platform, "GET", `/api/v3/companies/${c.id}`)).statusCode).toBe(404);
    const fwdTwoId = (await plain(accounts.fwdTwo, "GET", "/api/v3/companies")).json().data[0].id;
    expect((await plain(accounts.platform, "DELETE", `/api/v3/companies/${fwdTwoId}`)).json()).toEqual({ errors: ["Company has agreements and cannot be deleted"], code: "company_has_agreements", params: {} });
  });

  it("refuses company writes to everyone but platform", async () => {
    const body = { name: "Sneaky", short_name: "SNEAKY", business_type: "forwarder" };
    expect((await plain(accounts.forwarderAdmin, "POST", "/api/v3/companies", body)).json()).toEqual({ error: "Access denied", code: "access_denied", params: {} });
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/companies", body)).statusCode).toBe(403);
    const own = (await s7(accounts.s7Manager, "GET", "/api/v3/companies")).json().data[0].id;
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/companies/${own}`, { name: "Mine" })).statusCode).toBe(403);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/companies/${own}`)).statusCode).toBe(403);
  });
});
