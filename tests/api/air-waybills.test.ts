import { and, desc, eq, gte } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { awbCheckDigit, checkAwbNumber } from "../../cargo";
import { agreements, airlines, airWaybills, awbStockNumbers, changeLogs, companies, segments, userNotifications } from "../../api/db/schema";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// Air waybills (issue 10): created from the forwarder's stock (or typed on su), read under tenancy, edited with a
// change log, and taken through issue, verify, void and deliver by the airline. Numbers are read from the database
// by what they are (the forwarder's lowest free number), never assumed.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Operator", "suManager", "forwarderOnS7", "forwarderOnSu", "fwdTwo", "platform"] });
const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");
const anyHost = callsOn(t);

const cargo = (extra: object = {}) => ({
  origin_iata: "DME",
  destination_iata: "OVB",
  pieces: 2,
  weight: 120.5,
  commodity: "SPARE PARTS",
  hs_codes: ["847330"],
  shipper: { name: "Volga Machinery", city: "Moscow", country_code: "RU" },
  consignee: { name: "Ob River Foods", city: "Novosibirsk", country_code: "RU" },
  ...extra,
});
const create = (call: typeof s7, tokens: Tokens, air_waybill: object, more: object = {}) => call(tokens, "POST", "/api/v3/air_waybills", { air_waybill, ...more });

async function companyId(shortName: string) {
  const [row] = await t.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, shortName));
  return row!.id;
}

/** The lowest free number a forwarder holds under a prefix. */
async function lowestFree(shortName: string, prefix: string) {
  const rows = await t.database.db
    .select({ mawb: awbStockNumbers.mawb, serial: awbStockNumbers.serial })
    .from(awbStockNumbers)
    .where(and(eq(awbStockNumbers.forwarder_id, await companyId(shortName)), eq(awbStockNumbers.prefix, prefix), eq(awbStockNumbers.state, "free")));
  return rows.sort((a, b) => a.serial - b.serial)[0]!.mawb;
}

const numberOf = (prefix: string, serial7: number) => `${prefix}-${String(serial7).padStart(7, "0")}${awbCheckDigit(serial7)}`;

describe("creating from the forwarder's stock", () => {
  it("takes the forwarder's lowest free number of the host airline and marks it used", async () => {
    const expected = await lowestFree("FWDONE", "421");
    const res = await create(s7, accounts.forwarderOnS7, cargo());
    expect(res.statusCode, res.body).toBe(201);
    const awb = res.json();
    expect(awb).toMatchObject({ mawb: expected, carrier: "S7", prefix: "421", forwarder_short_name: "FWDONE", custom_number: false, pieces: 2, weight: 120.5 });
    expect(checkAwbNumber(awb.mawb).valid).toBe(true);
    const [stock] = await t.database.db.select().from(awbStockNumbers).where(eq(awbStockNumbers.mawb, expected));
    expect(stock!.state).toBe("used");
  });

  it("computes volume from the dimension rows and the chargeable weight by the airline's ratio, rounded up to 0.5 kg", async () => {
    const res = await create(s7, accounts.forwarderOnS7, cargo({ pieces: 2, weight: 100 }), {
      dimensions: [{ pieces: 2, length: "100", width: "100", height: "100" }],
    });
    expect(res.statusCode, res.body).toBe(201);
    const awb = res.json();
    expect(awb.volume).toBe(2);
    // 2 m3 at 6000 cm3/kg = 333.33 kg volume weight, above 100 kg gross: 333.5 kg chargeable
    expect(awb.chargeable_calculation).toMatchObject({ gross_weight: 100, volume_weight: 333.3, chargeable_weight: 333.5, basis: "volume" });
    expect(awb.charge_weight).toBe(333.5);
    expect(awb.dimensions[0]).toMatchObject({ pieces: 2, length: 100, volume: 2 });
  });

  it("gives fifty parallel creations fifty distinct numbers", async () => {
    const results = await Promise.all(Array.from({ length: 50 }, () => create(s7, accounts.forwarderOnS7, cargo())));
    for (const r of results) expect(r.statusCode, r.body).toBe(201);
    const numbers = new Set(results.map((r) => r.json().mawb));
    expect(numbers.size).toBe(50);
  });

  it("asks to confirm the business-check warnings and stores them once accepted", async () => {
    const before = (await t.database.db.select({ id: airWaybills.id }).from(airWaybills)).length;
    const heavy = cargo({ pieces: 1, weight: 6000, volume: 10 });
    const asked = await create(s7, accounts.forwarderOnS7, heavy);
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({ error: "confirmation_required" });
    expect(asked.json().warnings).toEqual(expect.arrayContaining(["weight_over_limit", "average_piece_weight", "average_piece_volume"]));
    expect((await t.database.db.select({ id: airWaybills.id }).from(airWaybills)).length).toBe(before);
    const accepted = await create(s7, accounts.forwarderOnS7, heavy, { accept_warnings: true });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().warnings).toEqual(expect.arrayContaining(["weight_over_limit"]));
  });

  it("refuses missing and bad fields under their names and stores nothing", async () => {
    const before = (await t.database.db.select({ id: airWaybills.id }).from(airWaybills)).length;
    const res = await create(s7, accounts.forwarderOnS7, { origin_iata: "DME", destination_iata: "DME", pieces: "0", weight: -1, commodity: "ЗАПЧАСТИ", hs_codes: [] });
    expect(res.statusCode, res.body).toBe(422);
    const errors = res.json().errors;
    expect(Object.keys(errors)).toEqual(expect.arrayContaining(["pieces", "weight"]));
    const second = await create(s7, accounts.forwarderOnS7, cargo({ destination_iata: "DME", commodity: "ЗАПЧАСТИ", hs_codes: [], shcs: ["ZZZ"] }));
    expect(second.statusCode, second.body).toBe(422);
    expect(second.json().errors).toMatchObject({
      destination_iata: ["must differ from the origin"],
      commodity: ["Latin letters and numbers only"],
      hs_codes: ["must have at least one HS code"],
      shcs: [expect.stringContaining("ZZZ")],
    });
    const huge = await create(s7, accounts.forwarderOnS7, cargo({ pieces: 2 ** 31, weight: 1e308 }), { dimensions: Array.from({ length: 101 }, () => ({ pieces: 1, length: 1, width: 1, height: 1 })) });
    expect(huge.statusCode).toBe(422);
    const giant = await create(s7, accounts.forwarderOnS7, cargo({ pieces: 100 }), { dimensions: [{ pieces: 100, length: 3000, width: 3000, height: 3000 }] });
    expect(giant.statusCode, giant.body).toBe(422);
    expect(giant.json().errors.dimensions).toEqual([expect.stringContaining("more than 10000 m³")]);
    expect((await t.database.db.select({ id: airWaybills.id }).from(airWaybills)).length).toBe(before);
  });

  it("refuses HEA without dimensions and an unaccepted certification when booking", async () => {
    const res = await create(s7, accounts.forwarderOnS7, cargo({ shcs: ["HEA"] }), { segments: [1] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toMatchObject({ dimensions: ["dimensions for HEA cargo missing"], consignor_certified: ["must be accepted"] });
  });

  it("is refused to an airline outside su and to a visitor-less caller", async () => {
    expect((await create(s7, accounts.s7Manager, cargo({ forwarder_short_name: "FWDONE" }))).statusCode).toBe(403);
  });
});

describe("a number the forwarder types (su)", () => {
  const typedSerial = 7_777_001;

  it("takes a valid number outside the stock and keeps it as typed", async () => {
    const typed = numberOf("555", typedSerial).replace("-", " ");
    const res = await create(su, accounts.forwarderOnSu, cargo({ mawb: typed, origin_iata: "SVO", destination_iata: "LED" }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mawb: numberOf("555", typedSerial), carrier: "SU", custom_number: true });
  });

  it("refuses a wrong check digit, another airline's prefix, a used number and typing on s7", async () => {
    const serial = typedSerial + 1;
    const wrongDigit = `555-${serial}${(awbCheckDigit(serial) + 1) % 7}`;
    const cases: Array<[typeof s7, Tokens, string, string]> = [
      [su, accounts.forwarderOnSu, wrongDigit, "invalid control bit"],
      [su, accounts.forwarderOnSu, "555-123", "air waybill number not valid"],
      [su, accounts.forwarderOnSu, numberOf("421", serial), "air waybill number not valid for this airline"],
      [su, accounts.forwarderOnSu, numberOf("555", typedSerial), "air waybill number not available"],
      [s7, accounts.forwarderOnS7, numberOf("421", serial), "can't be chosen on this site: the number comes from your stock"],
    ];
    for (const [call, tokens, mawb, message] of cases) {
      const res = await create(call, tokens, cargo({ mawb, origin_iata: "SVO", destination_iata: "LED" }));
      expect(res.statusCode, `${mawb}: ${res.body}`).toBe(422);
      expect(res.json().errors.mawb, mawb).toEqual([message]);
    }
  });

  it("refuses a number of another forwarder's stock", async () => {
    const theirs = await lowestFree("FWDTWO", "555");
    const res = await create(su, accounts.forwarderOnSu, cargo({ mawb: theirs, origin_iata: "SVO", destination_iata: "LED" }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.mawb).toEqual(["air waybill number not available"]);
  });
});

describe("reading and tenancy", () => {
  it("shows a waybill to its forwarder and its airline, to nobody else (404)", async () => {
    const { mawb } = (await create(s7, accounts.forwarderOnS7, cargo())).json();
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}`)).statusCode).toBe(200);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${mawb.replace("-", "")}`)).statusCode).toBe(200);
    expect((await anyHost(accounts.platform, "GET", `/api/v3/air_waybills/${mawb}`)).statusCode).toBe(200);
    expect((await su(accounts.suManager, "GET", `/api/v3/air_waybills/${mawb}`)).statusCode).toBe(404);
    expect((await anyHost(accounts.fwdTwo, "GET", `/api/v3/air_waybills/${mawb}`)).statusCode).toBe(404);
    expect((await anyHost(accounts.fwdTwo, "PATCH", `/api/v3/air_waybills/${mawb}`, { air_waybill: { weight: 1 } })).statusCode).toBe(404);
    for (const bad of ["x", "421-00000000", "%00", "9".repeat(200)]) {
      expect((await s7(accounts.s7Operator, "GET", `/api/v3/air_waybills/${encodeURIComponent(bad)}`)).statusCode, bad).toBe(404);
    }
  });
});

describe("editing", () => {
  it("logs every change with who, before and after; the forwarder's edits stop once issued", async () => {
    const { mawb, id } = (await create(s7, accounts.forwarderOnS7, cargo())).json();
    // the same shipper sent again with its keys in another order (as an edit form posts it) is no change
    const sameShipper = { country_code: "RU", city: "Moscow", name: "Volga Machinery" };
    const edit = await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}`, {
      air_waybill: { weight: "130,5".replace(",", "."), handling_information: "KEEP DRY", shipper: sameShipper },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json()).toMatchObject({ weight: 130.5, handling_information: "KEEP DRY", charge_weight: 130.5 });
    const logs = await t.database.db.select().from(changeLogs).where(and(eq(changeLogs.record_type, "AirWaybill"), eq(changeLogs.record_id, id)));
    const update = logs.find((l) => l.action === "update")!;
    expect(update.channel_id).toBe("forwarder@cargodesk.test");
    expect(update.change_set.weight).toEqual([120.5, 130.5]);
    expect(update.change_set).not.toHaveProperty("shipper");
    // nothing → [] or {} is not a change either (issue 22 §3: "rating: — → []", "totals: — → {}")
    const created = logs.find((l) => l.action === "create")!;
    expect(Object.keys(created.change_set)).toEqual(expect.arrayContaining(["weight", "commodity", "shipper"]));
    expect(created.change_set).not.toHaveProperty("rating");
    expect(created.change_set).not.toHaveProperty("totals");
    const shown = await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}/change_logs`);
    expect(shown.json().data.map((l: { action: string }) => l.action)).toEqual(["update", "create"]);

    expect((await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}`, { air_waybill: { airline_defined_cw: 500 } })).json().errors).toHaveProperty("airline_defined_cw");
    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/issue`)).statusCode).toBe(200);
    const late = await s7(accounts.forwarderOnS7, "PATCH", `/api/v3/air_waybills/${mawb}`, { air_waybill: { weight: 140 } });
    expect(late.statusCode).toBe(422);
    const airline = await s7(accounts.s7Manager, "PATCH", `/api/v3/air_waybills/${mawb}`, { air_waybill: { airline_defined_cw: 150 } });
    expect(airline.json()).toMatchObject({ charge_weight: 150, charge_weight_source: "airline", chargeable_calculation: { basis: "airline" } });
  });
});

describe("issue, verify, void and deliver", () => {
  it("follows the airline's actions; the forwarder may take none of them", async () => {
    const { mawb } = (await create(s7, accounts.forwarderOnS7, cargo())).json();
    expect((await s7(accounts.forwarderOnS7, "POST", `/api/v3/air_waybills/${mawb}/issue`)).statusCode).toBe(403);
    const fresh = (await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}`)).json();
    expect(fresh.actions).toMatchObject({ edit: true, issue: false, verify: false, void: false });
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}`)).json().actions).toMatchObject({ issue: true, verify: false, void: true });

    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/verify`)).statusCode).toBe(422);
    // the issue date is the API clock's UTC day (read around the call: a clock near midnight may turn between)
    const dayBefore = t.app.deps.now().toISOString().slice(0, 10);
    const issued = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/issue`);
    const dayAfter = t.app.deps.now().toISOString().slice(0, 10);
    expect([dayBefore, dayAfter]).toContain(issued.json().issue_date);
    const verified = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/verify`);
    expect(verified.json().verified_at).not.toBeNull();
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/air_waybills/${mawb}/issue`)).statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/air_waybills/${mawb}/verify`)).json().verified_at).toBeNull();

    // cargo that never flew is not delivered (the state graph; delivery after a flight: tests/api/handling.test.ts)
    const delivered = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/deliver`);
    expect(delivered.statusCode).toBe(422);
    expect(delivered.json()).toMatchObject({ code: "shipment_state_forbids", params: { state: "issued", action: "deliver" } });
    expect((await s7(accounts.forwarderOnS7, "GET", `/api/v3/air_waybills/${mawb}/movements`)).json().data).toEqual([]);
    expect(fresh.origin_time_zone).toBe("Europe/Moscow");
  });

  it("voids with a reason for good: the number is blocked in the stock and can never be typed again", async () => {
    const { mawb } = (await create(s7, accounts.forwarderOnS7, cargo())).json();
    expect((await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/void`, { air_waybill: { void_reason: "" } })).statusCode).toBe(422);
    const voided = await s7(accounts.s7Manager, "POST", `/api/v3/air_waybills/${mawb}/void`, { air_waybill: { void_reason: "Shipper cancelled" } });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ void_reason: "Shipper cancelled", actions: { issue: false, cancel_void: true } });
    const [stock] = await t.database.db.select().from(awbStockNumbers).where(eq(awbStockNumbers.mawb, mawb));
    expect(stock!.state).toBe("voided");
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/air_waybills/${mawb}/void`, { void_payment: "required" })).json().void_payment).toBe("required");
    const again = await create(anyHost, accounts.platform, cargo({ mawb, forwarder_short_name: "FWDONE" }));
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.mawb).toEqual(["air waybill number not available"]);
    // the next waybill from the stock does not get it back either
    expect((await create(s7, accounts.forwarderOnS7, cargo())).json().mawb).not.toBe(mawb);
    const back = await s7(accounts.s7Manager, "DELETE", `/api/v3/air_waybills/${mawb}/void`, { cancel_void_reason: "Voided by mistake" });
    expect(back.json()).toMatchObject({ voided_at: null });
  });

  it("marks charter only on the waybills the caller sees", async () => {
    const { mawb } = (await create(s7, accounts.forwarderOnS7, cargo())).json();
    const suOwn = (await create(su, accounts.forwarderOnSu, cargo({ origin_iata: "SVO", destination_iata: "LED" }))).json().mawb;
    const res = await s7(accounts.s7Manager, "PATCH", "/api/v3/air_waybills/charter_list", { mawbs: [mawb, suOwn, "garbage"], charter: true });
    expect(res.json()).toEqual({ updated: 1, mawbs: [mawb] });
    expect((await su(accounts.suManager, "GET", `/api/v3/air_waybills/${suOwn}`)).json().charter).toBe(false);
    expect((await s7(accounts.forwarderOnS7, "PATCH", "/api/v3/air_waybills/charter_list", { mawbs: [mawb], charter: false })).statusCode).toBe(403);
  });
});

describe("the stock runs out", () => {
  it("says 'stocks not found' under the number", async () => {
    // FWDTWO on its own host names the airline; all its C6 numbers are used up here
    const id = await companyId("FWDTWO");
    const held = await t.database.db.select().from(awbStockNumbers).where(and(eq(awbStockNumbers.forwarder_id, id), eq(awbStockNumbers.prefix, "745"), eq(awbStockNumbers.state, "free")));
    await t.database.db.update(awbStockNumbers).set({ state: "used" }).where(and(eq(awbStockNumbers.forwarder_id, id), eq(awbStockNumbers.prefix, "745")));
    const res = await create(anyHost, accounts.fwdTwo, cargo({ carrier: "C6", origin_iata: "TAS", destination_iata: "SVO" }));
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.mawb).toEqual(["stocks not found"]);
    // it had free C6 numbers before: the refusal is the emptied stock's, not a forwarder that never had any
    expect(held.length).toBeGreaterThan(0);
  });
});

describe("booked at creation", () => {
  it("books the new waybill on the chosen flight: the answer carries the booking and the flight's booked weight moves", async () => {
    const [flight] = await t.database.db
      .select()
      .from(segments)
      .where(and(eq(segments.carrier, "S7"), eq(segments.origin_iata, "DME"), eq(segments.destination_iata, "OVB"), eq(segments.canceled, false), eq(segments.locked, false), eq(segments.sales_closed, false), gte(segments.flight_date, t.today)))
      .orderBy(desc(segments.flight_date))
      .limit(1);
    const res = await create(s7, accounts.forwarderOnS7, cargo({ weight: 80 }), { segments: [flight!.id], consignor_certified: "on" });
    expect(res.statusCode, res.body).toBe(201);
    const awb = res.json();
    expect(awb.bookings).toEqual([expect.objectContaining({ number_with_date: flight!.number_with_date, weight: 80, active: true })]);
    // the last flight of the demo schedule: no booking rule on DME-OVB and its aircraft's space all free, so confirmed
    expect(awb.bookings[0]).toMatchObject({ response_status: "KK", effective: true });
    expect(awb.route).toEqual(["DME", "OVB"]);
    const [after] = await t.database.db.select().from(segments).where(eq(segments.id, flight!.id));
    expect(after!.booked_weight).toBeCloseTo(flight!.booked_weight + 80);
    expect(awb.booking_status).toBe("confirmed");
  });

  it("creates nothing when the booking is refused (no agreement with the airline)", async () => {
    const [flight] = await t.database.db.select().from(segments).where(and(eq(segments.carrier, "SU"), gte(segments.flight_date, t.today), eq(segments.canceled, false))).limit(1);
    const before = (await t.database.db.select({ id: airWaybills.id }).from(airWaybills)).length;
    // every demo forwarder has an agreement with every airline: take FWDTWO's away for this case
    const [fwdTwo] = await t.database.db.select().from(companies).where(eq(companies.short_name, "FWDTWO"));
    await t.database.db.update(agreements).set({ active: false }).where(eq(agreements.client_id, fwdTwo!.id));
    const res = await create(anyHost, accounts.fwdTwo, cargo({ carrier: "SU", origin_iata: flight!.origin_iata, destination_iata: flight!.destination_iata }), { segments: [flight!.id], consignor_certified: true });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().errors).toEqual(["No valid agreement with airline"]);
    expect((await t.database.db.select({ id: airWaybills.id }).from(airWaybills)).length).toBe(before);
    await t.database.db.update(agreements).set({ active: true }).where(eq(agreements.client_id, fwdTwo!.id));
  });
});

describe("the low-stock notice", () => {
  it("tells the forwarder's users once, when a waybill takes its free numbers below the airline's level", async () => {
    const forwarderId = await companyId("FWDONE");
    const free = async () =>
      (await t.database.db.select().from(awbStockNumbers).where(and(eq(awbStockNumbers.forwarder_id, forwarderId), eq(awbStockNumbers.prefix, "421"), eq(awbStockNumbers.state, "free")))).length;
    const level = await free();
    const [s7Airline] = await t.database.db.select().from(airlines).where(eq(airlines.carrier, "S7"));
    await t.database.db.update(airlines).set({ settings: { ...(s7Airline!.settings as object), awb_stock_alert_level: level } }).where(eq(airlines.carrier, "S7"));
    const notices = async () => (await t.database.db.select().from(userNotifications)).filter((n) => n.en_text.includes("(421)"));
    expect(await notices()).toHaveLength(0);
    expect((await create(s7, accounts.forwarderOnS7, cargo())).statusCode).toBe(201);
    const told = await notices();
    expect(told.length).toBeGreaterThan(0);
    expect(told[0]!.en_text).toBe(`Only ${level - 1} free air waybill numbers of S7 (421) are left in your stock: ask the airline for more.`);
    const mine = (await s7(accounts.forwarderOnS7, "GET", "/api/v3/notifications/active")).body;
    expect(mine).toContain(`Only ${level - 1} free air waybill numbers`);
    expect((await create(s7, accounts.forwarderOnS7, cargo())).statusCode).toBe(201);
    expect(await notices()).toHaveLength(told.length);
    await t.database.db.update(airlines).set({ settings: s7Airline!.settings }).where(eq(airlines.carrier, "S7"));
  });
});
