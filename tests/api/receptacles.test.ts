import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { receptacleMovements, receptacles, segments } from "../../api/db/schema";
import { bookingFixtures } from "./booking-fixtures";
import { callsOn, seedToday, useTestApi, type Tokens } from "./helpers";

// Postal receptacles (issue 11): created from their UPU S9 UID (offices and weight read from it, a wrong UID refused
// under its field), listed with filters and figures (count and total weight of the whole selection), changed, moved
// between flights and deleted with their MAN movements; the flight's departure and arrival write DEP and ARR for the
// mail on it; platform only, and the flight's airline reads its own flight's receptacles. Each test uses offices of
// its own, so the demo's receptacles never count in its figures.

const { t, accounts } = useTestApi({ signIn: ["platform", "s7Manager", "suManager", "forwarderOnS7", "forwarder"] });
const call = (tokens: Tokens, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  callsOn(t, tokens === accounts.s7Manager || tokens === accounts.forwarderOnS7 ? "s7" : tokens === accounts.suManager ? "su" : undefined)(tokens, method, url, payload);
const platform = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) => call(accounts.platform, method, url, payload);
let f: ReturnType<typeof bookingFixtures>;

/** A UPU S9 UID written out by position: offices, category A, subclass UN, year 6, dispatch, serial, flags 0 0, weight in hectograms. */
const uidOf = (origin: string, destination: string, dispatch: string, serial: string, hectograms: string) => `${origin}${destination}AUN6${dispatch}${serial}00${hectograms}`;

const create = (body: object) => platform("POST", "/api/v3/receptacles", { receptacle: body });
const movementsOf = (id: number) => t.database.db.select().from(receptacleMovements).where(eq(receptacleMovements.receptacle_id, id));

beforeAll(() => {
  f = bookingFixtures(t);
});

describe("creating a receptacle from its UID", () => {
  it("reads the offices, category, dispatch and weight from the UID; on a flight it gets a MAN at the flight's origin", async () => {
    const flight = await f.flight({ origin: "OVB", destination: "DME" });
    const uid = uidOf("RUOVBA", "RUMOWA", "0412", "001", "0124");
    expect(uid).toHaveLength(29);
    const res = await create({ uid: uid.toLowerCase(), segment_id: flight.id });
    expect(res.statusCode, res.body).toBe(201);
    const r = res.json();
    expect(r).toMatchObject({
      uid,
      post_office_origin: "RUOVBA",
      post_office_destination: "RUMOWA",
      mail_category: "A",
      mail_subclass: "UN",
      dispatch_number: "0412",
      receptacle_number: "001",
      weight: 12.4,
      carrier: "S7",
      segment: { id: flight.id, number_with_date: flight.number_with_date },
      status: "MAN",
    });
    expect(r.movements).toEqual([expect.objectContaining({ status_code: "MAN", location_iata: "OVB", segment_id: flight.id, weight: 12.4, recorded_by: "platform@cargodesk.test", deactivated: false })]);
    // a weighed figure may replace the declared one; offices sent beside the UID are checked against it
    const weighed = await create({ uid: uidOf("RUOVBA", "RUMOWA", "0412", "002", "0124"), weight: "12.75", post_office_origin: "ruovba" });
    expect(weighed.statusCode, weighed.body).toBe(201);
    expect(weighed.json()).toMatchObject({ weight: 12.8, segment: null, status: null, movements: [] });
    // the flight by its number with date, as people name it
    const byNumber = await create({ uid: uidOf("RUOVBA", "RUMOWA", "0412", "006", "0124"), number_with_date: flight.number_with_date.toLowerCase() });
    expect(byNumber.json()).toMatchObject({ segment: { id: flight.id }, status: "MAN" });
    const unknown = await create({ uid: uidOf("RUOVBA", "RUMOWA", "0412", "007", "0124"), number_with_date: "S79999/01JAN30" });
    expect(unknown.json().errors.number_with_date).toEqual(["must exist"]);
  });

  it("refuses a UID that is not UPU S9, offices that are not the UID's, a weightless UID and a second receptacle of one UID (422 under the field)", async () => {
    const before = (await t.database.db.select().from(receptacles)).length;
    const cases: Array<[object, string, RegExp]> = [
      [{ uid: "RUOVBARUMOWAAUN60412001000124X" }, "uid", /UPU S9/],
      [{ uid: "RUOVBARUMOWA" }, "uid", /29 characters/],
      [{ uid: uidOf("RUOVBA", "RUMOWA", "0412", "001", "0124").replace("AUN", "EUN") }, "uid", /UPU S9/],
      [{ uid: uidOf("RUOVBA", "RUOVBA", "0412", "001", "0124") }, "uid", /same office/],
      [{ uid: uidOf("RUOVBA", "RUMOWA", "0000", "001", "0124") }, "uid", /dispatch number/],
      [{ uid: uidOf("RUOVBA", "RUMOWA", "0412", "003", "0124"), post_office_destination: "RULEDA" }, "post_office_destination", /does not match/],
      [{ uid: uidOf("RUOVBA", "RUMOWA", "0412", "004", "0000") }, "weight", /blank/],
      [{ uid: uidOf("RUOVBA", "RUMOWA", "0412", "005", "0100"), weight: 1000 }, "weight", /at most 999.9/],
      [{ uid: "X".repeat(5000) }, "uid", /too long/],
      [{}, "uid", /blank/],
    ];
    for (const [body, field, message] of cases) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors[field]?.join(" "), JSON.stringify(body)).toMatch(message);
    }
    const first = await create({ uid: uidOf("RUOVBA", "RUMOWA", "0413", "001", "0050") });
    expect(first.statusCode).toBe(201);
    const again = await create({ uid: uidOf("RUOVBA", "RUMOWA", "0413", "001", "0050") });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors.uid).toEqual(["has already been taken"]);
    expect((await t.database.db.select().from(receptacles)).length).toBe(before + 1);
  });

  it("refuses a flight that does not exist, has departed or is cancelled (422 under segment_id)", async () => {
    const departed = await f.flight({ extra: { atot: new Date(+t.clock() - 3_600_000) } });
    const cancelled = await f.flight({ extra: { canceled: true } });
    for (const [segment_id, message] of [[2_000_000_000, "must exist"], [departed.id, "Flight has departed"], [cancelled.id, "Flight is canceled"]] as const) {
      const res = await create({ uid: uidOf("RUOVBA", "RUKJAA", "0001", "001", "0100"), segment_id });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.segment_id).toEqual([message]);
    }
  });
});

describe("the list", () => {
  it("filters by UID, offices, flight and flight date; meta's count and sum_weight are those of every row the filters find", async () => {
    const a = await f.flight({ hours: 48 });
    const b = await f.flight({ hours: 96 });
    const weights = ["0153", "0087", "0211"];
    for (const [i, hg] of weights.entries()) expect((await create({ uid: uidOf("ZZLSTA", "ZZLSTB", "0100", `00${i + 1}`, hg), segment_id: a.id })).statusCode).toBe(201);
    expect((await create({ uid: uidOf("ZZLSTA", "ZZLSTB", "0101", "001", "0300"), segment_id: b.id })).statusCode).toBe(201);
    expect((await create({ uid: uidOf("ZZLSTA", "ZZLSTC", "0102", "001", "0042") })).statusCode).toBe(201);

    const list = async (query: string) => {
      const res = await platform("GET", `/api/v3/receptacles?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { data: Array<{ uid: string; weight: number }>; meta: { count: number; sum_weight: number; total_count: number; total_pages: number } };
    };
    const sum = (rows: Array<{ weight: number }>) => Math.round(rows.reduce((s, r) => s + r.weight, 0) * 10) / 10;

    const byOffice = await list("post_office_origin=zzlsta&per_page=100");
    expect(byOffice.meta.count).toBe(5);
    expect(byOffice.meta.total_count).toBe(5);
    expect(byOffice.meta.sum_weight).toBe(sum(byOffice.data));
    expect(byOffice.meta.sum_weight).toBe(79.3);

    // the figures cover the whole selection, not the page
    const paged = await list("post_office_origin=ZZLSTA&per_page=2&page=2");
    expect(paged.data).toHaveLength(2);
    expect(paged.meta).toMatchObject({ count: 5, sum_weight: 79.3, total_pages: 3 });

    const onA = await list(`post_office_origin=ZZLSTA&flight=${encodeURIComponent(a.number_with_date)}`);
    expect(onA.data.map((r) => r.uid).sort()).toEqual(weights.map((hg, i) => uidOf("ZZLSTA", "ZZLSTB", "0100", `00${i + 1}`, hg)).sort());
    expect(onA.meta).toMatchObject({ count: 3, sum_weight: 45.1 });
    expect(onA.meta.sum_weight).toBe(sum(onA.data));

    const onB = await list(`post_office_origin=ZZLSTA&date_from=${b.flight_date}&date_to=${b.flight_date}`);
    expect(onB.data.map((r) => r.uid)).toEqual([uidOf("ZZLSTA", "ZZLSTB", "0101", "001", "0300")]);
    const toC = await list("post_office_destination=ZZLSTC");
    expect(toC.meta).toMatchObject({ count: 1, sum_weight: 4.2 });
    const byUid = await list("uid=zzlstazzlstbaun60100002");
    expect(byUid.data.map((r) => r.uid)).toEqual([uidOf("ZZLSTA", "ZZLSTB", "0100", "002", "0087")]);
    const none = await list("post_office_origin=ZZNONE");
    expect(none.meta).toMatchObject({ count: 0, sum_weight: 0, total_count: 0 });
  });

  it("refuses bad queries with 422 and ids outside int32 with 404", async () => {
    for (const q of ["per_page=1000", "date_from=2026-13-01", `uid=${"A".repeat(200)}`, "segment_id=-1"]) {
      expect((await platform("GET", `/api/v3/receptacles?${q}`)).statusCode, q).toBe(422);
    }
    expect((await platform("GET", "/api/v3/receptacles/99999999999")).statusCode).toBe(404);
    expect((await platform("GET", "/api/v3/receptacles/2000000000")).statusCode).toBe(404);
  });
});

describe("changing, moving and deleting", () => {
  it("moves a receptacle between flights (the old MAN stops standing, a new one is written), takes it off, changes its weight, deletes it", async () => {
    const first = await f.flight({ origin: "OVB", destination: "DME" });
    const second = await f.flight({ origin: "KJA", destination: "OVB" });
    const created = (await create({ uid: uidOf("ZZMOVA", "ZZMOVB", "0200", "001", "0095"), segment_id: first.id })).json();

    const moved = await platform("PATCH", `/api/v3/receptacles/${created.id}`, { receptacle: { segment_id: second.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ segment: { id: second.id }, status: "MAN", carrier: "S7" });
    const moves = await movementsOf(created.id);
    expect(moves.map((m) => [m.status_code, m.location_iata, m.segment_id, m.deactivated]).sort()).toEqual(
      [
        ["MAN", "OVB", first.id, true],
        ["MAN", "KJA", second.id, false],
      ].sort(),
    );

    const off = await platform("PATCH", `/api/v3/receptacles/${created.id}`, { receptacle: { segment_id: null, weight: 10.2 } });
    expect(off.json()).toMatchObject({ segment: null, carrier: null, status: null, weight: 10.2 });
    expect((await movementsOf(created.id)).every((m) => m.deactivated)).toBe(true);

    // a new UID brings its own offices and weight
    const renamed = await platform("PATCH", `/api/v3/receptacles/${created.id}`, { receptacle: { uid: uidOf("ZZMOVA", "ZZMOVC", "0200", "001", "0111") } });
    expect(renamed.json()).toMatchObject({ post_office_destination: "ZZMOVC", weight: 11.1 });
    expect((await platform("PATCH", `/api/v3/receptacles/${created.id}`, { receptacle: { uid: "short" } })).statusCode).toBe(422);

    const deleted = await platform("DELETE", `/api/v3/receptacles/${created.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await platform("GET", `/api/v3/receptacles/${created.id}`)).statusCode).toBe(404);
    expect(await movementsOf(created.id)).toEqual([]);
    expect((await platform("DELETE", `/api/v3/receptacles/${created.id}`)).statusCode).toBe(404);
  });

  it("departs and arrives with its flight (DEP at the origin with the flight's ATOT, ARR at the destination); then it is the flight's record", async () => {
    // STD within the hour: a departure is accepted from STD − 60 min on (cargo/flights/departure)
    const flight = await f.flight({ origin: "OVB", destination: "DME", hours: 0.5 });
    const r = (await create({ uid: uidOf("ZZDEPA", "ZZDEPB", "0300", "001", "0180"), segment_id: flight.id })).json();
    const rcs = await platform("POST", `/api/v3/receptacles/${r.id}/movements`, { status_code: "RCS" });
    expect(rcs.statusCode, rcs.body).toBe(201);
    expect(rcs.json()).toMatchObject({ status_code: "RCS", location_iata: "OVB", weight: 18 });
    expect((await platform("POST", `/api/v3/receptacles/${r.id}/movements`, { status_code: "DLV" })).json().errors.status_code).toEqual(["the flight has not arrived"]);

    const atot = new Date(+flight.std + 10 * 60_000).toISOString();
    expect((await call(accounts.s7Manager, "POST", `/api/v3/segments/${flight.id}/depart`, { time: atot })).statusCode).toBe(200);
    const atl = new Date(+flight.sta + 5 * 60_000).toISOString();
    expect((await call(accounts.s7Manager, "POST", `/api/v3/segments/${flight.id}/arrive`, { time: atl })).statusCode).toBe(200);
    const dlv = await platform("POST", `/api/v3/receptacles/${r.id}/movements`, { status_code: "DLV" });
    expect(dlv.statusCode).toBe(201);
    expect(dlv.json()).toMatchObject({ location_iata: "DME" });

    const read = (await platform("GET", `/api/v3/receptacles/${r.id}/movements`)).json().data as Array<{ status_code: string; location_iata: string; time_utc: string; recorded_by: string }>;
    const of = (code: string) => read.find((m) => m.status_code === code);
    expect(of("DEP")).toMatchObject({ location_iata: "OVB", time_utc: atot, recorded_by: "s7.manager@cargodesk.test" });
    expect(of("ARR")).toMatchObject({ location_iata: "DME", time_utc: atl });
    expect((await platform("GET", `/api/v3/receptacles/${r.id}`)).json().status).toBe("DLV");

    for (const [method, payload] of [["PATCH", { receptacle: { weight: 1 } }], ["DELETE", undefined]] as const) {
      const res = await platform(method, `/api/v3/receptacles/${r.id}`, payload);
      expect(res.statusCode, method).toBe(422);
      expect(res.json().errors.base).toEqual(["Flight has departed"]);
    }
    expect((await platform("POST", `/api/v3/receptacles/${r.id}/movements`, { status_code: "RCS" })).statusCode).toBe(422);
    expect((await platform("POST", `/api/v3/receptacles/${r.id}/movements`, { status_code: "MAN" })).statusCode).toBe(422);
  });
});

describe("who may", () => {
  it("platform only: airlines and forwarders get 403 on every receptacles call and change nothing", async () => {
    const r = (await create({ uid: uidOf("ZZACCA", "ZZACCB", "0400", "001", "0100") })).json();
    for (const tokens of [accounts.s7Manager, accounts.forwarderOnS7, accounts.forwarder]) {
      expect((await call(tokens, "GET", "/api/v3/receptacles")).statusCode).toBe(403);
      expect((await call(tokens, "GET", `/api/v3/receptacles/${r.id}`)).statusCode).toBe(403);
      expect((await call(tokens, "GET", `/api/v3/receptacles/${r.id}/movements`)).statusCode).toBe(403);
      expect((await call(tokens, "POST", "/api/v3/receptacles", { uid: uidOf("ZZACCA", "ZZACCB", "0400", "002", "0100") })).statusCode).toBe(403);
      expect((await call(tokens, "PATCH", `/api/v3/receptacles/${r.id}`, { weight: 1 })).statusCode).toBe(403);
      expect((await call(tokens, "DELETE", `/api/v3/receptacles/${r.id}`)).statusCode).toBe(403);
    }
    expect((await platform("GET", `/api/v3/receptacles/${r.id}`)).json()).toMatchObject({ weight: 10, uid: r.uid });
    expect((await platform("GET", "/api/v3/receptacles?post_office_origin=ZZACCA")).json().meta.count).toBe(1);
  });

  it("segments/{id}/receptacles: the flight's receptacles with count and total weight for its airline and platform; another airline 404, a forwarder 403", async () => {
    const flight = await f.flight();
    for (const [serial, hg] of [["001", "0123"], ["002", "0456"]]) await create({ uid: uidOf("ZZSEGA", "ZZSEGB", "0500", serial!, hg!), segment_id: flight.id });
    const url = `/api/v3/segments/${flight.id}/receptacles`;
    for (const tokens of [accounts.s7Manager, accounts.platform]) {
      const res = await call(tokens, "GET", url);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.meta).toMatchObject({ count: 2, sum_weight: 57.9 });
      expect(body.data.map((r: { receptacle_number: string }) => r.receptacle_number).sort()).toEqual(["001", "002"]);
    }
    expect((await call(accounts.suManager, "GET", url)).statusCode).toBe(404);
    expect((await call(accounts.forwarderOnS7, "GET", url)).statusCode).toBe(403);
  });
});

describe("demo data", () => {
  it("puts receptacles on today's first S7 DME-OVB flight, each with a MAN at DME, and keeps a dispatch waiting for a flight", async () => {
    const [flight] = await t.database.db.select().from(segments).where(eq(segments.number_with_date, (await s7Today()).number_with_date));
    const res = await call(accounts.s7Manager, "GET", `/api/v3/segments/${flight!.id}/receptacles`);
    const body = res.json();
    expect(body.meta.count).toBeGreaterThan(0);
    for (const r of body.data) {
      expect(r.uid).toHaveLength(29);
      expect(r.movements[0]).toMatchObject({ status_code: "MAN", location_iata: "DME" });
    }
    const waiting = (await platform("GET", "/api/v3/receptacles?post_office_destination=RUKJAA")).json();
    expect(waiting.data.length).toBeGreaterThan(0);
    expect(waiting.data.every((r: { segment: unknown }) => r.segment === null)).toBe(true);
  });
});

async function s7Today() {
  const rows = await t.database.db.select().from(segments).where(eq(segments.number, "S70101"));
  return rows.find((s) => s.flight_date === seedToday())!;
}
