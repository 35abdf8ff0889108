import { describe, expect, it } from "vitest";
import { callsOn, useTestApi } from "./helpers";

// Tariffs, billing charges and surcharges (issue 24; spec 3 §7 "Billing"): the airline publishes its prices, who
// sees which, confirming awareness, and what a body may not hold.

const { t, accounts } = useTestApi({
  signIn: ["platform", "s7Manager", "s7Operator", "suManager", "forwarderOnS7", "forwarderOnSu", "fwdTwoOnS7"],
});
const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");

const FWDONE = "S7-FWD1-001";
const FWDTWO = "S7-FWD2-001";

let serial = 0;
/** A tariff body on a route of its own (KJA to an airport by serial), so tests never meet each other's tariffs. */
function tariffBody(overrides: Record<string, unknown> = {}) {
  serial += 1;
  return {
    internalId: `T-${serial}`,
    origin: "KJA",
    destination: ["OVB", "DME", "LED", "SVO", "VVO", "KHV", "AER", "IKT"][serial % 8],
    effectiveFrom: "2026-01-01",
    effectiveTo: null,
    currency: "RUB",
    basis: "charge",
    product: "GCR",
    level: "first",
    legsNumber: "any",
    notes: `test ${serial}`,
    rates: [
      { rateClass: "M", value: "1500" },
      { rateClass: "N", value: "95.50" },
      { rateClass: "Q", weightBrake: 45, value: "80.25" },
      { rateClass: "Q", weightBrake: 100, value: "70" },
    ],
    ...overrides,
  };
}

const ids = (body: { data: Array<{ id: number }> }) => body.data.map((r) => r.id).sort((a, b) => a - b);

describe("tariffs", () => {
  it("an airline manager publishes a tariff: amounts come back as the decimal text sent, with the rate-break summary; the same tariff again is Exists", async () => {
    const body = tariffBody({ vatInclusion: "notIncluded", vat: "20", rates: [...tariffBody().rates, { rateClass: "Q", weightBrake: 300, value: "0.1" }] });
    const created = await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", { tariff: body });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      airline: "S7",
      internalId: body.internalId,
      origin: "KJA",
      vatInclusion: "notIncluded",
      vat: "20",
      companies: { included: [], excluded: [], notified: [] },
      expired: false,
      notified: false,
      summaryRates: { min_rate: "1500", n: "95.5", q45: "80.25", q100: "70", q300: "0.1", q500: null, q1000: null },
    });
    expect(created.json().rates).toContainEqual({ productCode: null, rateClass: "Q", weightBrake: 300, value: "0.1" });
    const again = await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", body);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ statusCode: "tariffAlreadyExists", code: "tariff_exists" });
  });

  it("refuses amounts that are not plain decimals, each under its field with a code, and keeps nothing", async () => {
    const before = (await s7(accounts.s7Manager, "GET", "/api/v3/billing/tariffs?per_page=1")).json().meta.total_count;
    const cases: Array<[unknown, string]> = [
      ["1e309", "amount_not_decimal"],
      ["0x10", "amount_not_decimal"],
      ["-0", "amount_negative_zero"],
      ["9".repeat(40), "amount_too_long"],
      ["1.1234567", "amount_too_long"],
      [" 12", "amount_not_decimal"],
      ["-5", "must_be_zero_or_more"],
      [true, "amount_not_decimal"],
    ];
    for (const [value, code] of cases) {
      const res = await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ rates: [{ rateClass: "N", value }] }));
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().error_codes["rates.0.value"], String(value)).toEqual([expect.objectContaining({ code })]);
    }
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ currency: "XQQ", vatInclusion: "included", rates: [{ rateClass: "Q", value: "1" }, { rateClass: "Q", value: "2" }] }));
    expect(res.statusCode).toBe(422);
    const codes = Object.fromEntries(Object.entries(res.json().error_codes as Record<string, Array<{ code: string }>>).map(([k, v]) => [k, v.map((r) => r.code)]));
    expect(codes).toMatchObject({ currency: ["unknown_currency"] });
    expect((await s7(accounts.s7Manager, "GET", "/api/v3/billing/tariffs?per_page=1")).json().meta.total_count).toBe(before);
  });

  it("checks across fields: VAT needs its percent, breaks are unique, a product needs an N rate, dates in order", async () => {
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({
      vatInclusion: "included",
      effectiveFrom: "2026-05-01",
      effectiveTo: "2026-04-01",
      transfers: ["KJA"],
      rates: [{ rateClass: "Q", weightBrake: 45, value: "1" }, { rateClass: "Q", weightBrake: 45, value: "2" }],
    }));
    expect(res.statusCode).toBe(422);
    const codes = Object.fromEntries(Object.entries(res.json().error_codes as Record<string, Array<{ code: string }>>).map(([k, v]) => [k, v.map((r) => r.code)]));
    expect(codes).toEqual({
      vat: ["blank"],
      effectiveTo: ["not_before"],
      transfers: ["transfer_is_route_end"],
      "rates.1.weightBrake": ["rate_duplicate"],
      rates: ["tariff_needs_normal_rate"],
    });
  });

  it("only an airline manager (or platform) writes; the airline's other roles read; another airline sees nothing of it", async () => {
    const created = (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody())).json();
    expect((await s7(accounts.s7Operator, "POST", "/api/v3/billing/tariffs", tariffBody())).statusCode).toBe(403);
    expect((await s7(accounts.s7Operator, "PATCH", `/api/v3/billing/tariffs/${created.id}`, { notes: "x" })).statusCode).toBe(403);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/billing/tariffs/${created.id}`)).json().id).toBe(created.id);
    expect((await su(accounts.suManager, "GET", `/api/v3/billing/tariffs/${created.id}`)).statusCode).toBe(404);
    expect((await su(accounts.suManager, "PATCH", `/api/v3/billing/tariffs/${created.id}`, { notes: "x" })).statusCode).toBe(403);
    expect((await su(accounts.suManager, "DELETE", `/api/v3/billing/tariffs/${created.id}`)).statusCode).toBe(403);
    expect(ids((await su(accounts.suManager, "GET", "/api/v3/billing/tariffs?per_page=100")).json())).not.toContain(created.id);

    const changed = await s7(accounts.s7Manager, "PATCH", `/api/v3/billing/tariffs/${created.id}`, { rates: [{ rateClass: "N", value: "101.10" }] });
    expect(changed.json().summaryRates).toMatchObject({ min_rate: null, n: "101.1", q45: null });
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/billing/tariffs/${created.id}`)).statusCode).toBe(204);
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/billing/tariffs/${created.id}`)).statusCode).toBe(404);
  });

  it("a forwarder sees the prices that may price its account, never another agent's account, and confirms awareness", async () => {
    const make = async (companies: Record<string, string[]>) =>
      (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ origin: "KHV", companies }))).json().id as number;
    const general = await make({});
    const forOne = await make({ included: [FWDONE, "S7-OTHER"] });
    const notOne = await make({ excluded: [FWDONE] });
    const forTwo = await make({ included: [FWDTWO] });

    const seen = (await s7(accounts.forwarderOnS7, "GET", "/api/v3/billing/tariffs?origin=KHV&per_page=100")).json();
    expect(ids(seen)).toEqual([general, forOne].sort((a, b) => a - b));
    expect(seen.data.find((r: { id: number }) => r.id === forOne).companies).toEqual({ included: [FWDONE], excluded: [], notified: [] });
    expect(ids((await s7(accounts.fwdTwoOnS7, "GET", "/api/v3/billing/tariffs?origin=KHV&per_page=100")).json())).toEqual([general, notOne, forTwo].sort((a, b) => a - b));
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v3/billing/tariffs/${forTwo}`)).statusCode).toBe(404);
    // SU shows this forwarder no tariffs (its agreement's show_tariffs is off).
    const refused = await su(accounts.forwarderOnSu, "GET", "/api/v3/billing/tariffs");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("tariffs_not_available");

    expect((await s7(accounts.forwarderOnS7, "GET", "/api/v3/billing/tariffs?origin=KHV&mode=new&per_page=100")).json().meta.total_count).toBe(2);
    const marked = await s7(accounts.forwarderOnS7, "POST", "/api/v3/billing/tariffs/notification_marks", { ids: [general, forTwo] });
    expect(marked.json()).toEqual({ notified: 1 });
    expect(ids((await s7(accounts.forwarderOnS7, "GET", "/api/v3/billing/tariffs?origin=KHV&mode=new&per_page=100")).json())).toEqual([forOne]);
    const airlineView = (await s7(accounts.s7Manager, "GET", `/api/v3/billing/tariffs/${general}`)).json();
    expect(airlineView).toMatchObject({ notified: true, companies: { notified: [FWDONE] } });
    expect((await s7(accounts.forwarderOnS7, "POST", "/api/v3/billing/tariffs/notification_marks", { ids: [general] })).json()).toEqual({ notified: 0 });
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs/notification_marks", { ids: [general] })).statusCode).toBe(403);
    expect((await s7(accounts.forwarderOnS7, "POST", "/api/v3/billing/tariffs", tariffBody())).statusCode).toBe(403);
  });

  it("on route lists the tariffs that could price the route, those for any airport included", async () => {
    const exact = (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ origin: "IKT", destination: "AER" }))).json().id;
    const anyOrigin = (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ origin: null, destination: "AER", internalId: "ANY-AER" }))).json().id;
    const other = (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ origin: "IKT", destination: "VVO" }))).json().id;
    const route = ids((await s7(accounts.s7Manager, "GET", "/api/v3/billing/tariffs?mode=route&origin=IKT&destination=AER&per_page=100")).json());
    expect(route).toContain(exact);
    expect(route).toContain(anyOrigin);
    expect(route).not.toContain(other);
  });
});

describe("billing charges and surcharges", () => {
  it("publish with their own fields and checks, in currencies of 0 and 3 decimals", async () => {
    const charge = await s7(accounts.s7Manager, "POST", "/api/v3/billing/charges", {
      charge: { chargeCode: "awc", chargeName: "AWB fee", basis: "fixed", rate: "1500", currency: "JPY", effectiveFrom: "2026-01-01", shc: "DGR, per" },
    });
    expect(charge.statusCode).toBe(201);
    expect(charge.json()).toMatchObject({ chargeCode: "AWC", rate: "1500", minimalRate: null, shc: ["DGR", "PER"], currency: "JPY" });
    const tooLow = await s7(accounts.s7Manager, "POST", "/api/v3/billing/charges", { chargeCode: "MYC", chargeName: "Fuel", basis: "fixed", rate: "5", minimalRate: "6", currency: "KWD", effectiveFrom: "2026-01-01" });
    expect(tooLow.json().error_codes).toEqual({ minimalRate: [{ code: "not_more_than", params: { field: "rate" } }] });
    const surcharge = await s7(accounts.s7Manager, "POST", "/api/v3/billing/surcharges", { code: "FSC", type: "perKg", value: "0.125", minimalWeight: "100", currency: "KWD", effectiveFrom: "2026-01-01" });
    expect(surcharge.statusCode).toBe(201);
    expect(surcharge.json()).toMatchObject({ code: "FSC", type: "perKg", value: "0.125", minimalWeight: "100" });
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/billing/surcharges", { code: "FSC", type: "percent", value: "1001", currency: "RUB", effectiveFrom: "2026-01-01" })).json().error_codes.value[0].code).toBe("too_big");
    const listed = (await s7(accounts.s7Operator, "GET", "/api/v3/billing/charges?charge_code=awc")).json();
    expect(listed.data.map((c: { id: number }) => c.id)).toContain(charge.json().id);
  });
});
