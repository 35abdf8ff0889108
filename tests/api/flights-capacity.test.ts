import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { airlines, allotments, segments } from "../../api/db/schema";
import { call, callsOn, multipartFile, useTestApi } from "./helpers";

// Test clock: 2025-03-01T10:00Z, a dated world of the test's own (the demo flights are on the configured date).
const { t, accounts } = useTestApi({ signIn: ["s7Manager", "s7Operator", "suManager"], clockStart: new Date("2025-03-01T10:00:00Z") });
let segment: { id: number; number_with_date: string };

const s7 = callsOn(t, "s7");
const su = callsOn(t, "su");

// The segment departs 2025-03-05T10:00Z.
beforeAll(async () => {
  const res = await s7(accounts.s7Manager, "POST", "/api/v3/segments", {
    number: "4001", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-05T10:00Z", sta: "2025-03-05T14:00Z",
    aircraft_type: "738", estimated_weight: 500, estimated_volume: 2,
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  segment = res.json();
  await t.database.db.update(segments).set({ booked_weight: 1000, booked_volume: 5 }).where(eq(segments.id, segment.id));
});

describe("aircraft capacities", () => {
  it("creates, reads and changes an airline's aircraft type capacity; one per type", async () => {
    const made = await s7(accounts.s7Operator, "POST", "/api/v3/aircraft_capacities", {
      aircraft_capacity: { aircraft_type: "738", max_cargo_weight: 2500, max_cargo_volume: 20, reg_numbers: "VQ-BKU VQ-BKV", pax: 176 },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ carrier: "S7", aircraft_type: "738", reg_numbers: ["VQ-BKU", "VQ-BKV"], pax: 176 });
    const again = await s7(accounts.s7Manager, "POST", "/api/v3/aircraft_capacities", { aircraft_type: "738", max_cargo_weight: 1 });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.aircraft_type).toEqual(["has already been taken"]);
    const unknown = await s7(accounts.s7Manager, "POST", "/api/v3/aircraft_capacities", { aircraft_type: "XYZ" });
    expect(unknown.json().errors.aircraft_type).toEqual(["unknown aircraft type XYZ"]);
    const changed = await s7(accounts.s7Manager, "PATCH", `/api/v3/aircraft_capacities/${made.json().id}`, { max_cargo_weight: 3000 });
    expect(changed.json().max_cargo_weight).toBe(3000);
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segment.id}/aircraft_capacity`)).json().id).toBe(made.json().id);
    expect((await su(accounts.suManager, "GET", `/api/v3/aircraft_capacities/${made.json().id}`)).statusCode).toBe(404);
  });
});

describe("allotments", () => {
  it("holds space for a forwarder; the same forwarder and type again is 'has already been taken'", async () => {
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/allotments", {
      allotment: { segment_number_with_date: segment.number_with_date, forwarder_short_name: "fwdone", weight: 800, volume: 4, timelimit_to_std: 48 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ segment_id: segment.id, origin_iata: "DME", destination_iata: "OVB", forwarder_short_name: "FWDONE", type: "hard", timelimit_to_std: 48 });
    const dup = await s7(accounts.s7Manager, "POST", "/api/v3/allotments", { segment_id: segment.id, forwarder_short_name: "FWDONE", weight: 1, volume: 1 });
    expect(dup.statusCode).toBe(422);
    expect(JSON.stringify(dup.json())).toContain("has already been taken");
    // A soft allotment released 120 h before STD: already released at the test clock.
    const soft = await s7(accounts.s7Manager, "POST", "/api/v3/allotments", { segment_id: segment.id, forwarder_short_name: "FWDTWO", type: "soft", weight: 1000, volume: 1, timelimit_to_std: 120 });
    expect(soft.statusCode, soft.body).toBe(201);
  });

  it("answers 'must exist' for an unknown flight or forwarder", async () => {
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/allotments", { segment_number_with_date: "S79999/05MAR25", forwarder_short_name: "NOBODY", weight: 1, volume: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ segment: ["must exist"], forwarder: ["must exist"] });
  });

  it("refuses new space on a locked or sales-closed flight", async () => {
    const other = (await s7(accounts.s7Manager, "POST", "/api/v3/segments", {
      number: "4003", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-06T10:00Z", sta: "2025-03-06T14:00Z",
    })).json();
    const body = { segment_id: other.id, forwarder_short_name: "FWDONE", weight: 10, volume: 1 };
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${other.id}/lock`);
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/allotments", body)).json().errors).toEqual({ base: ["Flight is locked"] });
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${other.id}/unlock`);
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${other.id}/close_sales`);
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/allotments", body)).json().errors).toEqual({ base: ["Sales are closed for this flight"] });
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${other.id}/open_sales`);
    expect((await s7(accounts.s7Manager, "POST", "/api/v3/allotments", body)).statusCode).toBe(201);
  });

  it("uploads from CSV all or nothing, with a template", async () => {
    const template = await s7(accounts.s7Manager, "GET", "/api/v3/allotments/template.csv");
    expect(template.statusCode).toBe(200);
    expect(template.body.split("\r\n")[0]).toBe("segment_number_with_date,origin_iata,forwarder_short_name,type,weight,volume,timelimit_to_std,valid_until,postal");
    const bad = "segment_number_with_date,origin_iata,forwarder_short_name,type,weight,volume,timelimit_to_std,valid_until,postal\n" +
      `${segment.number_with_date},DME,FWDTWO,hard,100,1,24,,false\n${segment.number_with_date},DME,NOBODY,hard,100,1,24,,false\n`;
    const file = await multipartFile("file", "allotments.csv", bad, "text/csv");
    const res = await call(t.app, accounts.s7Manager, "POST", "/api/v3/allotments/upload", { carrier: "s7", ...file });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual([{ row: 3, field: "forwarder", message: "must exist", code: "must_exist", params: {} }]);
    const good = await multipartFile("file", "allotments.csv", bad.split("\n").slice(0, 2).join("\n"), "text/csv");
    const ok = await call(t.app, accounts.s7Manager, "POST", "/api/v3/allotments/upload", { carrier: "s7", ...good });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toEqual({ created: 1 });
    const list = (await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segment.id}/allotments`)).json();
    expect(list.data).toHaveLength(3);
    // Take that one away again: the capacity test below counts the first two.
    const uploaded = list.data.find((a: { forwarder_short_name: string; type: string }) => a.forwarder_short_name === "FWDTWO" && a.type === "hard");
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/allotments/${uploaded.id}`)).statusCode).toBe(204);
  });

  it("SU cannot see S7 allotments", async () => {
    const list = (await su(accounts.suManager, "GET", "/api/v3/allotments?per_page=100")).json();
    expect(list.data.every((a: { carrier: string }) => a.carrier === "SU")).toBe(true);
    expect(list.data.map((a: { segment_id: number }) => a.segment_id)).not.toContain(segment.id);
    expect((await su(accounts.suManager, "GET", `/api/v3/segments/${segment.id}/allotments`)).statusCode).toBe(404);
  });
});

describe("segment capacity", () => {
  it("adds booked, estimated and held allotment space; a released allotment no longer counts", async () => {
    const res = await s7(accounts.s7Operator, "GET", `/api/v3/segments/${segment.id}/capacity`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      max_weight: 3000,
      max_volume: 20,
      booked_weight: 1000,
      booked_volume: 5,
      estimated_weight: 500,
      estimated_volume: 2,
      allotment_weight: 800,
      allotment_volume: 4,
      available_weight: 700,
      available_volume: 9,
      load_factor: { weight: 76.67, volume: 55, overall: 76.67 },
      capacity_available: true,
      load_factor_overflow: false,
    });
    const lf = (await s7(accounts.s7Operator, "GET", `/api/v3/segments/${segment.id}/loadfactor`)).json();
    expect(lf).toMatchObject({ load_factor: { overall: 76.67 }, planned: null });
    const set = await s7(accounts.s7Manager, "PATCH", `/api/v3/segments/${segment.id}/loadfactor`, { kind: "planned", weight: 2000, volume: 10 });
    expect(set.json().planned).toMatchObject({ weight: 2000, volume: 10 });
  });

  it("flags overflow beyond capacity plus the airline's allowance; lists it under action_required", async () => {
    const [before] = await t.database.db.select().from(airlines).where(eq(airlines.carrier, "S7"));
    await t.database.db.update(segments).set({ booked_weight: 2600 }).where(eq(segments.id, segment.id));
    try {
      await t.database.db.update(airlines).set({ overflow_weight_limit: null, overflow_weight_percent: null }).where(eq(airlines.carrier, "S7"));
      let c = (await s7(accounts.s7Operator, "GET", `/api/v3/segments/${segment.id}/capacity`)).json();
      expect(c).toMatchObject({ available_weight: -900, capacity_available: false, load_factor_overflow: true });
      const action = (await s7(accounts.s7Operator, "GET", "/api/v3/segments?state=action_required")).json();
      expect(action.data.map((s: { id: number }) => s.id)).toContain(segment.id);
      // 50 % allowance: up to 4500 kg; both an absolute and a percent limit: the smaller applies.
      await t.database.db.update(airlines).set({ overflow_weight_percent: 50 }).where(eq(airlines.carrier, "S7"));
      c = (await s7(accounts.s7Operator, "GET", `/api/v3/segments/${segment.id}/capacity`)).json();
      expect(c).toMatchObject({ load_factor_overflow: false, overflow_allowance_weight: 1500 });
      await t.database.db.update(airlines).set({ overflow_weight_limit: 500 }).where(eq(airlines.carrier, "S7"));
      c = (await s7(accounts.s7Operator, "GET", `/api/v3/segments/${segment.id}/capacity`)).json();
      expect(c).toMatchObject({ load_factor_overflow: true, overflow_allowance_weight: 500 });
    } finally {
      await t.database.db
        .update(airlines)
        .set({ overflow_weight_limit: before!.overflow_weight_limit, overflow_weight_percent: before!.overflow_weight_percent })
        .where(eq(airlines.carrier, "S7"));
      await t.database.db.update(segments).set({ booked_weight: 1000 }).where(eq(segments.id, segment.id));
    }
  });
});

describe("booking rules", () => {
  it("creates O&D and flight rules; an overlapping one is 'There is already a rule'", async () => {
    const big = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", { booking_rule: { origin_iata: "DME", destination_iata: "OVB", response_status: "nn", min_weight: 1000 } });
    expect(big.statusCode, big.body).toBe(201);
    expect(big.json()).toMatchObject({ response_status: "NN", min_weight: 1000, max_weight: null, segment_id: null, shcs: [] });
    const overlap = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", { origin_iata: "DME", destination_iata: "OVB", response_status: "UU", min_weight: 500, max_weight: 2000 });
    expect(overlap.statusCode).toBe(422);
    expect(overlap.json()).toMatchObject({ errors: ["There is already a rule"] });
    const small = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", { origin_iata: "DME", destination_iata: "OVB", response_status: "KK", max_weight: 999 });
    expect(small.statusCode).toBe(201);
    const flight = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", {
      origin_iata: "DME", destination_iata: "OVB", response_status: "UU", min_percent: 70, flight_number_with_date: segment.number_with_date,
    });
    expect(flight.statusCode, flight.body).toBe(201);
    expect(flight.json().segment_id).toBe(segment.id);
    const missing = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", { origin_iata: "DME", destination_iata: "OVB", response_status: "KK", flight_number_with_date: "S79999/01MAR25" });
    expect(missing.json().errors).toEqual({ segment: ["must exist"] });
    const bounds = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", { origin_iata: "DME", destination_iata: "KJA", response_status: "KK", min_weight: 10, max_weight: 5 });
    expect(bounds.json().errors.max_weight).toEqual(["must not be less than min_weight"]);
    expect((await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segment.id}/booking_rules`)).json().data).toHaveLength(1);
  });

  it("check answers the rule that applies and its response status", async () => {
    const check = (qs: string) => s7(accounts.s7Operator, "GET", `/api/v3/booking_rules/check?origin_iata=DME&destination_iata=OVB&${qs}`).then((r) => r.json());
    expect(await check("weight=1500")).toMatchObject({ response_status: "NN", rule: { min_weight: 1000 } });
    expect(await check("weight=10")).toMatchObject({ response_status: "KK", rule: { max_weight: 999 } });
    // The flight is 76.67 % full: its own rule (from 70 %) answers first.
    expect(await check(`weight=10&number_with_date=${segment.number_with_date}`)).toMatchObject({ response_status: "UU", load_factor: 76.67 });
    expect(await s7(accounts.s7Operator, "GET", "/api/v3/booking_rules/check?origin_iata=KJA&destination_iata=OVB&weight=1").then((r) => r.json())).toEqual({
      rule: null, response_status: "KK", load_factor: null,
    });
  });

  it("SU neither lists nor checks S7 rules", async () => {
    expect((await su(accounts.suManager, "GET", "/api/v3/booking_rules")).json().data.every((r: { carrier: string }) => r.carrier === "SU")).toBe(true);
    const c = (await su(accounts.suManager, "GET", "/api/v3/booking_rules/check?origin_iata=DME&destination_iata=OVB&weight=1500")).json();
    expect(c.rule).toBeNull();
  });
});

describe("action_required and attention", () => {
  // Clock 2025-03-01T10:00Z; the 738 holds 3000 kg / 20 m3 (set above). Dates bound the list to these flights.
  const window = "date_from=2025-02-20&date_to=2025-03-04";
  const actionList = async () => {
    const res = await s7(accounts.s7Operator, "GET", `/api/v3/segments?state=action_required&per_page=100&${window}`);
    expect(res.statusCode, res.body).toBe(200);
    return new Map<number, string[]>(res.json().data.map((s: { id: number; attention: string[] }) => [s.id, s.attention]));
  };
  const make = async (number: string, body: object) => {
    const res = await s7(accounts.s7Manager, "POST", "/api/v3/segments", { number, origin_iata: "DME", destination_iata: "OVB", aircraft_type: "738", ...body });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; number_with_date: string; attention: string[] };
  };
  const setLoad = (id: number, values: Partial<typeof segments.$inferInsert>) => t.database.db.update(segments).set(values).where(eq(segments.id, id));

  it("counts booked, estimated and held allotment space against the aircraft capacity, as segments/{id}/capacity does", async () => {
    const s = await make("4101", { std: "2025-03-03T10:00Z", sta: "2025-03-03T14:00Z", estimated_weight: 500 });
    expect(s.attention).toEqual([]);
    await setLoad(s.id, { booked_weight: 2000 });
    expect((await actionList()).has(s.id)).toBe(false);
    // Released 24 h before STD (2025-03-02T10:00Z): still held at the clock.
    const allot = await s7(accounts.s7Manager, "POST", "/api/v3/allotments", { segment_id: s.id, forwarder_short_name: "FWDONE", weight: 600, volume: 1, timelimit_to_std: 24 });
    expect(allot.statusCode, allot.body).toBe(201);
    expect((await actionList()).get(s.id)).toEqual(["over_capacity"]);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/segments/${s.id}/capacity`)).json()).toMatchObject({ available_weight: -100 });
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/segments/${s.id}`)).json().attention).toEqual(["over_capacity"]);
    // Exactly full is not over capacity.
    await s7(accounts.s7Manager, "PATCH", `/api/v3/allotments/${allot.json().id}`, { weight: 500 });
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/segments/${s.id}/capacity`)).json()).toMatchObject({ available_weight: 0 });
    expect((await actionList()).has(s.id)).toBe(false);
    // Space used by the forwarder's bookings is in booked already: only the unused part is held.
    await s7(accounts.s7Manager, "PATCH", `/api/v3/allotments/${allot.json().id}`, { weight: 600 });
    await t.database.db.update(allotments).set({ used_weight: 200 }).where(eq(allotments.id, allot.json().id));
    expect((await actionList()).has(s.id)).toBe(false);
    await t.database.db.update(allotments).set({ used_weight: 0 }).where(eq(allotments.id, allot.json().id));
    expect((await actionList()).get(s.id)).toEqual(["over_capacity"]);
    // Released 48 h before STD, i.e. at the clock: the space is free again and the flight no longer needs attention.
    await s7(accounts.s7Manager, "PATCH", `/api/v3/allotments/${allot.json().id}`, { timelimit_to_std: 48 });
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/segments/${s.id}/capacity`)).json()).toMatchObject({ allotment_weight: 0, available_weight: 500 });
    expect((await actionList()).has(s.id)).toBe(false);
    // Over by volume alone counts too; the payload lowers the weight limit.
    await setLoad(s.id, { booked_weight: 0, estimated_weight: 0, booked_volume: 20.5 });
    expect((await actionList()).get(s.id)).toEqual(["over_capacity"]);
    await setLoad(s.id, { booked_volume: 0, booked_weight: 1600, payload: 1500 });
    expect((await actionList()).get(s.id)).toEqual(["over_capacity"]);
    expect((await s7(accounts.s7Operator, "GET", `/api/v3/segments/${s.id}/capacity`)).json()).toMatchObject({ max_weight: 1500, available_weight: -100 });
    await setLoad(s.id, { booked_weight: 0, payload: null });
    expect((await actionList()).has(s.id)).toBe(false);
  });

  it("lists a departed flight without FFM (STD passed or ATOT set) for 72 h, until the FFM arrives", async () => {
    const departed = await make("4103", { std: "2025-03-01T06:00Z", sta: "2025-03-01T10:30Z" });
    const early = await make("4105", { std: "2025-03-01T12:00Z", sta: "2025-03-01T16:00Z" });
    // 73 h and 71 h before the clock: only the second is within the 72 h window.
    const old = await make("4107", { std: "2025-02-26T09:00Z", sta: "2025-02-26T13:00Z" });
    const recent = await make("4115", { std: "2025-02-26T11:00Z", sta: "2025-02-26T15:00Z" });
    const future = await make("4109", { std: "2025-03-02T06:00Z", sta: "2025-03-02T10:00Z" });
    expect(departed.attention).toEqual(["ffm_missing"]);
    let list = await actionList();
    expect(list.get(departed.id)).toEqual(["ffm_missing"]);
    expect(list.has(early.id)).toBe(false);
    expect(list.has(old.id)).toBe(false);
    expect(list.get(recent.id)).toEqual(["ffm_missing"]);
    expect(list.has(future.id)).toBe(false);
    // ATOT set: departed ahead of its STD.
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/segments/${early.id}`, { atot: "2025-03-01T09:50Z" })).json().attention).toEqual(["ffm_missing"]);
    await setLoad(departed.id, { ffm_received_at: new Date("2025-03-01T08:00Z") });
    list = await actionList();
    expect(list.has(departed.id)).toBe(false);
    expect(list.get(early.id)).toEqual(["ffm_missing"]);
    const detail = (await s7(accounts.s7Operator, "GET", `/api/v3/segments/${departed.id}`)).json();
    expect(detail).toMatchObject({ ffm_received_at: "2025-03-01T08:00:00.000Z", attention: [] });
  });

  it("lists a cancelled flight that still has bookings, and only for that reason", async () => {
    const booked = await make("4111", { std: "2025-03-04T10:00Z", sta: "2025-03-04T14:00Z" });
    const empty = await make("4113", { std: "2025-03-04T11:00Z", sta: "2025-03-04T15:00Z" });
    await setLoad(booked.id, { booked_weight: 5000 });
    expect((await actionList()).get(booked.id)).toEqual(["over_capacity"]);
    for (const s of [booked, empty]) await s7(accounts.s7Manager, "POST", "/api/v3/segments/cancel", { number_with_date: s.number_with_date });
    const list = await actionList();
    expect(list.get(booked.id)).toEqual(["cancelled_with_bookings"]);
    expect(list.has(empty.id)).toBe(false);
    // Every tab answers the reasons, not only action_required.
    const all = (await s7(accounts.s7Operator, "GET", `/api/v3/segments?state=all&per_page=100&${window}`)).json().data;
    expect(all.find((s: { id: number }) => s.id === booked.id).attention).toEqual(["cancelled_with_bookings"]);
    expect(all.find((s: { id: number }) => s.id === empty.id).attention).toEqual([]);
  });

  it("answers only the caller's airline", async () => {
    const res = await su(accounts.suManager, "GET", `/api/v3/segments?state=action_required&per_page=100&${window}`);
    expect(res.json().data.every((s: { carrier: string }) => s.carrier === "SU")).toBe(true);
  });
});

describe("change log of allotments, booking rules and aircraft capacities", () => {
  type Entry = { record_type: string; record_id: number; action: string; change_set: Record<string, [unknown, unknown]>; segment_id: number | null; channel_id: string };
  const log = async (qs: string, tokens = accounts.s7Manager) => {
    const res = await s7(tokens, "GET", `/api/v3/change_logs?${qs}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { data: Entry[]; meta: Record<string, number | null> };
  };

  it("records create, update and delete with { field: [before, after] }, like segments", async () => {
    const s = (await s7(accounts.s7Manager, "POST", "/api/v3/segments", { number: "4201", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-07T10:00Z", sta: "2025-03-07T14:00Z" })).json();
    const made = await s7(accounts.s7Manager, "POST", "/api/v3/allotments", { segment_id: s.id, forwarder_short_name: "FWDONE", weight: 300, volume: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id;
    await s7(accounts.s7Operator, "PATCH", `/api/v3/allotments/${id}`, { weight: 350, timelimit_to_std: 12 });
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/allotments/${id}`)).statusCode).toBe(204);
    const entries = (await log(`record_type=Allotment&record_id=${id}`)).data;
    expect(entries.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect(entries[2]).toMatchObject({ segment_id: s.id, channel_id: "s7.manager@cargodesk.test" });
    expect(entries[2]!.change_set).toMatchObject({ forwarder_short_name: [null, "FWDONE"], weight: [null, 300], segment_id: [null, s.id] });
    expect(entries[1]).toMatchObject({ channel_id: "s7.operator@cargodesk.test", change_set: { weight: [300, 350], timelimit_to_std: [0, 12] } });
    expect(Object.keys(entries[1]!.change_set).sort()).toEqual(["timelimit_to_std", "weight"]);
    expect(entries[0]!.change_set).toMatchObject({ weight: [350, null], forwarder_short_name: ["FWDONE", null] });

    const rule = await s7(accounts.s7Manager, "POST", "/api/v3/booking_rules", { origin_iata: "DME", destination_iata: "OVB", response_status: "NN", min_percent: 90, flight_number_with_date: s.number_with_date });
    expect(rule.statusCode, rule.body).toBe(201);
    await s7(accounts.s7Manager, "PATCH", `/api/v3/booking_rules/${rule.json().id}`, { response_status: "UU" });
    const rules = (await log(`record_type=BookingRule&record_id=${rule.json().id}`)).data;
    expect(rules.map((e) => [e.action, e.segment_id])).toEqual([["update", s.id], ["create", s.id]]);
    expect(rules[0]!.change_set).toEqual({ response_status: ["NN", "UU"] });

    const cap = await s7(accounts.s7Manager, "POST", "/api/v3/aircraft_capacities", { aircraft_type: "321", max_cargo_weight: 4000, max_cargo_volume: 25 });
    expect(cap.statusCode, cap.body).toBe(201);
    await s7(accounts.s7Manager, "PATCH", `/api/v3/aircraft_capacities/${cap.json().id}`, { max_cargo_weight: 4200 });
    const caps = (await log(`record_type=AircraftCapacity&record_id=${cap.json().id}`)).data;
    expect(caps.map((e) => e.action)).toEqual(["update", "create"]);
    expect(caps[0]).toMatchObject({ segment_id: null, change_set: { max_cargo_weight: [4000, 4200] } });
  });

  it("answers the flight page's tab: the segment with its allotments and booking rules (include_related), paginated", async () => {
    const [s] = (await s7(accounts.s7Manager, "GET", "/api/v3/segments?number=S74201")).json().data;
    const other = (await s7(accounts.s7Manager, "POST", "/api/v3/segments", { number: "4203", origin_iata: "DME", destination_iata: "OVB", std: "2025-03-07T11:00Z", sta: "2025-03-07T15:00Z" })).json();
    await s7(accounts.s7Manager, "POST", "/api/v3/allotments", { segment_id: other.id, forwarder_short_name: "FWDONE", weight: 10, volume: 1 });
    const plain = await log(`record_type=Segment&record_id=${s.id}`);
    expect(plain.data.map((e) => e.record_type)).toEqual(["Segment"]);
    const related = await log(`record_type=Segment&record_id=${s.id}&include_related=true&per_page=100`);
    expect(related.data.map((e) => `${e.record_type}:${e.action}`)).toEqual([
      "BookingRule:update", "BookingRule:create", "Allotment:delete", "Allotment:update", "Allotment:create", "Segment:create",
    ]);
    expect(related.data.every((e) => e.segment_id === s.id)).toBe(true);
    const page = await log(`record_type=Segment&record_id=${s.id}&include_related=true&per_page=4&page=2`);
    expect(page.data.map((e) => e.record_type)).toEqual(["Allotment", "Segment"]);
    expect(page.meta).toMatchObject({ current_page: 2, prev_page: 1, next_page: null, total_count: 6, total_pages: 2, per_page: 4 });
    // Another airline asking for the same segment gets nothing.
    expect((await su(accounts.suManager, "GET", `/api/v3/change_logs?record_type=Segment&record_id=${s.id}&include_related=true`)).json().data).toEqual([]);
  });

  it("a refused change writes nothing", async () => {
    const [s] = (await s7(accounts.s7Manager, "GET", "/api/v3/segments?number=S74203")).json().data;
    const before = (await log(`record_type=Segment&record_id=${s.id}&include_related=true`)).meta.total_count;
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${s.id}/lock`);
    const [allot] = (await s7(accounts.s7Manager, "GET", `/api/v3/segments/${s.id}/allotments`)).json().data;
    expect((await s7(accounts.s7Manager, "PATCH", `/api/v3/allotments/${allot.id}`, { weight: 20 })).statusCode).toBe(422);
    expect((await s7(accounts.s7Manager, "DELETE", `/api/v3/allotments/${allot.id}`)).statusCode).toBe(422);
    expect((await log(`record_type=Segment&record_id=${s.id}&include_related=true`)).meta.total_count).toBe(before! + 1);
    await s7(accounts.s7Manager, "POST", `/api/v3/segments/${s.id}/unlock`);
  });
});

describe("segment allotments and booking rules lists", () => {
  it("answer each row as the resource does, and document the resource's schema", async () => {
    const allots = (await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segment.id}/allotments`)).json();
    expect(allots.data.length).toBeGreaterThan(0);
    expect(allots.meta).toMatchObject({ total_count: allots.data.length, current_page: 1, next_page: null });
    for (const a of allots.data) expect(a).toEqual((await s7(accounts.s7Manager, "GET", `/api/v3/allotments/${a.id}`)).json());
    const rules = (await s7(accounts.s7Manager, "GET", `/api/v3/segments/${segment.id}/booking_rules`)).json();
    expect(rules.data).toHaveLength(1);
    expect(rules.data[0]).toEqual((await s7(accounts.s7Manager, "GET", `/api/v3/booking_rules/${rules.data[0].id}`)).json());
    const doc = (await t.app.inject({ method: "GET", url: "/api/docs/json" })).json();
    const itemOf = (path: string) => doc.paths[path].get.responses["200"].content["application/json"].schema.properties.data.items;
    expect(Object.keys(itemOf("/api/v3/segments/{id}/allotments").properties)).toEqual(
      expect.arrayContaining(["forwarder_short_name", "timelimit_to_std", "used_weight", "valid_until"]),
    );
    expect(Object.keys(itemOf("/api/v3/segments/{id}/booking_rules").properties)).toEqual(
      expect.arrayContaining(["response_status", "min_percent", "flight_number_with_date", "shcs"]),
    );
    expect((await s7(accounts.s7Operator, "GET", "/api/v3/segments/999999/allotments")).statusCode).toBe(404);
  });
});
