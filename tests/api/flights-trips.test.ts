import { beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { GroupSchema, TripSchema, TripSegmentSchema } from "../../api/flights/trips";
import { call, callsOn, type Tokens, useTestApi } from "./helpers";

// Test clock: 2025-03-01T10:00Z, a dated world of the test's own (the demo flights are on the configured date).
const { t, accounts } = useTestApi({ signIn: ["s7Manager", "suManager", "forwarderOnS7"], clockStart: new Date("2025-03-01T10:00:00Z") });
const ids: Record<string, number> = {};

const s7 = callsOn(t, "s7");

// Demo handler at OVB (S7): minimum domestic connection 120 min, maximum 1440, transfer accepted.
beforeAll(async () => {
  const make = async (key: string, body: object) => {
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/segments", { segment: { aircraft_type: "320", ...body }, time_mode: "local" });
    if (res.statusCode !== 201) throw new Error(res.body);
    ids[key] = res.json().id;
  };
  await s7(accounts.s7Manager, "POST", "/api/v3/aircraft_capacities", { aircraft_type: "320", max_cargo_weight: 2000, max_cargo_volume: 12 });
  // DME 22:00 (+03) -> OVB 05:30 (+07): lands 22:30Z.
  await make("in", { number: "1101", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-10T22:00", sta: "2025-03-11T05:30" });
  // OVB 08:00 local = 01:00Z: 150 min after the arrival.
  await make("good", { number: "1103", origin_iata: "OVB", destination_iata: "KJA", std: "2025-03-11T08:00", sta: "2025-03-11T09:10" });
  // OVB 06:30 local = 23:30Z: only 60 min, below the 120 min minimum.
  await make("short", { number: "1105", origin_iata: "OVB", destination_iata: "KJA", std: "2025-03-11T06:30", sta: "2025-03-11T07:40" });
  // Two days later: beyond the 1440 min maximum.
  await make("late", { number: "1107", origin_iata: "OVB", destination_iata: "KJA", std: "2025-03-12T23:00", sta: "2025-03-13T00:10" });
});

const trips = async (tokens: Tokens, qs: string, carrier = "s7") => {
  const res = await call(t.app, tokens, "GET", `/api/v3/trips?${qs}`, { carrier });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as z.infer<typeof TripSchema>[];
};

describe("route search", () => {
  it("finds the direct flight on the origin's local date", async () => {
    const found = await trips(accounts.s7Manager, "origin_iata=DME&destination_iata=OVB&date=2025-03-10");
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ route: "DME-OVB", carrier: "S7", transit_airports: [], connections: [], trip_time: { hours: 3, minutes: 30 }, available: true });
    expect(found[0]!.segments[0]).toMatchObject({ id: ids.in, std_local: "2025-03-10T22:00+03:00", available_weight: 2000, available_volume: 12 });
    // 22:00 on the 10th in Moscow is still the 10th: nothing on the 11th.
    expect(await trips(accounts.s7Manager, "origin_iata=DME&destination_iata=OVB&date=2025-03-11")).toEqual([]);
  });

  it("connects at OVB only where the handler's minimum and maximum connection times hold", async () => {
    const found = await trips(accounts.forwarderOnS7, "origin_iata=DME&destination_iata=KJA&date=2025-03-10&weight=100&volume=1&pieces=2");
    expect(found).toHaveLength(1);
    const trip = found[0]!;
    expect(trip).toMatchObject({ route: "DME-OVB-KJA", carrier: "S7", transit_airports: ["OVB"], available: true, locked: false, sales_closed: false });
    expect(trip.segments.map((s: { id: number }) => s.id)).toEqual([ids.in, ids.good]);
    expect(trip.connections).toEqual([
      { airport: "OVB", arriving_segment_id: ids.in, departing_segment_id: ids.good, through: false, status: "ok", connection_minutes: 150, min_minutes: 120, max_minutes: 1440, domestic: true },
    ]);
    expect(trip.trip_time).toEqual({ hours: 7, minutes: 10 });
  });

  it("answers exactly the documented schema (the route search skips the per-answer check for speed)", async () => {
    const res = await call(t.app, accounts.forwarderOnS7, "GET", "/api/v3/trips?origin_iata=DME&destination_iata=KJA&date=2025-03-10", { carrier: "s7" });
    const [trip] = res.json().data;
    expect(TripSchema.strict().parse(trip)).toBeTruthy();
    for (const s of trip.segments) {
      expect(Object.keys(s).sort()).toEqual(Object.keys(TripSegmentSchema.shape).sort());
      expect(TripSegmentSchema.parse(s)).toEqual(s);
      expect(s.attention).toEqual([]);
    }
    const groups = await call(t.app, accounts.forwarderOnS7, "GET", "/api/v3/flight_routes?origin_iata=DME&destination_iata=KJA&date=2025-03-10", { carrier: "s7" });
    expect(GroupSchema.strict().parse(groups.json().data[0]).routes[0]!.key).toBe(trip.key);
    // Direct flights only: the connection is not an answer.
    expect(await trips(accounts.forwarderOnS7, "origin_iata=DME&destination_iata=KJA&date=2025-03-10&max_stops=0")).toEqual([]);
    expect(await trips(accounts.forwarderOnS7, "origin_iata=DME&destination_iata=OVB&date=2025-03-10&max_stops=0")).toHaveLength(1);
  });

  it("finds nothing when no connection is valid", async () => {
    await s7(accounts.s7Manager, "POST", "/api/v3/segments/cancel", { number_with_date: "S71103/11MAR25" });
    expect(await trips(accounts.s7Manager, "origin_iata=DME&destination_iata=KJA&date=2025-03-10")).toEqual([]);
  });

  it("flags locked, sales-closed, short of space and forbidden SHC itineraries instead of hiding them", async () => {
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${ids.in}/lock`);
    await s7(accounts.s7Manager, "PATCH", `/api/v3/segments/${ids.in}`, { forbidden_shc: ["AVI"] });
    const [trip] = await trips(accounts.s7Manager, "origin_iata=DME&destination_iata=OVB&date=2025-03-10&weight=5000&shcs[]=AVI&shcs[]=PER");
    expect(trip).toMatchObject({ locked: true, available: false, forbidden_shc: ["AVI"] });
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${ids.in}/unlock`);
  });

  it("groups flight routes by route and carrier", async () => {
    const res = await call(t.app, accounts.s7Manager, "GET", "/api/v3/flight_routes?origin_iata=DME&destination_iata=OVB&date=2025-03-10", { carrier: "s7" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toHaveLength(1);
    expect(res.json().data[0]).toMatchObject({ route: "DME-OVB", carrier: "S7", count: 1, min_sta: "2025-03-10T22:30:00.000Z" });
  });

  it("SU's search never sees S7 flights; an unknown airport is 422", async () => {
    expect(await trips(accounts.suManager, "origin_iata=DME&destination_iata=OVB&date=2025-03-10", "su")).toEqual([]);
    const bad = await call(t.app, accounts.s7Manager, "GET", "/api/v3/trips?origin_iata=XXX&destination_iata=OVB&date=2025-03-10", { carrier: "s7" });
    expect(bad.statusCode).toBe(422);
  });
});

describe("demo flights", () => {
  it("S7 flies DME→OVB→KJA daily with a valid OVB connection; SU flies SVO→LED and SVO→AER", async () => {
    const first = (await s7(accounts.s7Manager, "GET", "/api/v3/segments?number=S70101&per_page=100")).json();
    expect(first.meta.total_count).toBe(60);
    const date = first.data[0].flight_date;
    const found = await trips(accounts.forwarderOnS7, `origin_iata=DME&destination_iata=KJA&date=${date}`);
    expect(found.map((x) => x.route)).toEqual(["DME-OVB-KJA"]);
    expect(found[0]!.connections[0]).toMatchObject({ airport: "OVB", status: "ok", connection_minutes: 180, min_minutes: 120 });
    const su = (await call(t.app, accounts.suManager, "GET", `/api/v3/segments?date_from=${date}&date_to=${date}`, { carrier: "su" })).json();
    expect(su.data.map((s: { origin_iata: string; destination_iata: string }) => `${s.origin_iata}-${s.destination_iata}`)).toEqual(["SVO-LED", "SVO-AER"]);
    const cap = (await call(t.app, accounts.suManager, "GET", `/api/v3/segments/${su.data[0].id}/capacity`, { carrier: "su" })).json();
    expect(cap).toMatchObject({ max_weight: 4000, allotment_weight: expect.any(Number) });
  });

  it("a fresh install has flights needing attention: S7 0103 over capacity, SU 1120 cancelled with bookings", async () => {
    const s7Attention = (await s7(accounts.s7Manager, "GET", "/api/v3/segments?state=action_required&per_page=100")).json();
    const over = s7Attention.data.filter((s: { attention: string[] }) => s.attention.includes("over_capacity"));
    expect(over.map((s: { number: string }) => s.number)).toEqual(["S70103"]);
    expect(over[0].booked_weight + over[0].estimated_weight).toBeGreaterThan(2600);
    const suAttention = (await call(t.app, accounts.suManager, "GET", "/api/v3/segments?state=action_required&per_page=100", { carrier: "su" })).json();
    expect(suAttention.data.map((s: { number: string; attention: string[] }) => [s.number, s.attention])).toEqual([["SU1120", ["cancelled_with_bookings"]]]);
  });
});

describe("two stops", () => {
  it("finds LED→DME→OVB→KJA only with max_stops=2 (the middle leg joins neither end airport)", async () => {
    const leg = async (number: string, origin_iata: string, destination_iata: string, std: string, sta: string) => {
      const res = await s7(accounts.s7Manager, "POST", "/api/v3/segments", { segment: { number, origin_iata, destination_iata, std, sta, aircraft_type: "320" }, time_mode: "local" });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as number;
    };
    // DME: 210 min (S7 minimum 180); OVB: 180 min (minimum 120).
    const a = await leg("1201", "LED", "DME", "2025-03-15T12:00", "2025-03-15T13:30");
    const b = await leg("1203", "DME", "OVB", "2025-03-15T17:00", "2025-03-16T01:00");
    const c = await leg("1205", "OVB", "KJA", "2025-03-16T04:00", "2025-03-16T05:10");
    expect(await trips(accounts.forwarderOnS7, "origin_iata=LED&destination_iata=KJA&date=2025-03-15")).toEqual([]);
    const found = await trips(accounts.forwarderOnS7, "origin_iata=LED&destination_iata=KJA&date=2025-03-15&max_stops=2");
    expect(found.map((x) => x.route)).toEqual(["LED-DME-OVB-KJA"]);
    expect(found[0]!.segments.map((s: { id: number }) => s.id)).toEqual([a, b, c]);
    expect(found[0]!.transit_airports).toEqual(["DME", "OVB"]);
  });
});
