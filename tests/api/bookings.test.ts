import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays } from "../../cargo/time/local-date";
import { bookingRules, bookings, changeLogs } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// Bookings (issue 10): the checks in their order and the texts the BFF maps (NoValidAgreement, ForbiddenShc,
// Exists), the flight's booked space moving with book, cancel, change and the airline's answers, the last free space
// under parallel bookings, the forwarder's allotment first, tenancy, and bad input. Flights and waybills are the
// test's own (booking-fixtures.ts), dated from the API's clock.

const { t, accounts } = useTestApi({ signIn: ["fwdTwo", "forwarder", "s7Manager", "suManager", "platform"] });
const on = (carrier?: string) => callsOn(t, carrier);
const call = (tokens: Tokens, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  on(tokens === accounts.s7Manager ? "s7" : tokens === accounts.suManager ? "su" : undefined)(tokens, method, url, payload);
const fx = () => bookingFixtures(t);
let f: ReturnType<typeof bookingFixtures>;

/** Books with the consignor certification accepted, as the forms send it, unless the booking says otherwise. */
const book = (tokens: Tokens, booking: object) => call(tokens, "POST", "/api/v3/bookings", { booking: { consignor_certified: true, ...booking } });
const bookingCount = async () => (await t.database.db.select({ n: count() }).from(bookings))[0]!.n;

beforeAll(async () => {
  f = fx();
  await f.agreement("S7", "FWDTWO");
  await f.noAgreement("S7", "FWDONE");
});

describe("booking a waybill on a flight", () => {
  it("confirms (KK) when it fits: the flight's booked space grows, the waybill is confirmed, the change is logged", async () => {
    const seg = await f.flight({ free: { weight: 1000, volume: 10 } });
    const awb = await f.waybill({ weight: 100, volume: 0.5, pieces: 2 });
    const res = await book(accounts.fwdTwo, { mawb: awb.mawb.replace("-", ""), segment_id: seg.id, pieces: 2, weight: 100, volume: 0.5 });
    expect(res.statusCode, res.body).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({ mawb: awb.mawb, carrier: "S7", forwarder_short_name: "FWDTWO", segment_id: seg.id, response_status: "KK", response_reason: null, parts_code: "T", active: true, effective: true, priority: true, is_departed: false });
    const after = await f.segmentNow(seg.id);
    expect(after.booked_weight).toBe(seg.booked_weight + 100);
    expect(after.booked_volume).toBeCloseTo(seg.booked_volume + 0.5, 6);
    const w = await f.waybillNow(awb.id);
    expect(w.booking_status).toBe("confirmed");
    expect(w.departure_at?.toISOString()).toBe(seg.std.toISOString());
    const logs = await t.database.db.select().from(changeLogs).where(and(eq(changeLogs.record_type, "Booking"), eq(changeLogs.record_id, b.id)));
    expect(logs.map((l) => l.action)).toEqual(["create"]);
  });

  it("finds the leg by number_with_date, and names a part of the waybill P", async () => {
    const seg = await f.flight();
    const awb = await f.waybill({ pieces: 4, weight: 400, volume: 2 });
    const res = await book(accounts.fwdTwo, { mawb: awb.mawb, number_with_date: seg.number_with_date.toLowerCase(), origin_iata: "ovb", pieces: 1, weight: 100, volume: 0.5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ segment_id: seg.id, parts_code: "P", pieces: 1 });
    const missing = await book(accounts.fwdTwo, { mawb: awb.mawb, number_with_date: "S79999/01JAN30", pieces: 1, weight: 1 });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.segment).toEqual(["must exist"]);
  });

  it("refuses without a valid agreement on the flight date: 403 'No valid agreement with airline'", async () => {
    const seg = await f.flight();
    const other = await f.waybill({ forwarder: "FWDONE" });
    const res = await book(accounts.forwarder, { mawb: other.mawb, segment_id: seg.id, pieces: 2, weight: 100 });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ errors: ["No valid agreement with airline"], code: "no_agreement", params: {} });
    // an agreement that ended the day before the flight is none; on an earlier flight it is in force
    await f.agreement("S7", "FWDONE", { to: addDays(seg.flight_date, -1) });
    expect((await book(accounts.forwarder, { mawb: other.mawb, segment_id: seg.id, pieces: 2, weight: 100 })).statusCode).toBe(403);
    const earlier = await f.flight({ hours: 24 });
    expect((await book(accounts.forwarder, { mawb: other.mawb, segment_id: earlier.id, pieces: 2, weight: 100 })).statusCode).toBe(201);
    await f.noAgreement("S7", "FWDONE");
  });

  it("refuses SHCs the route forbids (flight, airline, aircraft): 403 'Forbidden SHC for this route'", async () => {
    const seg = await f.flight({ extra: { forbidden_shc: ["ICE"] } });
    const a320 = await f.flight({ aircraft: "32N", max: { weight: 3000, volume: 18 } });
    const awb = await f.waybill();
    const before = await bookingCount();
    for (const [segment_id, shcs] of [[seg.id, ["ICE"]], [seg.id, ["RRY"]], [a320.id, ["AVI"]]] as const) {
      const res = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id, pieces: 2, weight: 100, shcs });
      expect(res.statusCode, `${shcs}`).toBe(403);
      expect(res.json().errors).toEqual(["Forbidden SHC for this route"]);
    }
    expect(await bookingCount()).toBe(before);
  });

  it("refuses heavy cargo (HEA) without dimensions: 422 under dimensions", async () => {
    const seg = await f.flight();
    const bare = await f.waybill({ shcs: ["HEA"] });
    const res = await book(accounts.fwdTwo, { mawb: bare.mawb, segment_id: seg.id, pieces: 2, weight: 100, shcs: ["HEA"] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ dimensions: ["dimensions for HEA cargo missing"] });
    const measured = await f.waybill({ shcs: ["HEA"], dimensions: [{ pieces: 2, length: 100, width: 50, height: 50 }] });
    expect((await book(accounts.fwdTwo, { mawb: measured.mawb, segment_id: seg.id, pieces: 2, weight: 100, shcs: ["HEA"] })).statusCode).toBe(201);
  });

  it("refuses SHCs that may not travel together, as the waybill's creation does: 422 'Incompatible codes' under shcs", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    const before = await bookingCount();
    const res = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, shcs: ["RFL", "ROX"] });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual({ shcs: ["Incompatible codes: RFL, ROX"] });
    expect(await bookingCount()).toBe(before);
    // either code alone travels
    expect((await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, shcs: ["RFL"] })).statusCode).toBe(201);
  });

  it("asks for the consignor certification on booking: 422 'must be accepted' under consignor_certified, as creation does", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    const before = await bookingCount();
    for (const consignor_certified of [undefined, false, "false", ""]) {
      const res = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, consignor_certified });
      expect(res.statusCode, `${consignor_certified} ${res.body}`).toBe(422);
      expect(res.json().errors).toEqual({ consignor_certified: ["must be accepted"] });
    }
    // beside the other checks' errors in one answer
    const both = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, shcs: ["RFL", "ROX"], consignor_certified: false });
    expect(both.json().errors).toEqual({ shcs: ["Incompatible codes: RFL, ROX"], consignor_certified: ["must be accepted"] });
    expect(await bookingCount()).toBe(before);
    // a form posts "on" (its checkbox): accepted
    expect((await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, consignor_certified: "on" })).statusCode).toBe(201);
  });

  it("refuses a locked, sales-closed or cancelled flight: 422", async () => {
    const awb = await f.waybill();
    for (const [flag, text] of [["locked", "Flight is locked"], ["sales_closed", "Sales are closed for this flight"], ["canceled", "Flight is canceled"]] as const) {
      const seg = await f.flight({ extra: { [flag]: true } });
      const res = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 });
      expect(res.statusCode, flag).toBe(422);
      expect(res.json().errors.base).toEqual([text]);
    }
  });

  it("answers by the booking rule: NN (requested) or UU (unable), taking no space", async () => {
    const seg = await f.flight({ origin: "OVB", destination: "KJA" });
    await t.database.db.insert(bookingRules).values([
      { carrier: "S7", origin_iata: "OVB", destination_iata: "KJA", segment_id: seg.id, flight_number_with_date: seg.number_with_date, response_status: "UU", shcs: ["PER"] },
      { carrier: "S7", origin_iata: "OVB", destination_iata: "KJA", segment_id: seg.id, flight_number_with_date: seg.number_with_date, response_status: "NN", min_weight: 500 },
    ]);
    const heavy = await f.waybill({ origin: "OVB", destination: "KJA", weight: 600 });
    const nn = await book(accounts.fwdTwo, { mawb: heavy.mawb, segment_id: seg.id, pieces: 2, weight: 600 });
    expect(nn.json()).toMatchObject({ response_status: "NN", response_reason: "Awaiting the airline's answer (booking rule)", effective: true });
    const fresh = await f.waybill({ origin: "OVB", destination: "KJA", shcs: ["PER"] });
    const uu = await book(accounts.fwdTwo, { mawb: fresh.mawb, segment_id: seg.id, pieces: 2, weight: 100, shcs: ["PER"] });
    expect(uu.json()).toMatchObject({ response_status: "UU", response_reason: "Unable to accept (booking rule)", effective: false });
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight);
    expect((await f.waybillNow(heavy.id)).booking_status).toBe("requested");
    expect((await f.waybillNow(fresh.id)).booking_status).toBe("unable");
  });

  it("waitlists (LL) what does not fit, with the reason, and takes nothing", async () => {
    const seg = await f.flight({ free: { weight: 120, volume: 10 } });
    const awb = await f.waybill({ weight: 500 });
    const res = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 500, volume: 1 });
    expect(res.json()).toMatchObject({ response_status: "LL", response_reason: "Not enough capacity: 120 kg free, 500 kg asked" });
    const byVolume = await f.flight({ free: { weight: 1000, volume: 0.5 } });
    const bulky = await f.waybill({ volume: 2 });
    expect((await book(accounts.fwdTwo, { mawb: bulky.mawb, segment_id: byVolume.id, pieces: 2, weight: 100, volume: 2 })).json().response_reason).toBe("Not enough capacity: 0.5 m3 free, 2 m3 asked");
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight);
    expect((await f.waybillNow(awb.id)).booking_status).toBe("requested");
  });

  it("a flight without a known capacity is a request for the airline (NN)", async () => {
    const seg = await f.flight({ aircraft: null });
    const awb = await f.waybill();
    const res = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 });
    expect(res.json()).toMatchObject({ response_status: "NN", response_reason: "Awaiting the airline's answer (capacity of the flight not known)" });
  });

  it("a second active booking of the waybill on the leg: 422 'has already been taken'; after a cancel it books again", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    const first = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 })).json();
    const again = await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 1, weight: 50 });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({
      errors: { booking: ["has already been taken"] },
      error_codes: { booking: [{ code: "taken", params: {} }] },
      message: "has already been taken",
      code: "booking_exists",
      params: {},
    });
    expect((await call(accounts.fwdTwo, "DELETE", "/api/v3/bookings", { booking: { id: first.id } })).statusCode).toBe(200);
    expect((await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 })).statusCode).toBe(201);
  });
});

describe("space moving with the bookings", () => {
  it("cancel gives back exactly what the booking took; a second cancel is refused", async () => {
    const seg = await f.flight({ free: { weight: 1000, volume: 10 } });
    const awb = await f.waybill({ weight: 333.3, volume: 1.23 });
    const b = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 333.3, volume: 1.23 })).json();
    expect((await f.segmentNow(seg.id)).booked_weight).toBeCloseTo(seg.booked_weight + 333.3, 6);
    const res = await call(accounts.fwdTwo, "DELETE", `/api/v3/bookings?id=${b.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ response_status: "XX", active: false, effective: false });
    const after = await f.segmentNow(seg.id);
    expect(after.booked_weight).toBe(seg.booked_weight);
    expect(after.booked_volume).toBe(seg.booked_volume);
    expect((await f.waybillNow(awb.id)).booking_status).toBe("cancelled");
    expect((await call(accounts.fwdTwo, "DELETE", "/api/v3/bookings", { booking: { id: b.id } })).statusCode).toBe(422);
  });

  it("change moves the booking to another flight in one step; a refused change leaves the old booking", async () => {
    const from = await f.flight({ free: { weight: 1000, volume: 10 } });
    const to = await f.flight({ free: { weight: 1000, volume: 10 } });
    const locked = await f.flight({ extra: { locked: true } });
    const awb = await f.waybill({ weight: 200 });
    const b = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: from.id, pieces: 2, weight: 200 })).json();
    const refused = await call(accounts.fwdTwo, "POST", "/api/v3/bookings/change", { booking: { id: b.id, segment_id: locked.id } });
    expect(refused.statusCode).toBe(422);
    expect((await call(accounts.fwdTwo, "GET", `/api/v1/bookings/${b.id}`)).json()).toMatchObject({ response_status: "KK", active: true });
    expect((await f.segmentNow(from.id)).booked_weight).toBe(from.booked_weight + 200);
    const moved = await call(accounts.fwdTwo, "POST", "/api/v3/bookings/change", { booking: { id: b.id, number_with_date: to.number_with_date, weight: 150 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ segment_id: to.id, weight: 150, response_status: "KK" });
    expect((await f.segmentNow(from.id)).booked_weight).toBe(from.booked_weight);
    expect((await f.segmentNow(to.id)).booked_weight).toBe(to.booked_weight + 150);
    // the booking left behind says where it went (issue 22 §10: not a bare "not active")
    expect((await call(accounts.fwdTwo, "GET", `/api/v1/bookings/${b.id}`)).json()).toMatchObject({ response_status: "XX", response_reason: `Moved to ${to.number_with_date}` });
  });

  it("the last free space: of parallel bookings exactly those that fit are confirmed, the rest waitlisted", async () => {
    for (const [n, each] of [[2, 300], [5, 200], [10, 100]] as const) {
      const seg = await f.flight({ free: { weight: 500, volume: 10 } });
      const waybills = await Promise.all(Array.from({ length: n }, () => f.waybill({ weight: each })));
      const answers = await Promise.all(waybills.map((w) => book(accounts.fwdTwo, { mawb: w.mawb, segment_id: seg.id, pieces: 2, weight: each, volume: 0.1 })));
      const statuses = answers.map((r) => r.json().response_status);
      const fit = Math.floor(500 / each);
      expect(statuses.filter((s) => s === "KK"), `${n} x ${each} kg`).toHaveLength(fit);
      expect(statuses.filter((s) => s === "LL")).toHaveLength(n - fit);
      expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight + fit * each);
    }
  });

  it("the forwarder's own allotment is used first, then free space; its use is given back on cancel", async () => {
    // 300 kg held for FWDTWO and 100 kg free for anybody
    const seg = await f.flight({ free: { weight: 400, volume: 10 } });
    const held = await f.allotment(seg, "FWDTWO", 300, 2);
    const first = await f.waybill({ weight: 250 });
    const b1 = (await book(accounts.fwdTwo, { mawb: first.mawb, segment_id: seg.id, pieces: 2, weight: 250, volume: 1 })).json();
    expect(b1.response_status).toBe("KK");
    expect((await f.allotmentNow(held.id)).used_weight).toBe(250);
    // 50 kg left in the allotment + 100 free = 150: 200 does not fit, 150 does
    const second = await f.waybill({ weight: 200 });
    expect((await book(accounts.fwdTwo, { mawb: second.mawb, segment_id: seg.id, pieces: 2, weight: 200, volume: 0.5 })).json()).toMatchObject({ response_status: "LL", response_reason: "Not enough capacity: 150 kg free, 200 kg asked" });
    const third = await f.waybill({ weight: 150 });
    expect((await book(accounts.fwdTwo, { mawb: third.mawb, segment_id: seg.id, pieces: 2, weight: 150, volume: 0.5 })).json().response_status).toBe("KK");
    expect((await f.allotmentNow(held.id)).used_weight).toBe(300);
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight + 400);
    // another forwarder finds no room: the allotment is not theirs
    await f.agreement("S7", "FWDONE");
    const theirs = await f.waybill({ forwarder: "FWDONE", weight: 10 });
    expect((await book(accounts.forwarder, { mawb: theirs.mawb, segment_id: seg.id, pieces: 1, weight: 10 })).json().response_status).toBe("LL");
    await f.noAgreement("S7", "FWDONE");
    await call(accounts.fwdTwo, "DELETE", "/api/v3/bookings", { booking: { id: b1.id } });
    expect((await f.allotmentNow(held.id)).used_weight).toBe(50);
  });
});

describe("the airline's answers", () => {
  it("KK takes the space, UU gives it back; KK with no space is refused unless the airline overbooks", async () => {
    const seg = await f.flight({ aircraft: "73H", free: { weight: 300, volume: 10 }, extra: { response_status: "NN" } });
    const awb = await f.waybill({ weight: 200 });
    const b = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 200 })).json();
    expect(b.response_status).toBe("NN");
    const patch = (tokens: Tokens, booking: object) => call(tokens, "PATCH", "/api/v3/bookings", { booking });
    expect((await patch(accounts.fwdTwo, { id: b.id, status: "KK" })).statusCode).toBe(403);
    expect((await patch(accounts.suManager, { id: b.id, status: "KK" })).statusCode).toBe(404);
    const kk = await patch(accounts.s7Manager, { id: b.id, status: "kk" });
    expect(kk.statusCode, kk.body).toBe(200);
    expect(kk.json().response_status).toBe("KK");
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight + 200);
    expect((await f.waybillNow(awb.id)).booking_status).toBe("confirmed");
    const uu = await patch(accounts.s7Manager, { id: b.id, status: "UU", response_reason: "Aircraft change" });
    expect(uu.json()).toMatchObject({ response_status: "UU", response_reason: "Aircraft change", active: true, effective: false });
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight);
    // fill the flight beyond the overflow allowance (S7: 5 %, at most 500 kg), then confirm again
    const full = await f.flight({ free: { weight: 0, volume: 10 }, extra: { response_status: "NN" } });
    const late = await f.waybill({ weight: 200 });
    const l = (await book(accounts.fwdTwo, { mawb: late.mawb, segment_id: full.id, pieces: 2, weight: 200 })).json();
    const refused = await patch(accounts.s7Manager, { id: l.id, status: "KK" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.status).toEqual(["Not enough capacity: 130 kg free, 200 kg asked"]);
    const forced = await patch(accounts.s7Manager, { id: l.id, status: "KK", overbook: true });
    expect(forced.json().response_status).toBe("KK");
    expect((await f.segmentNow(full.id)).booked_weight).toBe(full.booked_weight + 200);
  });

  it("touch drops the priority of the waybill's bookings on the flight", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 });
    const res = await call(accounts.s7Manager, "PATCH", "/api/v3/bookings/touch", { mawb: awb.mawb, number_with_date: seg.number_with_date });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.map((b: { priority: boolean }) => b.priority)).toEqual([false]);
    expect((await call(accounts.s7Manager, "PATCH", "/api/v3/bookings/touch", { mawb: awb.mawb, number_with_date: "S70000/01JAN30" })).statusCode).toBe(404);
  });
});

describe("tenancy", () => {
  it("another forwarder cannot book, read, change or cancel the waybill's bookings: 404", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    const b = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 })).json();
    expect((await book(accounts.forwarder, { mawb: awb.mawb, segment_id: seg.id, pieces: 1, weight: 10 })).statusCode).toBe(404);
    expect((await call(accounts.forwarder, "GET", `/api/v1/bookings/${b.id}`)).statusCode).toBe(404);
    expect((await call(accounts.forwarder, "DELETE", `/api/v1/bookings/${b.id}`)).statusCode).toBe(404);
    expect((await call(accounts.forwarder, "POST", "/api/v3/bookings/change", { booking: { id: b.id, segment_id: seg.id } })).statusCode).toBe(404);
    const list = (await call(accounts.forwarder, "GET", `/api/v3/bookings?mawb=${awb.mawb}`)).json();
    expect(list.data).toEqual([]);
    expect((await call(accounts.fwdTwo, "GET", `/api/v3/bookings?mawb=${awb.mawb}`)).json().data.map((x: { id: number }) => x.id)).toEqual([b.id]);
  });

  it("SU staff see none of S7's bookings and cannot touch them; S7 staff and platform see them", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    const b = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 })).json();
    expect((await call(accounts.suManager, "GET", `/api/v3/bookings?mawb=${awb.mawb}`)).json().data).toEqual([]);
    expect((await call(accounts.suManager, "DELETE", "/api/v3/bookings", { booking: { id: b.id } })).statusCode).toBe(404);
    expect((await book(accounts.suManager, { mawb: awb.mawb, segment_id: seg.id, pieces: 1, weight: 10 })).statusCode).toBe(404);
    expect((await call(accounts.s7Manager, "GET", `/api/v3/bookings?mawb=${awb.mawb}`)).json().data.map((x: { id: number }) => x.id)).toEqual([b.id]);
    expect((await call(accounts.platform, "GET", `/api/v3/bookings?mawb=${awb.mawb}`)).json().data.map((x: { id: number }) => x.id)).toEqual([b.id]);
  });
});

describe("the bookings list", () => {
  it("filters by requests, status, flight and departure day; latest departure first", async () => {
    const early = await f.flight({ hours: 24 * 10 });
    const late = await f.flight({ hours: 24 * 11, extra: { response_status: "NN" } });
    const awb = await f.waybill();
    const kk = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: early.id, pieces: 2, weight: 100 })).json();
    const nn = (await book(accounts.fwdTwo, { mawb: awb.mawb, segment_id: late.id, pieces: 2, weight: 100 })).json();
    const ids = async (query: string) => (await call(accounts.s7Manager, "GET", `/api/v3/bookings?mawb=${awb.mawb}&${query}`)).json().data.map((x: { id: number }) => x.id);
    expect(await ids("")).toEqual([nn.id, kk.id]);
    expect(await ids("requests=true")).toEqual([nn.id]);
    // once its flight has left, a request is no longer one to answer (the list still shows it)
    await t.database.db.update(bookings).set({ std: new Date(t.clock().getTime() - 3_600_000) }).where(eq(bookings.id, nn.id));
    expect(await ids("requests=true")).toEqual([]);
    expect(await ids("status=nn")).toEqual([nn.id]);
    await t.database.db.update(bookings).set({ std: late.std }).where(eq(bookings.id, nn.id));
    expect(await ids("status=kk")).toEqual([kk.id]);
    expect(await ids(`number_with_date=${late.number_with_date}`)).toEqual([nn.id]);
    const day = early.std.toISOString().slice(0, 10);
    expect(await ids(`date_from=${day}&date_to=${day}`)).toEqual([kk.id]);
    const page = (await call(accounts.s7Manager, "GET", `/api/v3/bookings?mawb=${awb.mawb}&per_page=1&page=2`)).json();
    expect(page.data.map((x: { id: number }) => x.id)).toEqual([kk.id]);
    expect(page.meta).toMatchObject({ total_count: 2, total_pages: 2, current_page: 2 });
  });

  it("pages no deeper than the shipments list (10 000 rows): 422 under page that says to narrow the filters", async () => {
    const deep = await call(accounts.s7Manager, "GET", "/api/v3/bookings?page=401&per_page=25");
    expect(deep.statusCode).toBe(422);
    expect(deep.json().errors.page).toEqual(["reaches beyond row 10000: narrow the filters or sort the other way"]);
    expect((await call(accounts.s7Manager, "GET", "/api/v3/bookings?page=101&per_page=100")).statusCode).toBe(422);
    expect((await call(accounts.s7Manager, "GET", "/api/v3/bookings?page=400&per_page=25")).statusCode).toBe(200);
  });
});

describe("bad input", () => {
  it("answers 4xx and stores nothing", async () => {
    const seg = await f.flight();
    const awb = await f.waybill();
    const before = await bookingCount();
    const good = { mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 };
    const cases: Array<[object, number]> = [
      [{ ...good, mawb: undefined }, 422],
      [{ ...good, mawb: "421-12345678" }, 422],
      [{ ...good, mawb: "x".repeat(5000) }, 422],
      [{ ...good, segment_id: undefined }, 422],
      [{ ...good, segment_id: 2_147_483_648 }, 422],
      [{ ...good, segment_id: -1 }, 422],
      [{ ...good, pieces: 0 }, 422],
      [{ ...good, pieces: 1.5 }, 422],
      [{ ...good, weight: 0 }, 422],
      [{ ...good, weight: -5 }, 422],
      [{ ...good, weight: "abc" }, 422],
      [{ ...good, weight: 1e12 }, 422],
      [{ ...good, volume: -1 }, 422],
      [{ ...good, shcs: ["NOPE"] }, 422],
      [{ ...good, shcs: Array.from({ length: 1000 }, () => "GEN") }, 422],
      [{ ...good, number_with_date: "y".repeat(500), segment_id: undefined }, 422],
      [{ ...good, mawb: "421-00000000" }, 404],
    ];
    for (const [body, status] of cases) {
      const res = await book(accounts.fwdTwo, body);
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 120)} ${res.body.slice(0, 200)}`).toBe(status);
    }
    for (const [method, url, body] of [
      ["DELETE", "/api/v3/bookings", {}],
      ["DELETE", "/api/v3/bookings?id=abc", undefined],
      ["PATCH", "/api/v3/bookings", { booking: { id: 1, status: "XX" } }],
      ["PATCH", "/api/v3/bookings/touch", { mawb: awb.mawb }],
      ["POST", "/api/v3/bookings/change", { booking: { id: 1 } }],
    ] as const) {
      const res = await call(method === "PATCH" ? accounts.s7Manager : accounts.fwdTwo, method, url, body);
      expect(res.statusCode, `${method} ${url} ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await call(accounts.fwdTwo, "GET", "/api/v1/bookings/99999999999")).statusCode).toBe(404);
    expect(await bookingCount()).toBe(before);
  });
});

describe("booking from an FFR text (POST bookings/ffr)", () => {
  const ffr = (mawb: string, ...flights: string[]) => ["FFR/8", `${mawb}OVBDME/T2K100.0MC0.5/SPARE PARTS`, ...flights.map((f) => `${f}/OVBDME/NN`), "REF/MOWFWD2/BK-1", ""].join("\r\n");
  const dayOf = (numberWithDate: string) => numberWithDate.split("/")[1]!.slice(0, 5);

  it("books the waybill on each flight asked, answers UU for one that cannot be booked, and writes the FFA", async () => {
    const seg = await f.flight({ free: { weight: 1000, volume: 10 } });
    const awb = await f.waybill({ weight: 100, volume: 0.5, pieces: 2 });
    const text = ffr(awb.mawb, `${seg.number}/${dayOf(seg.number_with_date)}`, `S79999/${dayOf(seg.number_with_date)}`);
    const uncertified = await call(accounts.fwdTwo, "POST", "/api/v3/bookings/ffr", { cimp_text: text });
    expect(uncertified.json().refused.map((r: { code: string }) => r.code)).toEqual(["consignor_certification", "segment_not_found"]);
    const res = await call(accounts.fwdTwo, "POST", "/api/v3/bookings/ffr", { cimp_text: text, consignor_certified: true });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.refused.length, JSON.stringify(body.refused)).toBe(1);
    expect(body.data).toEqual([expect.objectContaining({ mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100, parts_code: "T" })]);
    expect(body.refused).toEqual([{ flight: expect.stringMatching(/^S79999\//), code: "segment_not_found" }]);
    const answered = body.data[0].response_status;
    expect(body.ffa.split("\r\n").slice(0, 4)).toEqual([
      "FFA/8",
      `${awb.mawb}OVBDME/T2K100.0MC0.5/SPARE PARTS`,
      `${seg.number}/${dayOf(seg.number_with_date)}/OVBDME/${answered}`,
      `S79999/${dayOf(seg.number_with_date)}/OVBDME/UU`,
    ]);
    expect((await f.segmentNow(seg.id)).booked_weight).toBe(seg.booked_weight + 100);
  });

  it("refuses a text that is no FFR or has faults beside cimp_text, and another forwarder's waybill is not found", async () => {
    const awb = await f.waybill();
    const fsu = await call(accounts.fwdTwo, "POST", "/api/v3/bookings/ffr", { cimp_text: `FSU/14\r\n${awb.mawb}OVBDME/T2K100.0\r\n` });
    expect(fsu.statusCode).toBe(422);
    expect(fsu.json().errors.cimp_text).toEqual(["is a FSU telegram, not a booking request (FFR)"]);
    const broken = await call(accounts.fwdTwo, "POST", "/api/v3/bookings/ffr", { cimp_text: `FFR/8\r\n${awb.mawb}OVBDME/T2K100.0\r\nS70101/XX/OVBDME/NN\r\n` });
    expect(broken.statusCode).toBe(422);
    expect(broken.json().errors.cimp_text[0]).toMatch(/^CIMP has errors: \d+, the first on line 3$/);
    const other = await call(accounts.forwarder, "POST", "/api/v3/bookings/ffr", { cimp_text: ffr(awb.mawb, "S70101/01JAN") });
    expect(other.statusCode).toBe(404);
  });
});
