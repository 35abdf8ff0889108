/**
 * Issue 21 §8: a number field takes decimal digits only. A body's `1e309` (JSON.parse reads it as Infinity, which was
 * stored as null) and "0x10" (Number() reads it as 16) are a 422 naming the field with nothing stored; a query's
 * malformed number is a 400 `invalid_number` naming the parameter, never a default; a path id in any other notation
 * names no record. Decimal text ("12.5", "12,5") is still read, so the refusals are of the notation, not of text.
 */
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { aircraftCapacities, airWaybills, baggageStats, handlers } from "../../api/db/schema";
import { call, useTestApi } from "./helpers";

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "forwarderOnS7"] });

const rows = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/** A JSON body as written, so numbers JSON.stringify cannot write (1e309) reach the API as a client sends them. */
const raw = (method: "POST" | "PATCH", url: string, json: string) =>
  call(t.app, accounts.s7Manager, method, url, { carrier: "s7", payload: json, headers: { "content-type": "application/json" } });
const get = (url: string) => call(t.app, accounts.s7Manager, "GET", url, { carrier: "s7" });

/** Notations of a number that are not decimal digits, as JSON texts of the field's value. */
const NOT_DECIMAL = ["1e309", "-1e309", '"1e309"', '"0x10"', '"0o20"', '"0b10000"', '"1e3"', '"Infinity"', '"NaN"', '"1_000"', '"+5"', '"１６"', '"1 000"', '"12.5.1"', '" "'];

describe("a number field of a body", () => {
  it("refuses every notation but decimal digits with 422 under the field, storing nothing", async () => {
    for (const value of NOT_DECIMAL) {
      const before = await rows(aircraftCapacities);
      const res = await raw("POST", "/api/v3/aircraft_capacities", `{"aircraft_type":"321","max_cargo_weight":${value},"max_cargo_volume":20}`);
      expect(res.statusCode, `${value}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors), value).toEqual(["max_cargo_weight"]);
      expect(await rows(aircraftCapacities), value).toBe(before);
    }
  });

  it("says why: not a number, too many decimals, out of range (Infinity too)", async () => {
    const errorOf = async (value: string) =>
      (await raw("POST", "/api/v3/aircraft_capacities", `{"aircraft_type":"321","max_cargo_weight":${value}}`)).json().errors.max_cargo_weight;
    expect(await errorOf('"0x10"')).toEqual(["is not a number"]);
    expect(await errorOf('"12.34567"')).toEqual(["must have at most 3 decimal places"]);
    expect(await errorOf("12.34567")).toEqual(["must have at most 3 decimal places"]);
    expect(await errorOf("1e309")).toEqual(["must be at most 1000000"]);
    expect(await errorOf('"-5"')).toEqual(["must be 0 or more"]);
  });

  it("refuses a non-decimal whole number (minutes) and a change of a stored record, which keeps its value", async () => {
    const before = await rows(handlers);
    for (const value of ['"0x10"', '"1e2"', '"90.0"', "1e309", "90.5"]) {
      const res = await raw("POST", "/api/v3/handlers", `{"location":"AER","latest_acceptance_time":${value}}`);
      expect(res.statusCode, value).toBe(422);
      expect(Object.keys(res.json().errors), value).toEqual(["latest_acceptance_time"]);
    }
    expect(await rows(handlers)).toBe(before);

    const [dme] = await t.database.db.select().from(handlers).where(eq(handlers.location, "DME"));
    for (const value of ['"0x10"', "1e309"]) {
      const res = await raw("PATCH", `/api/v3/handlers/${dme!.id}`, `{"latest_acceptance_time":${value}}`);
      expect(res.statusCode, value).toBe(422);
    }
    const [after] = await t.database.db.select().from(handlers).where(eq(handlers.id, dme!.id));
    expect(after!.latest_acceptance_time).toBe(dme!.latest_acceptance_time);
  });

  it("still reads decimal text, with a point or a comma, as the number it is", async () => {
    const stat = await raw(
      "POST",
      "/api/v3/baggage_stats",
      `{"origin_iata":"OVB","destination_iata":"KJA","period_start":"2025-06-01","period_end":"2025-06-30","total_baggage_weight":"10000,5","total_pax":"800","manual_average_baggage_weight":"12.25"}`,
    );
    expect(stat.statusCode, stat.body).toBe(201);
    expect(stat.json()).toMatchObject({ total_baggage_weight: 10000.5, total_pax: 800, manual_average_baggage_weight: 12.25 });
    const before = await rows(baggageStats);
    const hex = await raw("POST", "/api/v3/baggage_stats", `{"origin_iata":"OVB","destination_iata":"KJA","period_start":"2025-07-01","period_end":"2025-07-31","total_pax":"0x10"}`);
    expect(hex.json()).toEqual({ errors: { total_pax: ["is not a number"] }, error_codes: { total_pax: [{ code: "not_a_number", params: {} }] } });
    expect(await rows(baggageStats)).toBe(before);
  });
});

describe("a number in the query string", () => {
  it("answers 400 invalid_number naming the parameter when it is not digits, never a default page", async () => {
    for (const [query, name] of [
      ["page=0x10", "page"],
      ["page=1e1", "page"],
      ["page=2.5", "page"],
      ["page=abc", "page"],
      ["per_page=1e1", "per_page"],
      ["per_page=%2B5", "per_page"],
      ["page=%EF%BC%92", "page"],
    ] as const) {
      const res = await get(`/api/v3/handlers?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toEqual({ error: "invalid_number", code: "invalid_number", params: {}, errors: { [name]: [expect.any(String)] }, error_codes: { [name]: [{ code: expect.any(String), params: expect.any(Object) }] } });
    }
    const trips = await get("/api/v3/trips?origin_iata=DME&destination_iata=OVB&date=2025-06-01&weight=1e3");
    expect(trips.statusCode).toBe(400);
    expect(trips.json().errors).toEqual({ weight: ["is not a number"] });
    expect(trips.json().error_codes).toEqual({ weight: [{ code: "not_a_number", params: {} }] });
  });

  it("keeps a well-written number out of range a 422, and reads digits as before", async () => {
    expect((await get("/api/v3/handlers?page=0")).statusCode).toBe(422);
    const second = await get("/api/v3/handlers?page=2&per_page=2");
    expect(second.statusCode).toBe(200);
    expect(second.json().meta).toMatchObject({ current_page: 2, per_page: 2 });
  });
});

describe("a record id in the path", () => {
  it("names no record in any notation but digits", async () => {
    const [dme] = await t.database.db.select().from(handlers).where(eq(handlers.location, "DME"));
    expect((await get(`/api/v3/handlers/${dme!.id}`)).statusCode).toBe(200);
    for (const id of [`0x${dme!.id.toString(16)}`, `${dme!.id}e0`, `${dme!.id}.0`, `+${dme!.id}`]) {
      expect((await get(`/api/v3/handlers/${id}`)).statusCode, id).toBe(404);
    }
  });
});

/**
 * Issue 24: an amount of money (a waybill's rates, line totals, other charges, totals) is decimal text read by the
 * money module: any other notation, too many digits or minus zero is a 422 under the field with the refusal's code,
 * and nothing is stored. A JSON number is taken where its shortest text is such a decimal, and kept as that text.
 */
describe("an amount of money in a waybill", () => {
  const forwarder = (method: "POST" | "PATCH", url: string, json: string) =>
    call(t.app, accounts.forwarderOnS7, method, url, { carrier: "s7", payload: json, headers: { "content-type": "application/json" } });
  const cargo = `"origin_iata":"DME","destination_iata":"OVB","pieces":1,"weight":100,"commodity":"SPARE PARTS","hs_codes":["847330"],"currency":"RUB","shipper":{"name":"A","city":"Moscow","country_code":"RU"},"consignee":{"name":"B","city":"Novosibirsk","country_code":"RU"}`;
  /** A waybill's money fields with `value` in one of them (a JSON text), and the name its refusal goes under. */
  const FIELDS: Array<[field: string, body: (value: string) => string]> = [
    ["rating.0.rate", (v) => `"rating":[{"pieces":1,"gross_weight":100,"rate_class_code":"N","chargeable_weight":100,"rate":${v},"total":"100"}]`],
    ["rating.0.total", (v) => `"rating":[{"pieces":1,"gross_weight":100,"rate_class_code":"N","chargeable_weight":100,"rate":"1","total":${v}}]`],
    ["other_charges.0.amount", (v) => `"other_charges":[{"code":"AWC","due":"C","payment":"P","amount":${v}}]`],
    ["totals.weight_charge", (v) => `"totals":{"weight_charge":${v}}`],
  ];
  /** Each bad amount (a JSON text) and the code it is refused with. */
  const BAD: Array<[json: string, code: string]> = [
    ["1e309", "amount_not_decimal"],
    ['"1e309"', "amount_not_decimal"],
    ['"0x10"', "amount_not_decimal"],
    ['"-0"', "amount_negative_zero"],
    [`"${"1".repeat(40)}"`, "amount_too_long"],
    ['"NaN"', "amount_not_decimal"],
    ['"Infinity"', "amount_not_decimal"],
    ['" 1"', "amount_not_decimal"],
    ['"12,5"', "amount_not_decimal"],
    ["1e-7", "amount_not_decimal"],
    ["true", "amount_not_decimal"],
  ];
  const waybills = async () => (await t.database.db.select({ n: count() }).from(airWaybills))[0]!.n;

  it("refuses every notation but decimal text with 422 under the field and the money module's code, creating nothing", async () => {
    const before = await waybills();
    for (const [field, body] of FIELDS) {
      for (const [value, code] of BAD) {
        const res = await forwarder("POST", "/api/v3/air_waybills", `{"air_waybill":{${cargo},${body(value)}},"accept_warnings":true}`);
        expect(res.statusCode, `${field} ${value}: ${res.body}`).toBe(422);
        expect(Object.keys(res.json().errors), `${field} ${value}`).toEqual([field]);
        expect(res.json().error_codes[field], `${field} ${value}`).toEqual([{ code, params: {} }]);
      }
    }
    expect(await waybills()).toBe(before);
  });

  it("refuses them on a PATCH too, and the waybill keeps its amounts", async () => {
    const created = await forwarder("POST", "/api/v3/air_waybills", `{"air_waybill":{${cargo},${FIELDS[2]![1]('"500"')}},"accept_warnings":true}`);
    expect(created.statusCode, created.body).toBe(201);
    const mawb = created.json().mawb as string;
    for (const [field, body] of FIELDS) {
      for (const [value, code] of BAD) {
        const res = await forwarder("PATCH", `/api/v3/air_waybills/${mawb}`, `{"air_waybill":{${body(value)}}}`);
        expect(res.statusCode, `${field} ${value}`).toBe(422);
        expect(res.json().error_codes, `${field} ${value}`).toEqual({ [field]: [{ code, params: {} }] });
      }
    }
    const [stored] = await t.database.db.select({ other_charges: airWaybills.other_charges }).from(airWaybills).where(eq(airWaybills.mawb, mawb));
    expect(stored!.other_charges).toEqual([{ code: "AWC", due: "C", payment: "P", amount: "500" }]);
  });

  it("reads decimal text and JSON numbers as the decimal they write, answers decimal text, and refuses a negative charge", async () => {
    const res = await forwarder(
      "POST",
      "/api/v3/air_waybills",
      `{"air_waybill":{${cargo},"rating":[{"pieces":1,"gross_weight":100,"rate_class_code":"N","chargeable_weight":100,"rate":0.1,"total":"1234.5"}],"other_charges":[{"code":"AWC","due":"C","amount":1.005}],"totals":{"weight_charge":"99999999.99","tax":null}},"accept_warnings":true}`,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      rating: [{ rate: "0.1", total: "1234.5" }],
      other_charges: [{ code: "AWC", amount: "1.005" }],
      totals: { weight_charge: "99999999.99", tax: null },
    });
    const negative = await forwarder("POST", "/api/v3/air_waybills", `{"air_waybill":{${cargo},${FIELDS[2]![1]('"-5"')}},"accept_warnings":true}`);
    expect(negative.json().error_codes).toEqual({ "other_charges.0.amount": [{ code: "must_be_zero_or_more", params: {} }] });
  });
});
