import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  agreements,
  airlineCustomers,
  allotments,
  bookingRules,
  companies,
  handlers,
  segmentLoadFactors,
  segments,
  userProfiles,
  users,
  baggageStats,
} from "../../api/db/schema";
import { MAX_CONTACTS, MAX_HANDLING_MINUTES, MAX_LIST_ITEMS, TEXT_MAX } from "../../cargo/limits";
import { databaseRefusal } from "../../api/http/errors";
import { sql } from "drizzle-orm";
import { call, makeTestApi, multipartFile, signIn, type TestApi, type Tokens } from "./helpers";
import { FREEZE_BOUND_MS } from "../freeze-bound";

// Issue 8 §4: whatever a request sends, the API answers 4xx with a message naming the field, never 5xx, and stores
// nothing wrong. Each case checks the status, the field the message names, and that no row was stored or changed.

let t: TestApi;
let platform: Tokens;
let s7Manager: Tokens;
let s7Admin: Tokens;
let segmentId: number;

// A million characters: under the JSON body limit (1 MiB), so the value itself reaches validation.
const MB = "x".repeat(1_000_000);
type Method = "GET" | "POST" | "PATCH" | "DELETE";
const s7 = (tokens: Tokens, method: Method, url: string, payload?: object) => call(t.app, tokens, method, url, { carrier: "s7", payload });
const asPlatform = (method: Method, url: string, payload?: object) => call(t.app, platform, method, url, { payload });
const rows = async (table: PgTable) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;

/** Whether a 422's field errors name `field` (bare, or nested as "handler.note" as the BFF reads them too). */
const names = (errors: Record<string, string[]> | undefined, field: string) =>
  Object.keys(errors ?? {}).some((k) => k === field || k.endsWith(`.${field}`));

/** The call answers `status` with a field error under `field`, and the table keeps its row count. */
async function refused(table: PgTable, send: () => ReturnType<typeof s7>, field: string, status = 422) {
  const before = await rows(table);
  const res = await send();
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(names(res.json().errors, field), res.body.slice(0, 300)).toBe(true);
  expect(await rows(table)).toBe(before);
  return res;
}

const FLIGHT = { origin_iata: "DME", destination_iata: "OVB", std: "2025-04-10T10:00Z", sta: "2025-04-10T14:00Z" };
const AGREEMENT = { client: "FWDONE", account_number: "S7-BAD-1", contract_number: "S7/BAD/1", currency: "rub", effective_from: "2025-03-01" };
const COMPANY = { name: "Bad Input Ltd", short_name: "BADIN", business_type: "forwarder" };

beforeAll(async () => {
  t = await makeTestApi();
  [platform, s7Manager, s7Admin] = await Promise.all([
    signIn(t.app, "platform@cargodesk.test"),
    signIn(t.app, "s7.manager@cargodesk.test", { carrier: "s7" }),
    signIn(t.app, "s7.admin@cargodesk.test", { carrier: "s7" }),
  ]);
  const made = await s7(s7Manager, "POST", "/api/v3/segments", { number: "4401", ...FLIGHT });
  expect(made.statusCode, made.body).toBe(201);
  segmentId = made.json().id;
}, 120_000);
afterAll(() => t?.close());

describe("a NUL byte", () => {
  it("in a sign-in name answers 422 naming the field, without a sign-in", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "grant_type=password&username=nob%00ody&password=x",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("username");
  });

  it("in a JSON text field answers 422 under that field (nested too) and stores nothing", async () => {
    await refused(handlers, () => s7(s7Manager, "POST", "/api/v3/handlers", { handler: { location: "KJA", note: "a\u0000b" } }), "note");
    await refused(companies, () => asPlatform("POST", "/api/v3/companies", { company: { ...COMPANY, name: "nul\u0000" } }), "name");
  });

  it("in a list query answers 400", async () => {
    for (const url of ["/api/v3/handlers?q=%00", "/api/v3/segments?q=%00", "/api/v3/companies?q=a%00b", "/api/v3/airports?q=%00"]) {
      const res = await s7(s7Manager, "GET", url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().errors, url).toHaveProperty("q");
    }
  });

  it("in a query parameter named __proto__ answers 400 naming it (the abuse run found an empty errors map)", async () => {
    const res = await s7(s7Manager, "GET", "/api/v3/handlers?__proto__=nob%00ody");
    expect(res.statusCode).toBe(400);
    // read as text: an object literal or a parsed answer cannot show an own "__proto__" key to toEqual
    expect(res.body).toBe('{"errors":{"__proto__":["must not contain a NUL character"]},"error_codes":{"__proto__":[{"code":"nul_character","params":{}}]}}');
    // the same through a route whose 400 answer is checked against the error schema on the way out (the sign-in)
    const signIn = await t.app.inject({ method: "POST", url: "/oauth/token?__proto__=%00", headers: { "content-type": "application/json" }, payload: { grant_type: "password" } });
    expect(signIn.statusCode).toBe(400);
    expect(signIn.body).toBe('{"errors":{"__proto__":["must not contain a NUL character"]},"error_codes":{"__proto__":[{"code":"nul_character","params":{}}]}}');
  });

  it("in a path answers 404", async () => {
    expect((await s7(s7Manager, "GET", "/api/v3/airports/%00AB")).statusCode).toBe(404);
  });
});

describe("deep bodies", () => {
  it("the input guard walks a body nested 400 000 arrays deep without overflowing: 4xx at once, service alive", async () => {
    const depth = 400_000;
    const started = Date.now();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v3/handlers",
      headers: { authorization: `Bearer ${s7Manager.access_token}`, carrier: "s7", "content-type": "application/json" },
      payload: `{"location":"KJA","note":${"[".repeat(depth)}${"]".repeat(depth)}}`,
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(Date.now() - started).toBeLessThan(FREEZE_BOUND_MS);
    expect((await s7(s7Manager, "GET", "/api/v3/handlers")).statusCode).toBe(200);
  });
});

describe("integers out of range", () => {
  it("a path id above 2 147 483 647, negative or a fraction is not found", async () => {
    for (const url of ["/api/v3/handlers/2147483648", "/api/v3/segments/99999999999", "/api/v3/handlers/-1", "/api/v3/segments/1.5", "/api/v3/agreements/2147483648", "/api/v3/companies/99999999999"]) {
      const res = await s7(s7Manager, "GET", url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toHaveProperty("error");
    }
    expect((await s7(s7Manager, "PATCH", "/api/v3/segments/2147483648", { notes: "x" })).statusCode).toBe(404);
  });

  it("a query or body integer out of range answers 422 under its name", async () => {
    const list = await s7(s7Manager, "GET", "/api/v3/allotments?segment_id=2147483648");
    expect(list.statusCode).toBe(422);
    expect(list.json().errors).toHaveProperty("segment_id");
    await refused(handlers, () => s7(s7Manager, "POST", "/api/v3/handlers", { location: "KJA", latest_acceptance_time: 2147483648 }), "latest_acceptance_time");
    await refused(handlers, () => s7(s7Manager, "POST", "/api/v3/handlers", { location: "KJA", latest_acceptance_time: 1.5 }), "latest_acceptance_time");
    await refused(handlers, () => s7(s7Manager, "POST", "/api/v3/handlers", { location: "KJA", max_connection_time: MAX_HANDLING_MINUTES + 1 }), "max_connection_time");
    const stat = { origin_iata: "OVB", destination_iata: "KJA", period_start: "2025-02-01", period_end: "2025-02-28" };
    await refused(baggageStats, () => s7(s7Manager, "POST", "/api/v3/baggage_stats", { ...stat, total_pax: 99999999999 }), "total_pax");
    await refused(allotments, () => s7(s7Manager, "POST", "/api/v3/allotments", { segment_id: 2147483648, forwarder_short_name: "FWDONE", weight: 1, volume: 1 }), "segment_id");
  });

  it("an upload row with total_pax above the range is refused by row and field, nothing stored", async () => {
    const csv = "origin_iata,destination_iata,period_start,period_end,total_baggage_weight,total_baggage_pcs,total_pax,manual_average_baggage_weight,segments_count\nOVB,KJA,2025-01-01,2025-01-31,100,10,99999999999,,3\n";
    const before = await rows(baggageStats);
    const res = await call(t.app, s7Manager, "POST", "/api/v3/baggage_stats/upload", { carrier: "s7", ...(await multipartFile("file", "b.csv", csv, "text/csv")) });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors, res.body).toEqual(expect.arrayContaining([expect.objectContaining({ row: 2, field: "total_pax" })]));
    expect(await rows(baggageStats)).toBe(before);
  });
});

describe("text lengths", () => {
  it("1 MB in a uniquely indexed column answers 422 under the field", async () => {
    await refused(agreements, () => s7(s7Manager, "POST", "/api/v3/agreements", { ...AGREEMENT, contract_number: MB }), "contract_number");
    await refused(companies, () => asPlatform("POST", "/api/v3/companies", { ...COMPANY, short_name: MB }), "short_name");
    await refused(airlineCustomers, () => s7(s7Manager, "POST", "/api/v3/airline_customers", { name: MB }), "name");
  });

  // 1 MB meets the guard every request passes; one character over a field's own limit meets its schema.
  for (const [size, name, text] of [
    ["1 MB", MB, MB],
    ["one over the limit", "n".repeat(TEXT_MAX.name + 1), "t".repeat(TEXT_MAX.text + 1)],
  ] as const) {
    it(`${size} in a name or free text field is refused, not stored`, async () => {
      await refused(handlers, () => s7(s7Manager, "POST", "/api/v3/handlers", { location: "KJA", note: text }), "note");
      await refused(companies, () => asPlatform("POST", "/api/v3/companies", { ...COMPANY, name }), "name");
      await refused(agreements, () => s7(s7Manager, "POST", "/api/v3/agreements", { ...AGREEMENT, account_number: name }), "account_number");
      await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4402", ...FLIGHT, notes: text }), "notes");
      const registration = { email: "long@x.test", password: "Secret-12345", password_confirmation: "Secret-12345", firstname: name, lastname: "L" };
      await refused(users, () => t.app.inject({ method: "POST", url: "/api/v2/users", payload: { user: registration } }) as never, "firstname");
      const s7Company = (await s7(s7Admin, "GET", "/api/v3/companies")).json().data[0].id;
      const profile = (await s7(s7Admin, "GET", `/api/v3/companies/${s7Company}/user_profiles`)).json().data[0].id;
      const before = await t.database.db.select({ d: userProfiles.description }).from(userProfiles).where(eq(userProfiles.id, profile));
      const res = await s7(s7Admin, "PATCH", `/api/v3/companies/${s7Company}/user_profiles/${profile}`, { user_profile: { description: text } });
      expect(res.statusCode).toBe(422);
      expect(names(res.json().errors, "description")).toBe(true);
      expect(await t.database.db.select({ d: userProfiles.description }).from(userProfiles).where(eq(userProfiles.id, profile))).toEqual(before);
    });
  }

  it("a search term over its limit answers 422 under q", async () => {
    const res = await s7(s7Manager, "GET", `/api/v3/segments?q=${"a".repeat(TEXT_MAX.search + 1)}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toHaveProperty("q");
  });
});

describe("dates and durations", () => {
  it("a departure in year 1 or an arrival in year 10000 answers 422 under the field", async () => {
    await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4403", ...FLIGHT, std: "0001-01-01T00:00:00Z" }), "std");
    await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4403", ...FLIGHT, sta: "+010000-01-01T00:00:00Z" }), "sta");
  });

  it("a flight of ten years is refused under sta", async () => {
    await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4404", ...FLIGHT, sta: "2035-04-10T14:00Z" }), "sta");
  });
});

describe("enumerations and code look-ups", () => {
  it("an unknown aircraft type, SHC code or response status is refused", async () => {
    await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4405", ...FLIGHT, aircraft_type: "ZZZ" }), "aircraft_type");
    await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4405", ...FLIGHT, forbidden_shc: ["QQQ"] }), "forbidden_shc");
    const rule = { origin_iata: "DME", destination_iata: "KJA", response_status: "KK" };
    await refused(bookingRules, () => s7(s7Manager, "POST", "/api/v3/booking_rules", { ...rule, response_status: "ZZ" }), "response_status");
    await refused(bookingRules, () => s7(s7Manager, "POST", "/api/v3/booking_rules", { ...rule, shcs: ["QQQ"] }), "shcs");
  });
});

describe("weights", () => {
  it("negative or absurd weights are refused and nothing changes", async () => {
    await refused(segments, () => s7(s7Manager, "POST", "/api/v3/segments", { number: "4406", ...FLIGHT, estimated_weight: -5 }), "estimated_weight");
    const before = (await s7(s7Manager, "GET", `/api/v3/segments/${segmentId}`)).json().estimated_weight;
    const patch = await s7(s7Manager, "PATCH", `/api/v3/segments/${segmentId}`, { estimated_weight: -5 });
    expect(patch.statusCode).toBe(422);
    expect((await s7(s7Manager, "GET", `/api/v3/segments/${segmentId}`)).json().estimated_weight).toBe(before);
    await refused(segmentLoadFactors, () => s7(s7Manager, "PATCH", `/api/v3/segments/${segmentId}/loadfactor`, { kind: "planned", weight: -500 }), "weight");
    await refused(allotments, () => s7(s7Manager, "POST", "/api/v3/allotments", { segment_id: segmentId, forwarder_short_name: "FWDONE", weight: 1.7e308, volume: 1 }), "weight");
  });
});

describe("list lengths", () => {
  it("more contacts or codes than a list may hold answer 422 under the list", async () => {
    const contacts = Array.from({ length: MAX_CONTACTS + 1 }, (_, i) => ({ name: `c${i}` }));
    await refused(companies, () => asPlatform("POST", "/api/v3/companies", { ...COMPANY, contacts }), "contacts");
    const origins = Array.from({ length: MAX_LIST_ITEMS + 1 }, () => "OVB");
    await refused(agreements, () => s7(s7Manager, "POST", "/api/v3/agreements", { ...AGREEMENT, sales_origins: origins }), "sales_origins");
  });
});

describe("tenancy of an airline's sub-resources", () => {
  it("another airline's ui_setting, airports and rules are not found, as the airline itself", async () => {
    for (const path of ["", "/ui_setting", "/airports", "/rules"]) {
      const res = await s7(s7Manager, "GET", `/api/v3/airlines/SU${path}`);
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ error: "Airline not found", code: "airline_not_found", params: {} });
    }
    expect((await s7(s7Manager, "GET", "/api/v3/airlines/S7/ui_setting")).statusCode).toBe(200);
  });
});

describe("the database as the last check", () => {
  /** The error the database raises for `statement`, as the API's error handler sees it. */
  const refusalOf = async (statement: ReturnType<typeof sql>) => {
    const err = await t.database.db.execute(statement).then(() => null, (e: unknown) => e);
    expect(err, "the statement must fail").not.toBeNull();
    return databaseRefusal(err);
  };

  it("names the field of a unique, not-null, foreign-key, range and text refusal", async () => {
    expect(await refusalOf(sql`insert into companies (name, short_name, business_type) values ('x', 'S7', 'airline')`)).toEqual({ field: "short_name", refusal: { code: "taken", params: {} } });
    expect(await refusalOf(sql`insert into airline_customers (carrier, name) values ('S7', (select name from airline_customers where carrier = 'S7' limit 1))`)).toEqual({ field: "name", refusal: { code: "taken", params: {} } });
    expect(await refusalOf(sql`insert into handlers (carrier, location) values ('S7', null)`)).toEqual({ field: "location", refusal: { code: "blank", params: {} } });
    expect(await refusalOf(sql`insert into allotments (carrier, segment_id, segment_number_with_date, origin_iata, destination_iata, forwarder_short_name, weight, volume) values ('S7', 2147483647, 'S71/01JAN25', 'DME', 'OVB', 'FWDONE', 1, 1)`)).toEqual({ field: "segment_id", refusal: { code: "must_exist", params: {} } });
    expect((await refusalOf(sql`select 2147483648::integer`))?.refusal.code).toBe("out_of_range");
    expect((await refusalOf(sql`select ${"a\u0000b"}::text`))?.refusal.code).toBe("unstorable_characters");
  });

  it("leaves other errors alone (they stay a 500, logged)", () => {
    expect(databaseRefusal(new Error("boom"))).toBeNull();
    expect(databaseRefusal({ code: "23505" })).toBeNull(); // not a driver's error: no severity
    expect(databaseRefusal({ code: "57014", severity: "ERROR" })).toBeNull(); // query cancelled
  });
});
