import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { airWaybills, awbMovements, segments } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi, type Tokens } from "./helpers";

// The BKD movement of a confirmed booking (issue 11): every way a booking becomes KK writes one — POST bookings, a
// waybill booked at creation, segments/{id}/bookings, the airline's answer KK — once, and a booking that stops
// being confirmed leaves it deactivated. And two opposite moves of manifest items between two flights at once both
// succeed (the flights are locked in id order; on PostgreSQL, DATABASE_URL, the old source-first order deadlocked).

const { t, accounts } = useTestApi({ signIn: ["fwdTwo", "forwarderOnS7", "s7Manager"] });
const call = (tokens: Tokens, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  callsOn(t, tokens === accounts.fwdTwo ? undefined : "s7")(tokens, method, url, payload);
let f: ReturnType<typeof bookingFixtures>;

const bkdOf = (awbId: number) =>
  t.database.db.select().from(awbMovements).where(and(eq(awbMovements.air_waybill_id, awbId), eq(awbMovements.status_code, "BKD")));
const book = (booking: object) => call(accounts.fwdTwo, "POST", "/api/v3/bookings", { booking: { consignor_certified: true, ...booking } });

beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
});

describe("BKD movements of confirmed bookings", () => {
  it("POST bookings confirmed: one standing BKD at the flight's origin with the booked figures and who booked", async () => {
    const seg = await f.flight();
    const awb = await f.waybill({ weight: 100, pieces: 2, volume: 0.5 });
    const res = await book({ mawb: awb.mawb, segment_id: seg.id, pieces: 1, weight: 40, volume: 0.2 });
    expect(res.json().response_status, res.body).toBe("KK");
    const rows = await bkdOf(awb.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ segment_id: seg.id, location_iata: "OVB", pieces: 1, weight: 40, parts_code: "P", deactivated: false, recorded_by: "fwdtwo.operator@cargodesk.test" });
    // cancelled: the BKD stays in the history, no longer standing
    expect((await call(accounts.fwdTwo, "DELETE", "/api/v3/bookings", { booking: { id: res.json().id } })).statusCode).toBe(200);
    expect((await bkdOf(awb.id)).map((m) => m.deactivated)).toEqual([true]);
  });

  it("a waybill booked at its creation has its BKD", async () => {
    const seg = await f.flight();
    const res = await call(accounts.forwarderOnS7, "POST", "/api/v3/air_waybills", {
      air_waybill: { origin_iata: "OVB", destination_iata: "DME", pieces: 3, weight: 75, commodity: "BOOKS", hs_codes: ["490199"], shipper: { name: "A" }, consignee: { name: "B" } },
      segments: [seg.id],
      consignor_certified: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    const [awb] = await t.database.db.select().from(airWaybills).where(eq(airWaybills.mawb, res.json().mawb));
    expect((await bkdOf(awb!.id)).map((m) => [m.segment_id, m.pieces, m.weight, m.deactivated])).toEqual([[seg.id, 3, 75, false]]);
  });

  it("a request (NN) writes none; the airline's KK writes one, once; UU deactivates it and a new KK stands again", async () => {
    const seg = await f.flight({ extra: { response_status: "NN" } });
    const awb = await f.waybill({ weight: 100 });
    const b = (await book({ mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 100 })).json();
    expect(b.response_status).toBe("NN");
    expect(await bkdOf(awb.id)).toHaveLength(0);
    const answer = (status: string) => call(accounts.s7Manager, "PATCH", "/api/v3/bookings", { booking: { id: b.id, status } });
    expect((await answer("KK")).statusCode).toBe(200);
    expect((await answer("KK")).statusCode).toBe(200);
    expect((await bkdOf(awb.id)).map((m) => [m.deactivated, m.recorded_by])).toEqual([[false, "s7.manager@cargodesk.test"]]);
    await answer("UU");
    expect((await bkdOf(awb.id)).map((m) => m.deactivated)).toEqual([true]);
    await answer("KK");
    expect((await bkdOf(awb.id)).filter((m) => !m.deactivated)).toHaveLength(1);
  });

  it("segments/{id}/bookings writes exactly one BKD per confirmed waybill", async () => {
    const seg = await f.flight();
    const awb = await f.waybill({ weight: 50 });
    const res = await call(accounts.s7Manager, "POST", `/api/v3/segments/${seg.id}/bookings`, { mawb_list: [awb.mawb], consignor_certified: true });
    expect(res.json().data[0]).toMatchObject({ booked: true, booking: { response_status: "KK" } });
    expect(await bkdOf(awb.id)).toHaveLength(1);
  });
});

describe("moves between two flights", () => {
  it("two opposite moves at once both land (flights locked in id order)", async () => {
    const one = await f.flight({ hours: 80 });
    const two = await f.flight({ hours: 90 });
    const manifest = async (segmentId: number) => {
      const awb = await f.waybill({ weight: 60, issued_at: t.clock() });
      expect((await call(accounts.s7Manager, "POST", `/api/v3/segments/${segmentId}/bookings`, { mawb_list: [awb.mawb], consignor_certified: true })).json().data[0].booked).toBe(true);
      const item = await call(accounts.s7Manager, "POST", `/api/v3/segments/${segmentId}/pre_manifest_items`, { mawb: awb.mawb });
      expect(item.statusCode, item.body).toBe(201);
      return { awb, item: item.json() as { id: number } };
    };
    const a = await manifest(one.id);
    const b = await manifest(two.id);
    for (let round = 0; round < 3; round++) {
      const [there, back] = await Promise.all([
        call(accounts.s7Manager, "PATCH", `/api/v3/pre_manifest_items/${a.item.id}`, { segment_id: round % 2 ? one.id : two.id }),
        call(accounts.s7Manager, "PATCH", `/api/v3/pre_manifest_items/${b.item.id}`, { segment_id: round % 2 ? two.id : one.id }),
      ]);
      expect([there.statusCode, back.statusCode], `${there.body} ${back.body}`).toEqual([200, 200]);
      a.item = there.json();
      b.item = back.json();
    }
    // after three swaps each waybill is on the other flight, booked there with its BKD standing there only
    expect([a.item, b.item].map((i) => (i as unknown as { segment_id: number }).segment_id)).toEqual([two.id, one.id]);
    expect((await bkdOf(a.awb.id)).filter((m) => !m.deactivated).map((m) => m.segment_id)).toEqual([two.id]);
    expect((await bkdOf(b.awb.id)).filter((m) => !m.deactivated).map((m) => m.segment_id)).toEqual([one.id]);
  });
});

describe("which movements the caller may delete (GET movements: removable)", () => {
  it("the operating airline's on a flight not departed; never the forwarder's; none once the flight has departed", async () => {
    const seg = await f.flight();
    const awb = await f.waybill({ weight: 30 });
    await book({ mawb: awb.mawb, segment_id: seg.id, pieces: 2, weight: 30 });
    const listed = async (tokens: Tokens) =>
      ((await call(tokens, "GET", `/api/v3/air_waybills/${awb.mawb}/movements`)).json().data as Array<{ status_code: string; removable: boolean }>).map((m) => [m.status_code, m.removable]);
    expect(await listed(accounts.s7Manager)).toEqual([["BKD", true]]);
    expect(await listed(accounts.fwdTwo)).toEqual([["BKD", false]]);
    await t.database.db.update(segments).set({ atot: t.clock() }).where(eq(segments.id, seg.id));
    expect(await listed(accounts.s7Manager)).toEqual([["BKD", false]]);
    const [bkd] = await bkdOf(awb.id);
    expect((await call(accounts.s7Manager, "DELETE", `/api/v3/air_waybills/${awb.mawb}/movements/${bkd!.id}`)).statusCode).toBe(422);
  });
});
