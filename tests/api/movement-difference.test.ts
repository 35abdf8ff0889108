import { beforeAll, describe, expect, it } from "vitest";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, useTestApi } from "./helpers";

// GET air_waybills/{mawb}/verification_movement_difference (issue 11): the waybill's declared pieces, weight and
// volume against what each station received (its standing RCS movements, written by the flight's Receiving tab).
// Nothing received: no stations, no difference. Taking a waybill off the received list takes its figures away too.

const { t, accounts } = useTestApi({ signIn: ["s7Manager", "c6Manager", "fwdTwo", "forwarder"] });
const s7 = callsOn(t, "s7");
const anyHost = callsOn(t);
let f: ReturnType<typeof bookingFixtures>;

beforeAll(async () => {
  f = bookingFixtures(t);
  await f.agreement("S7", "FWDTWO");
});

const differenceOf = (mawb: string) => s7(accounts.s7Manager, "GET", `/api/v3/air_waybills/${mawb}/verification_movement_difference`);

/** A waybill of FWDTWO declared 4 pieces, 200 kg, 1.5 m³, confirmed on a new S7 flight OVB → DME. */
async function bookedWaybill() {
  const segment = await f.flight();
  const awb = await f.waybill({ pieces: 4, weight: 200, volume: 1.5, issued_at: t.clock() });
  const res = await s7(accounts.s7Manager, "POST", `/api/v3/segments/${segment.id}/bookings`, { mawb_list: [awb.mawb], consignor_certified: true });
  expect(res.json().data[0], res.body).toMatchObject({ booked: true });
  return { segment, awb };
}
const receive = (segmentId: number, mawb: string, pieces: number, weight: number) =>
  s7(accounts.s7Manager, "POST", `/api/v3/segments/${segmentId}/air_waybills/receive`, { mawb, pieces, weight });

describe("declared against received", () => {
  it("nothing received yet: the declared figures, no stations, no difference", async () => {
    const { awb } = await bookedWaybill();
    const res = await differenceOf(awb.mawb);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ mawb: awb.mawb, weight_code: "K", volume_code: "MC", declared: { pieces: 4, weight: 200, volume: 1.5 }, stations: [], has_difference: false });
  });

  it("received short at the origin: the station's figures and received − declared; the forwarder sees the same", async () => {
    const { segment, awb } = await bookedWaybill();
    expect((await receive(segment.id, awb.mawb, 3, 187.5)).statusCode).toBe(201);
    const res = (await differenceOf(awb.mawb)).json();
    expect(res.has_difference).toBe(true);
    expect(res.stations).toEqual([{ location_iata: "OVB", received: { pieces: 3, weight: 187.5, volume: null }, difference: { pieces: -1, weight: -12.5, volume: null }, differs: true }]);
    expect((await anyHost(accounts.fwdTwo, "GET", `/api/v3/air_waybills/${awb.mawb}/verification_movement_difference`)).json()).toEqual(res);
  });

  it("received as declared: a station without a difference; removed from the received list: gone", async () => {
    const { segment, awb } = await bookedWaybill();
    expect((await receive(segment.id, awb.mawb, 4, 200)).statusCode).toBe(201);
    expect((await differenceOf(awb.mawb)).json()).toMatchObject({ has_difference: false, stations: [{ location_iata: "OVB", differs: false, difference: { pieces: 0, weight: 0 } }] });
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/segments/${segment.id}/air_waybills/received/${awb.mawb}`)).statusCode).toBe(200);
    expect((await differenceOf(awb.mawb)).json()).toMatchObject({ has_difference: false, stations: [] });
  });

  it("parts received on two flights from one station add up", async () => {
    const { segment, awb } = await bookedWaybill();
    const second = await f.flight();
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${second.id}/bookings`, { mawb_list: [awb.mawb], consignor_certified: true });
    expect((await receive(segment.id, awb.mawb, 1, 50.1)).statusCode).toBe(201);
    expect((await receive(second.id, awb.mawb, 3, 149.9)).statusCode).toBe(201);
    expect((await differenceOf(awb.mawb)).json()).toMatchObject({ has_difference: false, stations: [{ location_iata: "OVB", received: { pieces: 4, weight: 200 }, differs: false }] });
  });
});

describe("who may", () => {
  it("another forwarder or airline: 404", async () => {
    const { awb } = await bookedWaybill();
    const url = `/api/v3/air_waybills/${awb.mawb}/verification_movement_difference`;
    expect((await anyHost(accounts.forwarder, "GET", url)).statusCode).toBe(404);
    expect((await callsOn(t, "c6")(accounts.c6Manager, "GET", url)).statusCode).toBe(404);
    expect((await anyHost(accounts.fwdTwo, "GET", "/api/v3/air_waybills/421-00000000/verification_movement_difference")).statusCode).toBe(404);
  });
});
