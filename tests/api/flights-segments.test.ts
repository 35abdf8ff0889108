import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxEmails } from "../../api/db/schema";
import { call, makeTestApi, multipartFile, signIn, type TestApi, type Tokens } from "./helpers";

let t: TestApi;
let platform: Tokens;
let s7Manager: Tokens;
let s7Operator: Tokens;
let suManager: Tokens;
let forwarder: Tokens;

// Test clock: 2025-03-01T10:00Z, a dated world of the test's own (the demo flights are on the configured date).
beforeAll(async () => {
  t = await makeTestApi({ clockStart: new Date("2025-03-01T10:00:00Z") });
  [platform, s7Manager, s7Operator, suManager, forwarder] = await Promise.all([
    signIn(t.app, "platform@cargodesk.test", { carrier: "s7" }),
    signIn(t.app, "s7.manager@cargodesk.test", { carrier: "s7" }),
    signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" }),
    signIn(t.app, "su.manager@cargodesk.test", { carrier: "su" }),
    signIn(t.app, "forwarder@cargodesk.test", { carrier: "s7" }),
  ]);
}, 120_000);
afterAll(() => t?.close());

type Method = "GET" | "POST" | "PATCH" | "DELETE";
const s7 = (tokens: Tokens, method: Method, url: string, payload?: object) => call(t.app, tokens, method, url, { carrier: "s7", payload });
const su = (tokens: Tokens, method: Method, url: string, payload?: object) => call(t.app, tokens, method, url, { carrier: "su", payload });

describe("segments: create with time_mode", () => {
  it("converts local airport times with each airport's zone (DME +03, OVB +07)", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "1001", origin_iata: "dme", destination_iata: "OVB", std: "2025-03-10T22:00", sta: "2025-03-11T05:30", aircraft_type: "320" },
      time_mode: "local",
    });
    expect(res.statusCode, res.body).toBe(201);
    const s = res.json();
    expect(s).toMatchObject({
      carrier: "S7",
      number: "S71001",
      flight_date: "2025-03-10",
      number_with_date: "S71001/10MAR25",
      origin_iata: "DME",
      destination_iata: "OVB",
      std: "2025-03-10T19:00:00.000Z",
      sta: "2025-03-10T22:30:00.000Z",
      std_local: "2025-03-10T22:00+03:00",
      sta_local: "2025-03-11T05:30+07:00",
      departure_time: "22:00",
      arrival_time: "05:30",
      time_mode: "local",
      flight_type: "J",
      origin_country_code: "RU",
    });
  });

  it("keeps UTC times as sent in utc mode, and dates the flight by the origin's local date", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "S7 1003", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-10T22:30:00Z", sta: "2025-03-11T03:00" },
      time_mode: "utc",
    });
    expect(res.statusCode, res.body).toBe(201);
    // 22:30Z is 01:30 on the 11th in Moscow: the flight date is the 11th.
    expect(res.json()).toMatchObject({ flight_date: "2025-03-11", number_with_date: "S71003/11MAR25", sta: "2025-03-11T03:00:00.000Z", std_local: "2025-03-11T01:30+03:00" });
  });

  it("crosses the date line: VVO 10:00 local lands in ANC the previous calendar day", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "5501", origin_iata: "VVO", destination_iata: "ANC", std: "2025-03-05T10:00", sta: "2025-03-04T17:00", flight_type: "f" },
      time_mode: "local",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ std: "2025-03-05T00:00:00.000Z", sta: "2025-03-05T02:00:00.000Z", flight_type: "F", sta_local: "2025-03-04T17:00-09:00" });
  });

  it("answers 422 'has already been taken' for the same flight again", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "S71001", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-10T19:00Z", sta: "2025-03-10T23:00Z" },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ errors: { number: ["has already been taken"] }, message: "Flight already exists: S71001/10MAR25" });
  });

  it("reads null on a field that always has a value as its default (no 500), on create and on change", async () => {
    const created = await s7(s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "1009", origin_iata: "DME", destination_iata: "OVB", std: "2025-04-10T22:00", sta: "2025-04-11T05:30", flight_type: null, estimated_weight: null, estimated_volume: null, segment_number: null },
      time_mode: "local",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ flight_type: "J", estimated_weight: 0, estimated_volume: 0, segment_number: 1 });
    const id = created.json().id as number;
    expect((await s7(s7Manager, "PATCH", `/api/v3/segments/${id}`, { segment: { estimated_weight: 300, flight_type: "F" } })).statusCode).toBe(200);
    const cleared = await s7(s7Manager, "PATCH", `/api/v3/segments/${id}`, { segment: { estimated_weight: null, flight_type: null } });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ flight_type: "J", estimated_weight: 0 });
  });

  it("checks airports, times, the flight type and the airline of the number", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments", {
      segment: { number: "SU100", origin_iata: "XXX", destination_iata: "OVB", std: "2025-03-10T19:00Z", sta: "soon", flight_type: "Z" },
    });
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(e.origin_iata).toEqual(["unknown airport XXX"]);
    expect(e.number).toEqual(["must be a flight of S7"]);
    expect(e.flight_type).toBeDefined();
    const order = await s7(s7Manager, "POST", "/api/v3/segments", {
      number: "1010", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-10T19:00Z", sta: "2025-03-10T18:00Z",
    });
    expect(order.statusCode).toBe(422);
    expect(order.json().errors.sta).toEqual(["must be after std"]);
  });

  it("is refused to the airline's billing role and to forwarders", async () => {
    const body = { number: "1020", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-10T19:00Z", sta: "2025-03-10T23:00Z" };
    const billing = await signIn(t.app, "s7.billing@cargodesk.test", { carrier: "s7" });
    expect((await s7(billing, "POST", "/api/v3/segments", body)).statusCode).toBe(403);
    expect((await s7(forwarder, "POST", "/api/v3/segments", body)).statusCode).toBe(403);
  });
});

describe("schedules", () => {
  it("expands weekdays over a period into segments, keeping local departure across a DST change (FRA)", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/schedules", {
      schedule: {
        number: "2001",
        origin_iata: "FRA",
        destination_iata: "DME",
        period_from: "2025-03-27",
        period_to: "2025-04-02",
        days_of_week: "1234567",
        departure_time: "10:00",
        block_minutes: 210,
        aircraft_type: "320",
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.created).toBe(7);
    const stds = body.data.map((s: { std: string }) => s.std);
    expect(stds[0]).toBe("2025-03-27T09:00:00.000Z");
    expect(stds[2]).toBe("2025-03-29T09:00:00.000Z");
    // Summer time from 30 March: 10:00 in Frankfurt is 08:00Z.
    expect(stds[3]).toBe("2025-03-30T08:00:00.000Z");
    expect(body.data.every((s: { std_local: string }) => s.std_local.slice(11, 16) === "10:00")).toBe(true);
    expect(body.data[0]).toMatchObject({ number_with_date: "S72001/27MAR25", days_of_week: "1234567", schedule_id: body.schedule_id });
  });

  it("creates only the chosen weekdays", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/schedules", {
      number: "2003", origin_iata: "OVB", destination_iata: "KJA", period_from: "2025-03-03", period_to: "2025-03-16",
      days_of_week: "1.3.5..", departure_time: "08:00", arrival_time: "09:10",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.map((s: { flight_date: string }) => s.flight_date)).toEqual([
      "2025-03-03", "2025-03-05", "2025-03-07", "2025-03-10", "2025-03-12", "2025-03-14",
    ]);
  });

  it("stores nothing when one date of the schedule is already a flight", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/schedules", {
      number: "2003", origin_iata: "OVB", destination_iata: "KJA", period_from: "2025-02-24", period_to: "2025-03-04",
      days_of_week: "1234567", departure_time: "08:00", arrival_time: "09:10",
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.number).toEqual(["has already been taken"]);
    const list = (await s7(s7Manager, "GET", "/api/v3/segments?number=S72003&per_page=100")).json();
    expect(list.meta.total_count).toBe(6);
  });

  it("reports schedule errors by field", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/schedules", {
      number: "2005", origin_iata: "OVB", destination_iata: "KJA", period_from: "2025-03-10", period_to: "2025-03-01",
      days_of_week: "", departure_time: "25:00",
    });
    expect(res.statusCode).toBe(422);
    const e = res.json().errors;
    expect(Object.keys(e)).toEqual(expect.arrayContaining(["period_to", "days_of_week", "departure_time"]));
  });
});

describe("segment list", () => {
  it("filters by date, origin, destination, number and answers the summary", async () => {
    const res = await s7(s7Operator, "GET", "/api/v3/segments?date_from=2025-03-10&date_to=2025-03-11&origin=DME&destination=OVB");
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.data.map((s: { number_with_date: string }) => s.number_with_date)).toEqual(["S71001/10MAR25", "S71003/11MAR25"]);
    expect(body.meta).toMatchObject({ total_count: 2, date_from: "2025-03-10", date_to: "2025-03-11", summary: { segments_count: 2, total_weight: 0 } });
  });

  it("current leaves out landed and cancelled flights (clock 2025-03-01 10:00Z)", async () => {
    const landed = await s7(s7Manager, "POST", "/api/v3/segments", {
      number: "1099", origin_iata: "DME", destination_iata: "OVB", std: "2025-02-20T19:00Z", sta: "2025-02-20T23:00Z",
    });
    expect(landed.statusCode, landed.body).toBe(201);
    const ids = async (state: string) =>
      (await s7(s7Operator, "GET", `/api/v3/segments?state=${state}&per_page=100`)).json().data.map((s: { id: number }) => s.id);
    expect(await ids("all")).toContain(landed.json().id);
    expect(await ids("current")).not.toContain(landed.json().id);
  });
});

describe("flags, cancel and the change log", () => {
  it("locks, closes sales, sets charter and records each change with before and after", async () => {
    const s = (await s7(s7Manager, "POST", "/api/v3/segments", {
      number: "3001", origin_iata: "OVB", destination_iata: "DME", std: "2025-03-12T02:00Z", sta: "2025-03-12T07:00Z",
    })).json();
    expect((await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/lock`)).json().locked).toBe(true);
    expect((await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/close_sales`)).json().sales_closed).toBe(true);
    expect((await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/set_charter`)).json().charter).toBe(true);
    const patched = await s7(s7Manager, "PATCH", `/api/v3/segments/${s.id}`, { segment: { locked: false, aircraft_reg: "VQ-BCF" } });
    expect(patched.json()).toMatchObject({ locked: false, aircraft_reg: "VQ-BCF", sales_closed: true });
    const log = (await s7(s7Manager, "GET", `/api/v3/change_logs?record_type=Segment&record_id=${s.id}`)).json();
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(["update", "set_charter", "close_sales", "lock", "create"]);
    expect(log.data[3].change_set).toEqual({ locked: [false, true] });
    expect(log.data[0].change_set).toEqual({ locked: [true, false], aircraft_reg: [null, "VQ-BCF"] });
    expect(log.data[0]).toMatchObject({ channel_source: "api", channel_type: "user", channel_id: "s7.manager@cargodesk.test", carrier: "S7" });
  });

  it("changes times in local mode and logs the UTC before/after", async () => {
    const s = (await s7(s7Manager, "POST", "/api/v3/segments", {
      number: "3003", origin_iata: "OVB", destination_iata: "KJA", std: "2025-03-12T02:00Z", sta: "2025-03-12T03:10Z",
    })).json();
    const res = await s7(s7Manager, "PATCH", `/api/v3/segments/${s.id}`, { segment: { etd: "2025-03-12T09:30" }, time_mode: "local" });
    expect(res.json()).toMatchObject({ etd: "2025-03-12T02:30:00.000Z", etd_local: "2025-03-12T09:30+07:00" });
    const log = (await s7(s7Manager, "GET", `/api/v3/change_logs?record_type=Segment&record_id=${s.id}`)).json();
    expect(log.data[0].change_set.etd).toEqual([null, "2025-03-12T02:30:00.000Z"]);
  });

  it("cancels every segment of a flight by number_with_date", async () => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments/cancel", { number_with_date: "S72003/03MAR25" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0].canceled).toBe(true);
    expect((await s7(s7Manager, "POST", "/api/v3/segments/cancel", { number_with_date: "S79999/03MAR25" })).statusCode).toBe(404);
  });
});

describe("tenancy", () => {
  it("SU never reads or changes S7 segments, whatever id it sends", async () => {
    const s7List = (await s7(s7Manager, "GET", "/api/v3/segments?per_page=100")).json();
    const id = s7List.data[0].id;
    expect((await su(suManager, "GET", `/api/v3/segments/${id}`)).statusCode).toBe(404);
    expect((await su(suManager, "POST", `/api/v3/segments/${id}/lock`)).statusCode).toBe(404);
    // su is not on the flight-edit list: its manager edits and cancels no flight at all (tests/api/shared-access.test.ts)
    expect((await su(suManager, "PATCH", `/api/v3/segments/${id}`, { locked: true })).statusCode).toBe(403);
    expect((await su(suManager, "POST", "/api/v3/segments/cancel", { number_with_date: s7List.data[0].number_with_date })).statusCode).toBe(403);
    // and S7's manager, who may edit S7's flights, finds no SU flight by id or number
    const suSegment = (await su(suManager, "GET", "/api/v3/segments?per_page=1")).json().data[0];
    expect((await s7(s7Manager, "PATCH", `/api/v3/segments/${suSegment.id}`, { locked: true })).statusCode).toBe(404);
    expect((await s7(s7Manager, "POST", "/api/v3/segments/cancel", { number_with_date: suSegment.number_with_date })).statusCode).toBe(404);
    expect((await su(suManager, "GET", `/api/v3/segments/${suSegment.id}`)).json()).toMatchObject({ locked: suSegment.locked, canceled: suSegment.canceled });
    const suList = (await su(suManager, "GET", "/api/v3/segments?per_page=100")).json();
    expect(suList.data.every((s: { carrier: string }) => s.carrier === "SU")).toBe(true);
    const log = (await su(suManager, "GET", `/api/v3/change_logs?record_type=Segment&record_id=${id}`)).json();
    expect(log.data).toEqual([]);
    // An SU manager naming S7 still works on SU.
    const sent = (await su(suManager, "GET", "/api/v3/segments?carrier=S7&per_page=100")).json();
    expect(sent.data.every((s: { carrier: string }) => s.carrier === "SU")).toBe(true);
  });

  it("platform works on the Carrier header's airline", async () => {
    const res = await call(t.app, platform, "GET", "/api/v3/segments?per_page=5", { carrier: "s7" });
    expect(res.json().data.every((s: { carrier: string }) => s.carrier === "S7")).toBe(true);
    const platformSu = await signIn(t.app, "platform@cargodesk.test", { carrier: "su" });
    const made = await call(t.app, platformSu, "POST", "/api/v3/segments", {
      carrier: "su",
      payload: { number: "10", origin_iata: "SVO", destination_iata: "LED", std: "2025-03-12T06:00Z", sta: "2025-03-12T07:30Z" },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ carrier: "SU", number: "SU0010" });
  });
});

describe("segments.xlsx", () => {
  it("downloads the filtered list as segments_report.xlsx, at most 31 days", async () => {
    const res = await s7(s7Operator, "GET", "/api/v3/segments.xlsx?date_from=2025-03-10&date_to=2025-03-11&origin=DME&destination=OVB");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-disposition"]).toContain('filename="segments_report.xlsx"');
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe("Flight");
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(2).getCell(1).value).toBe("S71001/10MAR25");
    expect(sheet.getRow(2).getCell(5).value).toBe("2025-03-10T22:00+03:00");
    const long = await s7(s7Operator, "GET", "/api/v3/segments.xlsx?date_from=2025-03-01&date_to=2025-04-01");
    expect(long.statusCode).toBe(422);
    expect(long.json().errors.date_to).toEqual(["the report covers at most 31 days"]);
    const su = await call(t.app, suManager, "GET", "/api/v3/segments.xlsx?date_from=2025-03-10&date_to=2025-03-11", { carrier: "su" });
    const suBook = new ExcelJS.Workbook();
    await suBook.xlsx.load(su.rawPayload as unknown as ArrayBuffer);
    const flights = suBook.worksheets[0]!.getColumn(1).values.slice(2);
    expect(flights.every((v) => String(v).startsWith("SU"))).toBe(true);
  });
});

describe("lock and sales rules", () => {
  const flight = async (number: string) => {
    const res = await s7(s7Manager, "POST", "/api/v3/segments", { number, origin_iata: "DME", destination_iata: "OVB", std: "2025-03-20T10:00Z", sta: "2025-03-20T14:00Z" });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; number_with_date: string };
  };
  const allot = (segmentId: number, weight = 100) => ({ segment_id: segmentId, forwarder_short_name: "FWDONE", weight, volume: 1 });

  it("a locked flight refuses every allotment change with a base message; unlocking allows them again", async () => {
    const s = await flight("3101");
    const made = (await s7(s7Manager, "POST", "/api/v3/allotments", allot(s.id))).json();
    await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/lock`);
    const locked = { errors: { base: ["Flight is locked"] }, error_codes: { base: [{ code: "flight_locked", params: {} }] } };
    const create = await s7(s7Manager, "POST", "/api/v3/allotments", { ...allot(s.id), forwarder_short_name: "FWDTWO" });
    expect([create.statusCode, create.json()]).toEqual([422, locked]);
    const patch = await s7(s7Manager, "PATCH", `/api/v3/allotments/${made.id}`, { weight: 200 });
    expect([patch.statusCode, patch.json()]).toEqual([422, locked]);
    const remove = await s7(s7Manager, "DELETE", `/api/v3/allotments/${made.id}`);
    expect([remove.statusCode, remove.json()]).toEqual([422, locked]);
    // Moving an allotment off the locked flight changes that flight too.
    const other = await flight("3103");
    expect((await s7(s7Manager, "PATCH", `/api/v3/allotments/${made.id}`, { segment_id: other.id, segment_number_with_date: other.number_with_date })).json()).toEqual(locked);
    const kept = (await s7(s7Manager, "GET", `/api/v3/allotments/${made.id}`)).json();
    expect(kept).toMatchObject({ segment_id: s.id, weight: 100 });
    // A file naming the flight is refused row by row, nothing stored.
    const csv = `segment_number_with_date,origin_iata,forwarder_short_name,type,weight,volume,timelimit_to_std,valid_until,postal\n${s.number_with_date},DME,FWDTWO,soft,10,1,0,,false\n`;
    const upload = await call(t.app, s7Manager, "POST", "/api/v3/allotments/upload", { carrier: "s7", ...(await multipartFile("file", "a.csv", csv, "text/csv")) });
    expect(upload.statusCode).toBe(422);
    expect(upload.json().errors).toEqual([{ row: 2, field: "segment", message: "is locked, sales-closed or canceled", code: "flight_closed", params: {} }]);
    await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/unlock`);
    expect((await s7(s7Manager, "PATCH", `/api/v3/allotments/${made.id}`, { weight: 200 })).json()).toMatchObject({ weight: 200 });
  });

  it("a sales-closed flight refuses reservation changes; reopening only clears the flag and resends nothing", async () => {
    const s = await flight("3105");
    const made = (await s7(s7Manager, "POST", "/api/v3/allotments", allot(s.id))).json();
    await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/close_sales`);
    const closed = { errors: { base: ["Sales are closed for this flight"] }, error_codes: { base: [{ code: "flight_sales_closed", params: {} }] } };
    expect((await s7(s7Manager, "POST", "/api/v3/allotments", { ...allot(s.id), forwarder_short_name: "FWDTWO" })).json()).toEqual(closed);
    expect((await s7(s7Manager, "PATCH", `/api/v3/allotments/${made.id}`, { timelimit_to_std: 24 })).json()).toEqual(closed);
    expect((await s7(s7Manager, "DELETE", `/api/v3/allotments/${made.id}`)).json()).toEqual(closed);
    // A change that changes nothing is no change.
    expect((await s7(s7Manager, "PATCH", `/api/v3/allotments/${made.id}`, { weight: 100 })).statusCode).toBe(200);
    const [mails] = await t.database.db.select({ n: count() }).from(outboxEmails);
    const reopened = await s7(s7Manager, "POST", `/api/v3/segments/${s.id}/open_sales`);
    expect(reopened.json()).toMatchObject({ sales_closed: false, locked: false });
    const log = (await s7(s7Manager, "GET", `/api/v3/change_logs?record_type=Segment&record_id=${s.id}&include_related=true`)).json();
    expect(log.data[0]).toMatchObject({ record_type: "Segment", action: "open_sales", change_set: { sales_closed: [true, false] } });
    expect(log.data.map((e: { action: string }) => e.action)).toEqual(["open_sales", "close_sales", "create", "create"]);
    expect((await t.database.db.select({ n: count() }).from(outboxEmails))[0]!.n).toBe(mails!.n);
    expect((await s7(s7Manager, "PATCH", `/api/v3/allotments/${made.id}`, { timelimit_to_std: 24 })).statusCode).toBe(200);
  });

  it("a cancelled flight takes no new space but lets its allotments go", async () => {
    const s = await flight("3107");
    const made = (await s7(s7Manager, "POST", "/api/v3/allotments", allot(s.id))).json();
    await s7(s7Manager, "POST", "/api/v3/segments/cancel", { number_with_date: s.number_with_date });
    expect((await s7(s7Manager, "POST", "/api/v3/allotments", { ...allot(s.id), forwarder_short_name: "FWDTWO" })).json()).toEqual({ errors: { base: ["Flight is canceled"] }, error_codes: { base: [{ code: "flight_canceled", params: {} }] } });
    expect((await s7(s7Manager, "DELETE", `/api/v3/allotments/${made.id}`)).statusCode).toBe(204);
  });
});
