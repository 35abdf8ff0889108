import ExcelJS from "exceljs";
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

describe("priced route search", () => {
  // A world of the test's own in 2020, before every demo price: one S7 flight DME-OVB, a general tariff, a deal for
  // Forwarder One's account, an AWB fee, fuel by chargeable weight and a security surcharge.
  const DAY = "2020-03-10";
  const from = { effectiveFrom: "2020-01-01", effectiveTo: "2020-12-31", currency: "RUB" };
  const search = (qs: string) => `/api/v3/trips?origin_iata=DME&destination_iata=OVB&date=${DAY}&${qs}`;
  type PricedTrip = { key: string; cost: string | null; currency: string | null; chargeable_weight: number | null; tariffs: Array<{ kind: string; code: string; amount: string; vat: string; weightBrake: number | null; sourceId: number }>; price_refusals: Array<{ code: string }> };
  const onlyTrip = async (tokens: (typeof accounts)[keyof typeof accounts], qs: string) => {
    const res = await s7(tokens, "GET", search(qs));
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as PricedTrip[];
    expect(data).toHaveLength(1);
    return data[0]!;
  };
  const ids: Record<string, number> = {};

  it("prices each trip for the caller's account: the deal for Forwarder One, the general tariff for Forwarder Two, with every line explained", async () => {
    const flight = await s7(accounts.s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "9001", origin_iata: "DME", destination_iata: "OVB", std: `${DAY}T22:00`, sta: "2020-03-11T05:30", aircraft_type: "32N" },
      time_mode: "local",
    });
    expect(flight.statusCode, flight.body).toBe(201);
    const post = async (path: string, body: object) => {
      const res = await s7(accounts.s7Manager, "POST", `/api/v3/billing/${path}`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    const vat = { vatInclusion: "included", vat: "20" };
    ids.general = await post("tariffs", { ...from, ...vat, origin: "DME", destination: "OVB", rates: [{ rateClass: "M", value: "2500" }, { rateClass: "N", value: "98" }, { rateClass: "Q", weightBrake: 45, value: "86" }, { rateClass: "Q", weightBrake: 100, value: "74" }, { rateClass: "Q", weightBrake: 300, value: "65" }] });
    ids.deal = await post("tariffs", { ...from, ...vat, origin: "DME", destination: "OVB", level: "second", companies: { included: [FWDONE] }, rates: [{ rateClass: "M", value: "2200" }, { rateClass: "N", value: "90" }, { rateClass: "Q", weightBrake: 100, value: "68" }, { rateClass: "Q", weightBrake: 300, value: "60" }] });
    ids.awc = await post("charges", { ...from, chargeCode: "AWC", chargeName: "AWB fee", basis: "fixed", rate: "450" });
    ids.myc = await post("charges", { ...from, chargeCode: "MYC", chargeName: "Fuel", basis: "charge", rate: "12.5", minimalRate: "500" });
    ids.scc = await post("surcharges", { ...from, code: "SCC", type: "perKg", value: "3.2" });

    // 150 kg, 0.5 m3 (83.3 kg by volume): 150 kg chargeable. The deal's Q100 68 × 150 = 10 200 (Q300: 60 × 300 = 18 000
    // is dearer); VAT 20 % inside it: 1 700. AWB fee 450, fuel 12.5 × 150 = 1 875, security 3.2 × 150 = 480.
    const one = await onlyTrip(accounts.forwarderOnS7, "weight=150&volume=0.5&pieces=3");
    expect(one).toMatchObject({ cost: "13005.00", currency: "RUB", chargeable_weight: 150, price_refusals: [] });
    const line = (code: string) => one.tariffs.find((l) => l.code === code);
    expect(one.tariffs.find((l) => l.kind === "airfreight")).toMatchObject({ sourceId: ids.deal, weightBrake: 100, amount: "10200.00", vat: "1700.00" });
    expect([line("AWC")?.amount, line("MYC")?.amount, line("SCC")?.amount]).toEqual(["450.00", "1875.00", "480.00"]);
    // Forwarder Two has no deal: the general Q100 74 × 150 = 11 100.
    const two = await onlyTrip(accounts.fwdTwoOnS7, "weight=150&volume=0.5&pieces=3");
    expect(two.cost).toBe("13905.00");
    expect(two.tariffs.find((l) => l.kind === "airfreight")).toMatchObject({ sourceId: ids.general, amount: "11100.00" });
    // The airline sees its general price.
    expect((await onlyTrip(accounts.s7Manager, "weight=150&volume=0.5&pieces=3")).cost).toBe("13905.00");
  });

  it("says why a trip has no price: no weight, no tariff for the day, an agreement that hides tariffs", async () => {
    expect((await onlyTrip(accounts.forwarderOnS7, "")).price_refusals).toEqual([{ code: "weight_needed" }]);
    await s7(accounts.s7Manager, "PATCH", `/api/v3/billing/tariffs/${ids.general}`, { effectiveTo: "2020-03-09" });
    const none = await onlyTrip(accounts.fwdTwoOnS7, "weight=150");
    expect(none.cost).toBeNull();
    expect(none.price_refusals[0]).toMatchObject({ code: "no_tariff" });
    // Only prices in force that day are read; of those, the deal is for another account, and the refusal says so.
    expect(none.price_refusals.map((r) => r.code)).toContain("tariff_account_not_included");
    await s7(accounts.s7Manager, "PATCH", `/api/v3/billing/tariffs/${ids.general}`, { effectiveTo: "2020-12-31" });
    const agreement = (await s7(accounts.s7Manager, "GET", "/api/v3/agreements?q=S7-FWD2-001")).json().data[0];
    await s7(accounts.s7Manager, "PATCH", `/api/v3/agreements/${agreement.id}`, { show_tariffs: false });
    try {
      const hidden = await onlyTrip(accounts.fwdTwoOnS7, "weight=150");
      expect(hidden).toMatchObject({ cost: null, tariffs: [], price_refusals: [{ code: "tariffs_not_available" }] });
    } finally {
      await s7(accounts.s7Manager, "PATCH", `/api/v3/agreements/${agreement.id}`, { show_tariffs: true });
    }
  });
});

/** Each sheet's name and its rows (header first), without exceljs' empty first cell. */
async function sheetsOf(body: Buffer) {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  return Object.fromEntries(book.worksheets.map((w) => [w.name, w.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1))]));
}

describe("prices as files and for forwarders' systems", () => {
  it("a tariff list's spreadsheet holds the rows the list shows, amounts as numbers; billing.xlsx a sheet per kind; a forwarder's only what may price it", async () => {
    const mine = (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ origin: "VVO", destination: "KHV", internalId: "XLSX-1", companies: { included: [FWDTWO] } }))).json();
    const res = await s7(accounts.s7Manager, "GET", "/api/v3/billing/tariffs.xlsx?origin=VVO&destination=KHV");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toContain("tariffs.xlsx");
    const { tariffs } = await sheetsOf(res.rawPayload);
    const header = tariffs![0] as string[];
    const row = tariffs!.find((r) => r[0] === mine.id)!;
    expect(row[header.indexOf("internalId")]).toBe("XLSX-1");
    expect(row[header.indexOf("n")]).toBe(95.5);
    expect(row[header.indexOf("accounts included")]).toBe(FWDTWO);
    const book = await sheetsOf((await s7(accounts.s7Manager, "GET", "/api/v3/billing.xlsx")).rawPayload);
    expect(Object.keys(book)).toEqual(["tariffs", "charges", "surcharges"]);
    // Forwarder One's file: not the tariff named for Forwarder Two.
    const theirs = await sheetsOf((await s7(accounts.forwarderOnS7, "GET", "/api/v3/billing/tariffs.xlsx?origin=VVO")).rawPayload);
    expect(theirs.tariffs!.slice(1).map((r) => r[0])).not.toContain(mine.id);
  });

  it("forwarders_api lists the tariffs in force that may price the forwarder, with their break columns and other charges, contracted ones marked", async () => {
    const deal = (await s7(accounts.s7Manager, "POST", "/api/v3/billing/tariffs", tariffBody({ origin: "IKT", destination: "VVO", effectiveFrom: "2020-01-01", companies: { included: [FWDONE] } }))).json();
    const res = await s7(accounts.forwarderOnS7, "GET", "/forwarders_api/v1/billing/tariffs?origin=IKT&destination=VVO&per_page=100");
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json().data.find((r: { id: number }) => r.id === deal.id);
    expect(found).toMatchObject({ contracted: true, type: "contracted", companies: [FWDONE], summary_rates: { min_rate: "1500", n: "95.5", q45: "80.25" } });
    expect((await s7(accounts.fwdTwoOnS7, "GET", "/forwarders_api/v1/billing/tariffs?origin=IKT&destination=VVO&per_page=100")).json().data.map((r: { id: number }) => r.id)).not.toContain(deal.id);
    expect((await su(accounts.forwarderOnSu, "GET", "/forwarders_api/v1/billing/tariffs")).statusCode).toBe(403);
  });
});
