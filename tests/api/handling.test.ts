import { and, count, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { awbMovements, bookings, preManifestItems } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// Handling on the flight (issue 11): booking several waybills at once, receiving, the ready-to-go list, the
// pre-manifest with moves between flights (capacity moves along), departure and arrival, the destination's steps and
// discrepancies, deleting movements; each step's movement (code, station, flight, figures, who); tenancy (another
// airline: 404, a forwarder: its own waybills' movements only) and bad input (4xx, nothing stored). Flights and
// waybills are the test's own (booking-fixtures.ts).

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "suManager", "fwdTwo", "forwarder", "s7Billing"] });
const S7_MANAGER = "s7.manager@cargodesk.test";
const call = (tokens: Tokens, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  callsOn(t, tokens === accounts.s7Manager || tokens === accounts.s7Billing ? "s7" : tokens === accounts.suManager ? "su" : undefined)(tokens, method, url, payload);
const s7 = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) => call(accounts.s7Manager, method, url, payload);
let f: ReturnType<typeof bookingFixtures>;

const movementsOf = (awbId: number) => t.database.db.select().from(awbMovements).where(eq(awbMovements.air_waybill_id, awbId));
const movementCount = async () => (await t.database.db.select({ n: count() }).from(awbMovements))[0]!.n;
const itemCount = async () => (await t.database.db.select({ n: count() }).from(preManifestItems))[0]!.n;
const capacityOf = async (segmentId: number) => (await s7("GET", `/api/v3/segments/${segmentId}/capacity`)).json() as { booked_weight: number; booked_volume: number };

/** A flight (STD `hours` from now) with an issued waybill of FWDTWO confirmed (KK) on it through the bulk booking call. */
async function bookedFlight(opts: { weight?: number; pieces?: number; hours?: number } = {}) {
  const segment = await f.flight({ hours: opts.hours });
  const awb = await f.waybill({ weight: opts.weight ?? 100, pieces: opts.pieces ?? 2, volume: 0.5, issued_at: t.clock() });
  const res = await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [awb.mawb], consignor_certified: true });
  expect(res.json().data[0], res.body).toMatchObject({ booked: true, booking: { response_status: "KK" } });
  return { segment, awb };
}

beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
  await f.noAgreement("S7", "FWDONE");
});

describe("POST segments/{id}/bookings (mawb_list)", () => {
  it("books each waybill on its own: confirmed ones with a BKD movement, refusals said per number", async () => {
    const segment = await f.flight();
    const a = await f.waybill({ weight: 120 });
    const b = await f.waybill({ weight: 80 });
    const noAgreement = await f.waybill({ forwarder: "FWDONE" });
    const res = await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [a.mawb, b.mawb.replace("-", ""), noAgreement.mawb, "421-00000000", a.mawb], consignor_certified: true });
    expect(res.statusCode, res.body).toBe(200);
    const byNumber = new Map(res.json().data.map((r: { mawb: string }) => [r.mawb, r]));
    expect(byNumber.size).toBe(4);
    expect(byNumber.get(a.mawb)).toMatchObject({ booked: true, booking: { segment_id: segment.id, response_status: "KK", weight: 120 } });
    expect(byNumber.get(b.mawb)).toMatchObject({ booked: true });
    expect(byNumber.get(noAgreement.mawb)).toMatchObject({ booked: false, status: 403, errors: { errors: ["No valid agreement with airline"] } });
    expect(byNumber.get("421-00000000")).toMatchObject({ booked: false, status: 404 });
    const [bkd] = (await movementsOf(a.id)).filter((m) => m.status_code === "BKD");
    expect(bkd).toMatchObject({ location_iata: "OVB", segment_id: segment.id, segment_number_with_date: segment.number_with_date, pieces: 2, weight: 120, recorded_by: S7_MANAGER });
    expect((await f.segmentNow(segment.id)).booked_weight).toBe(segment.booked_weight + 200);
  });

  it("refuses a list over 50 numbers, or none, before any work; another airline's flight is not found", async () => {
    const segment = await f.flight();
    const awb = await f.waybill();
    const before = (await t.database.db.select({ n: count() }).from(bookings))[0]!.n;
    const tooMany = await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: Array.from({ length: 51 }, () => awb.mawb) });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.mawb_list).toEqual(["must have at most 50 items"]);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [] })).statusCode).toBe(422);
    expect((await call(accounts.suManager, "POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [awb.mawb] })).statusCode).toBe(404);
    expect((await t.database.db.select({ n: count() }).from(bookings))[0]!.n).toBe(before);
  });
});

describe("receiving and the ready-to-go list", () => {
  it("marks a booked waybill received with the counted pieces and weight (RCS at the origin), then lists it ready to go", async () => {
    const { segment, awb } = await bookedFlight();
    const res = await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 104.5 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ mawb: awb.mawb, received: { pieces: 2, weight: 104.5, recorded_by: S7_MANAGER }, manifested: null, last_movement: { status_code: "RCS", location_iata: "OVB" } });
    const rcs = (await movementsOf(awb.id)).find((m) => m.status_code === "RCS")!;
    expect(rcs).toMatchObject({ location_iata: "OVB", segment_id: segment.id, segment_number_with_date: segment.number_with_date, pieces: 2, weight: 104.5, recorded_by: S7_MANAGER, deactivated: false });

    const again = await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 104.5 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.mawb).toEqual(["has already been received"]);

    const ready = (await s7("GET", `/api/v3/segments/${segment.id}/air_waybills/ready_to_go`)).json();
    expect(ready.meta.total_count).toBe(1);
    expect(ready.data[0]).toMatchObject({ mawb: awb.mawb, segment: { id: segment.id }, booking: { response_status: "KK" }, manifested: false });
    expect(ready.data[0].movements.map((m: { status_code: string }) => m.status_code)).toEqual(["BKD", "RCS"]);
    const toReceive = (await s7("GET", `/api/v3/segments/${segment.id}/air_waybills?state=to_receive`)).json();
    expect(toReceive.meta.total_count).toBe(0);
    const received = (await s7("GET", `/api/v3/segments/${segment.id}/air_waybills?state=received`)).json();
    expect(received.data.map((r: { mawb: string }) => r.mawb)).toEqual([awb.mawb]);
  });

  it("removes a waybill from the received list: its RCS is kept deactivated and it is no longer ready to go", async () => {
    const { segment, awb } = await bookedFlight();
    await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 100 });
    const res = await s7("DELETE", `/api/v3/segments/${segment.id}/air_waybills/received/${awb.mawb}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().received).toBeNull();
    expect((await movementsOf(awb.id)).find((m) => m.status_code === "RCS")?.deactivated).toBe(true);
    expect((await s7("GET", `/api/v3/segments/${segment.id}/air_waybills/ready_to_go`)).json().meta.total_count).toBe(0);
    expect((await s7("DELETE", `/api/v3/segments/${segment.id}/air_waybills/received/${awb.mawb}`)).statusCode).toBe(422);
  });

  it("refuses bad input, a waybill not on the flight, another airline (404) and a forwarder (403), storing nothing", async () => {
    const { segment, awb } = await bookedFlight();
    const elsewhere = await f.waybill();
    const before = await movementCount();
    const url = `/api/v3/segments/${segment.id}/air_waybills/receive`;
    for (const body of [{ mawb: awb.mawb, pieces: 0, weight: 10 }, { mawb: awb.mawb, pieces: 2, weight: -1 }, { mawb: awb.mawb, pieces: 2 }, { mawb: "x".repeat(5000), pieces: 1, weight: 1 }]) {
      const res = await s7("POST", url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
    }
    const notBooked = await s7("POST", url, { mawb: elsewhere.mawb, pieces: 2, weight: 100 });
    expect(notBooked.statusCode).toBe(422);
    expect(notBooked.json().errors.mawb).toEqual(["is not booked on this flight"]);
    expect((await call(accounts.suManager, "POST", url, { mawb: awb.mawb, pieces: 2, weight: 100 })).statusCode).toBe(404);
    expect((await call(accounts.suManager, "GET", `/api/v3/segments/${segment.id}/air_waybills`)).statusCode).toBe(404);
    expect((await call(accounts.fwdTwo, "POST", url, { mawb: awb.mawb, pieces: 2, weight: 100 })).statusCode).toBe(403);
    // billing reads the tabs but does not handle cargo
    expect((await call(accounts.s7Billing, "GET", `/api/v3/segments/${segment.id}/air_waybills`)).statusCode).toBe(200);
    expect((await call(accounts.s7Billing, "POST", url, { mawb: awb.mawb, pieces: 2, weight: 100 })).statusCode).toBe(403);
    expect((await s7("POST", `/api/v3/segments/2147483648/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 100 })).statusCode).toBe(404);
    expect(await movementCount()).toBe(before);
  });
});

describe("the pre-manifest (build-up)", () => {
  it("puts a received waybill on the manifest with its received figures and a MAN movement; booked against manifested totals", async () => {
    const { segment, awb } = await bookedFlight({ weight: 100 });
    await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 98 });
    const res = await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb, priority: 1 });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ segment_id: segment.id, mawb: awb.mawb, origin: "OVB", destination: "DME", pieces: 2, total_pieces: 2, part_code: "T", weight: 98, priority: 1 });
    const man = (await movementsOf(awb.id)).find((m) => m.status_code === "MAN")!;
    expect(man).toMatchObject({ location_iata: "OVB", segment_id: segment.id, pieces: 2, weight: 98, recorded_by: S7_MANAGER });
    const list = (await s7("GET", `/api/v3/segments/${segment.id}/pre_manifest_items`)).json();
    expect(list.data.map((i: { mawb: string }) => i.mawb)).toEqual([awb.mawb]);
    expect(list.meta).toMatchObject({ total_count: 1, booked: { pieces: 2, weight: 100 }, manifested: { pieces: 2, weight: 98 } });
    const twice = await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.mawb).toEqual(["has already been taken"]);
  });

  it("counts manifested cargo beyond the bookings in the flight's capacity, and moves it with the waybill to another flight", async () => {
    const { segment: from, awb } = await bookedFlight({ weight: 100 });
    const to = await f.flight({ hours: 96 });
    const base = { from: await capacityOf(from.id), to: await capacityOf(to.id) };
    const added = await s7("POST", `/api/v3/segments/${from.id}/pre_manifest_items`, { mawb: awb.mawb, weight: 150, volume: 0.5 });
    expect(added.statusCode, added.body).toBe(201);
    // 100 kg were counted by the confirmed booking: the manifest adds the 50 kg beyond it
    expect((await capacityOf(from.id)).booked_weight).toBe(base.from.booked_weight + 50);

    const moved = await s7("PATCH", `/api/v3/pre_manifest_items/${added.json().id}`, { segment_id: to.id, priority: 3 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ segment_id: to.id, weight: 150, priority: 3 });
    expect((await capacityOf(from.id)).booked_weight).toBe(base.from.booked_weight - 100);
    expect((await capacityOf(to.id)).booked_weight).toBe(base.to.booked_weight + 150);
    const legs = await t.database.db.select().from(bookings).where(eq(bookings.air_waybill_id, awb.id));
    expect(legs.find((b) => b.segment_id === from.id)).toMatchObject({ active: false, response_status: "XX" });
    expect(legs.find((b) => b.segment_id === to.id)).toMatchObject({ active: true, response_status: "KK", weight: 150 });
    const mans = (await movementsOf(awb.id)).filter((m) => m.status_code === "MAN");
    expect(mans.map((m) => [m.segment_id, m.deactivated]).sort()).toEqual([[from.id, true], [to.id, false]].sort());
    expect((await s7("GET", `/api/v3/segments/${from.id}/pre_manifest_items`)).json().meta.total_count).toBe(0);
  });

  it("refuses a move to another station's flight or another airline's, and pieces beyond the waybill's, changing nothing", async () => {
    const { segment, awb } = await bookedFlight();
    const item = (await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb })).json();
    const otherStation = await f.flight({ origin: "DME", destination: "OVB" });
    const su = await f.flight({ carrier: "SU", origin: "OVB", destination: "DME", aircraft: null });
    const cases: Array<[object, string]> = [
      [{ segment_id: otherStation.id }, "segment_id"],
      [{ segment_id: su.id }, "segment_id"],
      [{ pieces: 3 }, "pieces"],
      [{ priority: 7 }, "priority"],
    ];
    for (const [body, field] of cases) {
      const res = await s7("PATCH", `/api/v3/pre_manifest_items/${item.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    expect((await call(accounts.suManager, "PATCH", `/api/v3/pre_manifest_items/${item.id}`, { priority: 1 })).statusCode).toBe(404);
    expect((await call(accounts.suManager, "DELETE", `/api/v3/pre_manifest_items/${item.id}`)).statusCode).toBe(404);
    const [now] = await t.database.db.select().from(preManifestItems).where(eq(preManifestItems.id, item.id));
    expect(now).toMatchObject({ segment_id: segment.id, pieces: 2, priority: 2 });
  });

  it("takes a waybill off the manifest (its MAN deactivated), after which it can be removed from the received list", async () => {
    const { segment, awb } = await bookedFlight();
    await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 100 });
    const item = (await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb })).json();
    const blocked = await s7("DELETE", `/api/v3/segments/${segment.id}/air_waybills/received/${awb.mawb}`);
    expect(blocked.statusCode).toBe(422);
    expect((await s7("DELETE", `/api/v3/pre_manifest_items/${item.id}`)).statusCode).toBe(200);
    expect((await movementsOf(awb.id)).find((m) => m.status_code === "MAN")?.deactivated).toBe(true);
    expect((await s7("DELETE", `/api/v3/segments/${segment.id}/air_waybills/received/${awb.mawb}`)).statusCode).toBe(200);
  });
});

describe("departure, arrival and the destination's steps", () => {
  it("departs the flight: DEP for each manifested waybill, which becomes departed; the flight's movements can no longer be deleted", async () => {
    const { segment, awb } = await bookedFlight({ hours: 0.5 });
    const { awb: left } = await (async () => {
      const other = await f.waybill();
      await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [other.mawb], consignor_certified: true });
      return { awb: other };
    })();
    await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 100 });
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    const atot = new Date(+segment.std + 10 * 60_000).toISOString();
    const res = await s7("POST", `/api/v3/segments/${segment.id}/depart`, { time: atot });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().atot).toBe(atot);
    const dep = (await movementsOf(awb.id)).find((m) => m.status_code === "DEP")!;
    expect(dep).toMatchObject({ location_iata: "OVB", segment_id: segment.id, pieces: 2, weight: 100, recorded_by: S7_MANAGER });
    expect(dep.time_utc.toISOString()).toBe(atot);
    expect((await f.waybillNow(awb.id)).departed_at?.toISOString()).toBe(atot);
    // booked but not on the manifest: stays behind
    expect((await f.waybillNow(left.id)).departed_at).toBeNull();
    expect((await movementsOf(left.id)).some((m) => m.status_code === "DEP")).toBe(false);

    expect((await s7("POST", `/api/v3/segments/${segment.id}/depart`, {})).statusCode).toBe(422);
    const rcs = (await movementsOf(awb.id)).find((m) => m.status_code === "RCS")!;
    const del = await s7("DELETE", `/api/v3/air_waybills/${awb.mawb}/movements/${rcs.id}`);
    expect(del.statusCode).toBe(422);
    expect(del.json().errors.base).toEqual(["Flight has departed: its movements cannot be deleted"]);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: left.mawb })).statusCode).toBe(422);
    expect((await movementsOf(awb.id)).some((m) => m.id === rcs.id)).toBe(true);
  });

  it("arrives the flight (ARR at the destination), then RCF, NFD, DLV and a discrepancy with its state", async () => {
    const { segment, awb } = await bookedFlight({ hours: 0.5 });
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    const early = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "RCF" });
    expect(early.statusCode).toBe(422);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/arrive`, {})).statusCode).toBe(422);
    await s7("POST", `/api/v3/segments/${segment.id}/depart`, { time: segment.std.toISOString() });
    const arrived = await s7("POST", `/api/v3/segments/${segment.id}/arrive`, { time: segment.sta.toISOString() });
    expect(arrived.statusCode, arrived.body).toBe(200);
    for (const status_code of ["RCF", "NFD"]) {
      const res = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status_code, location_iata: "DME", segment_number_with_date: segment.number_with_date, pieces: 2, weight: 100, recorded_by: S7_MANAGER });
    }
    const noState = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "DIS" });
    expect(noState.statusCode).toBe(422);
    expect(noState.json().errors.discrepancy_code).toEqual(["can't be blank"]);
    const badState = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "DIS", discrepancy_code: "LOST" });
    expect(badState.statusCode).toBe(422);
    const dis = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "DIS", discrepancy_code: "MSCA", pieces: 1 });
    expect(dis.json()).toMatchObject({ status_code: "DIS", discrepancy_code: "MSCA", location_iata: "DME", pieces: 1, parts_code: "P" });
    const offloaded = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "DIS", discrepancy_code: "OFLD" });
    expect(offloaded.json()).toMatchObject({ location_iata: "OVB" });
    const dlv = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "DLV" });
    expect(dlv.statusCode, dlv.body).toBe(201);
    expect((await f.waybillNow(awb.id)).delivered_at).not.toBeNull();
    const codes = (await movementsOf(awb.id)).sort((a, b) => a.id - b.id).map((m) => m.status_code);
    expect(codes).toEqual(["BKD", "MAN", "DEP", "ARR", "RCF", "NFD", "DIS", "DIS", "DLV"]);
    // delivered closes the shipment: no destination step and no discrepancy any more, said by the state
    for (const step of [{ status_code: "RCF" }, { status_code: "NFD" }, { status_code: "DLV" }, { status_code: "DIS", discrepancy_code: "FDCA" }]) {
      const late = await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, ...step });
      expect(late.statusCode, late.body).toBe(422);
      expect(late.json()).toMatchObject({ code: "shipment_state_forbids", params: { state: "delivered" } });
    }
    expect(await movementsOf(awb.id)).toHaveLength(codes.length);
    expect((await call(accounts.suManager, "POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "NFD" })).statusCode).toBe(404);
  });

  it("lets the airline delete a movement of a flight still on the ground (a MAN takes the waybill off the manifest); another airline gets 404", async () => {
    const { segment, awb } = await bookedFlight();
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    const man = (await movementsOf(awb.id)).find((m) => m.status_code === "MAN")!;
    expect((await call(accounts.suManager, "DELETE", `/api/v3/air_waybills/${awb.mawb}/movements/${man.id}`)).statusCode).toBe(404);
    expect((await call(accounts.fwdTwo, "DELETE", `/api/v3/air_waybills/${awb.mawb}/movements/${man.id}`)).statusCode).toBe(403);
    const before = await itemCount();
    const res = await s7("DELETE", `/api/v3/air_waybills/${awb.mawb}/movements/${man.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await movementsOf(awb.id)).some((m) => m.id === man.id)).toBe(false);
    expect(await itemCount()).toBe(before - 1);
    expect((await s7("DELETE", `/api/v3/air_waybills/${awb.mawb}/movements/${man.id}`)).statusCode).toBe(404);
  });
});

describe("the shipment's state graph (cargo/awb/shipment-state) and the flight's departure time", () => {
  const refusal = (res: { statusCode: number; body: string; json(): unknown }, state: string, action: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ code: "shipment_state_forbids", params: { state, action }, error: expect.stringContaining(state) });
  };

  it("a waybill never issued is not received, manifested nor delivered; the airline issues it first", async () => {
    const segment = await f.flight();
    const draft = await f.waybill();
    await s7("POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [draft.mawb], consignor_certified: true });
    const before = await movementCount();
    refusal(await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: draft.mawb, pieces: 2, weight: 100 }), "draft", "receive");
    refusal(await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: draft.mawb }), "draft", "manifest");
    refusal(await s7("POST", `/api/v3/air_waybills/${draft.mawb}/movements`, { segment_id: segment.id, status_code: "DIS", discrepancy_code: "MSCA" }), "draft", "discrepancy");
    refusal(await s7("POST", `/api/v3/air_waybills/${draft.mawb}/deliver`), "draft", "deliver");
    expect(await movementCount()).toBe(before);
    expect((await s7("GET", `/api/v3/air_waybills/${draft.mawb}`)).json().actions).toMatchObject({ issue: true, deliver: false });
    expect((await s7("POST", `/api/v3/air_waybills/${draft.mawb}/issue`)).statusCode).toBe(200);
    expect((await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: draft.mawb, pieces: 2, weight: 100 })).statusCode).toBe(201);
  });

  it("received cargo keeps its issue; manifested cargo is not voided; the destination's steps wait for the departure", async () => {
    const { segment, awb } = await bookedFlight();
    refusal(await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "RCF" }), "issued", "rcf");
    await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 100 });
    refusal(await s7("DELETE", `/api/v3/air_waybills/${awb.mawb}/issue`), "received", "cancel_issue");
    refusal(await s7("POST", `/api/v3/air_waybills/${awb.mawb}/issue`), "received", "issue");
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    refusal(await s7("POST", `/api/v3/air_waybills/${awb.mawb}/void`, { air_waybill: { void_reason: "wrong" } }), "manifested", "void");
    refusal(await s7("POST", `/api/v3/air_waybills/${awb.mawb}/movements`, { segment_id: segment.id, status_code: "NFD" }), "manifested", "nfd");
    const actions = (await s7("GET", `/api/v3/air_waybills/${awb.mawb}`)).json().actions;
    expect(actions).toMatchObject({ issue: false, cancel_issue: false, void: false, deliver: false, verify: true });
  });

  it("a delivered shipment offers and accepts no issue, delivery or step any more, only the document's verification", async () => {
    const { segment, awb } = await bookedFlight({ hours: 0.5 });
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    expect((await s7("POST", `/api/v3/segments/${segment.id}/depart`, {})).statusCode).toBe(200);
    expect((await s7("GET", `/api/v3/air_waybills/${awb.mawb}`)).json().actions).toMatchObject({ deliver: true, issue: false, void: false });
    expect((await s7("POST", `/api/v3/air_waybills/${awb.mawb}/deliver`)).statusCode).toBe(200);
    refusal(await s7("POST", `/api/v3/air_waybills/${awb.mawb}/deliver`), "delivered", "deliver");
    refusal(await s7("POST", `/api/v3/air_waybills/${awb.mawb}/issue`), "delivered", "issue");
    expect((await s7("GET", `/api/v3/air_waybills/${awb.mawb}`)).json().actions).toMatchObject({ issue: false, cancel_issue: false, deliver: false, void: false, verify: true });
    expect((await s7("POST", `/api/v3/air_waybills/${awb.mawb}/verify`)).statusCode).toBe(200);
  });

  it("refuses a departure earlier than STD minus 60 minutes, naming STD in the origin's local time; the flight stays on the ground", async () => {
    const { segment, awb } = await bookedFlight({ hours: 48 });
    await s7("POST", `/api/v3/segments/${segment.id}/pre_manifest_items`, { mawb: awb.mawb });
    const early = await s7("POST", `/api/v3/segments/${segment.id}/depart`, {});
    expect(early.statusCode, early.body).toBe(422);
    const earliest = new Date(+segment.std - 3_600_000);
    expect(early.json()).toMatchObject({ code: "departure_before_schedule", params: { std: segment.std.toISOString(), earliest: earliest.toISOString(), tolerance_minutes: 60 } });
    // OVB is UTC+7 all year
    expect(early.json().params.std_local).toMatch(/\+07:00$/);
    expect(early.json().error).toContain(early.json().params.std_local);
    // a time given at STD does not help while STD is two days away
    expect((await s7("POST", `/api/v3/segments/${segment.id}/depart`, { time: segment.std.toISOString() })).statusCode).toBe(422);
    expect((await f.segmentNow(segment.id)).atot).toBeNull();
    expect((await f.waybillNow(awb.id)).departed_at).toBeNull();

    // within the hour before STD it is accepted; a time given more than an hour before STD is not
    const soon = await bookedFlight({ hours: 0.5 });
    const tooEarly = new Date(+soon.segment.std - 61 * 60_000).toISOString();
    expect((await s7("POST", `/api/v3/segments/${soon.segment.id}/depart`, { time: tooEarly })).json()).toMatchObject({ code: "departure_before_schedule" });
    expect((await s7("POST", `/api/v3/segments/${soon.segment.id}/depart`, {})).statusCode).toBe(200);
  });
});

describe("who sees the movements", () => {
  it("the waybill's forwarder reads its movements on the shipment; another forwarder gets 404", async () => {
    const { segment, awb } = await bookedFlight();
    await s7("POST", `/api/v3/segments/${segment.id}/air_waybills/receive`, { mawb: awb.mawb, pieces: 2, weight: 100 });
    const own = await call(accounts.fwdTwo, "GET", `/api/v3/air_waybills/${awb.mawb}/movements`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().data.map((m: { status_code: string }) => m.status_code)).toEqual(["BKD", "RCS"]);
    expect(own.json().data[1]).toMatchObject({ recorded_by: S7_MANAGER, segment_id: segment.id });
    expect((await call(accounts.forwarder, "GET", `/api/v3/air_waybills/${awb.mawb}/movements`)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(awbMovements)
      .where(and(eq(awbMovements.air_waybill_id, awb.id), eq(awbMovements.status_code, "RCS")));
    expect(rows).toHaveLength(1);
  });
});

describe("the demo", () => {
  it("holds received and built-up cargo on S7's first coming flights, readable through the flight's tabs", async () => {
    const items = await t.database.db.select().from(preManifestItems).where(eq(preManifestItems.carrier, "S7"));
    const demo = items.filter((i) => i.priority === 1 && i.created_by === null);
    expect(demo.length).toBeGreaterThan(0);
    const list = (await s7("GET", `/api/v3/segments/${demo[0]!.segment_id}/pre_manifest_items`)).json();
    expect(list.data.map((i: { mawb: string }) => i.mawb)).toContain(demo[0]!.mawb);
    const received = (await s7("GET", `/api/v3/segments/${demo[0]!.segment_id}/air_waybills?state=received`)).json();
    expect(received.data.find((r: { mawb: string }) => r.mawb === demo[0]!.mawb)).toMatchObject({ manifested: { priority: 1 }, last_movement: { status_code: "MAN" } });
  });
});
