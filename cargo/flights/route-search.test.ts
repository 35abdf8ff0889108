import { describe, expect, it } from "vitest";
import { localDayWindow } from "../time/zoned-time";
import {
  buildRouteIndex,
  findTrips,
  groupTrips,
  handlerFor,
  searchRoutes,
  type RouteSearchRequest,
  type SearchSegment,
  type TransferHandler,
} from "./route-search";

const COUNTRY: Record<string, string> = { DME: "RU", SVO: "RU", OVB: "RU", KJA: "RU", LED: "RU", AER: "RU", IKT: "RU", ALA: "KZ", TAS: "UZ" };
const t = (hhmm: string, day = 22) => new Date(`2026-11-${day}T${hhmm}:00Z`);

let nextId = 1;
function seg(carrier: string, origin: string, destination: string, std: Date, sta: Date, patch: Partial<SearchSegment> = {}): SearchSegment {
  return {
    id: nextId++,
    carrier,
    origin,
    destination,
    originCountry: COUNTRY[origin] ?? "XX",
    destinationCountry: COUNTRY[destination] ?? "XX",
    std,
    sta,
    availableWeightKg: 5000,
    availableVolumeM3: 30,
    ...patch,
  };
}

// OVB: 90 min domestic, 180 min international, at most 12 h.
const handlers: TransferHandler[] = [
  { location: "OVB", carrier: "S7", minConnectionTimeDomestic: 90, minConnectionTimeIntl: 180, maxConnectionTime: 720 },
  { location: "ALA", carrier: null, minConnectionTimeDomestic: 60, minConnectionTimeIntl: 120, maxConnectionTime: 600 },
];

// DME date 2026-11-22 (Moscow, +3): 2026-11-21T21:00Z .. 2026-11-22T21:00Z.
const day = localDayWindow("2026-11-22", "Europe/Moscow");
const request = (patch: Partial<RouteSearchRequest> = {}): RouteSearchRequest => ({
  origin: "DME",
  destination: "KJA",
  departureFrom: day.from,
  departureTo: day.to,
  ...patch,
});

describe("route search: one connection at OVB", () => {
  const dmeOvb = seg("S7", "DME", "OVB", t("07:00"), t("11:00"));
  const tooShort = seg("S7", "OVB", "KJA", t("12:00"), t("13:00")); // 60 min < 90
  const good = seg("S7", "OVB", "KJA", t("12:30"), t("13:30")); // exactly 90 min
  const tooLong = seg("S7", "OVB", "KJA", t("23:30"), t("00:30", 23)); // 12 h 30 > 12 h
  const segments = [dmeOvb, tooShort, good, tooLong];

  it("finds only the connection that meets the minimum and not the maximum", () => {
    const trips = findTrips(segments, handlers, request());
    expect(trips.map((x) => x.key)).toEqual([`${dmeOvb.id}+${good.id}`]);
    const [trip] = trips;
    expect(trip).toMatchObject({
      origin: "DME",
      destination: "KJA",
      routeKey: "DME-OVB-KJA",
      carrier: "S7",
      transitAirports: ["OVB"],
      tripMinutes: 390,
      tripTime: { hours: 6, minutes: 30 },
      available: true,
      locked: false,
      salesClosed: false,
      forbiddenShc: [],
    });
    expect(trip!.std.toISOString()).toBe("2026-11-22T07:00:00.000Z");
    expect(trip!.sta.toISOString()).toBe("2026-11-22T13:30:00.000Z");
    expect(trip!.connections).toEqual([
      {
        airport: "OVB",
        arrivingSegmentId: dmeOvb.id,
        departingSegmentId: good.id,
        through: false,
        status: "ok",
        connectionMinutes: 90,
        minMinutes: 90,
        maxMinutes: 720,
        domestic: true,
      },
    ]);
  });

  it("without a valid connection there is no trip", () => {
    expect(findTrips([dmeOvb, tooShort, tooLong], handlers, request())).toEqual([]);
  });

  it("a connection needs a handler at the transfer airport", () => {
    expect(findTrips(segments, [], request())).toEqual([]);
    expect(findTrips(segments, [{ ...handlers[0]!, transfer: false }], request())).toEqual([]);
  });

  it("the onward carrier's handler applies; a carrier-less handler is the fallback", () => {
    const other: TransferHandler = { location: "OVB", carrier: null, minConnectionTimeDomestic: 30, minConnectionTimeIntl: 30, maxConnectionTime: 720 };
    const index = buildRouteIndex(segments, [other, handlers[0]!]);
    expect(handlerFor(index, "OVB", "S7")).toBe(handlers[0]);
    expect(handlerFor(index, "OVB", "SU")).toBe(other);
    expect(handlerFor(index, "KJA", "S7")).toBeUndefined();
    // Only the generic 30-min handler: the 60-min connection now works too.
    expect(findTrips(segments, [other], request()).map((x) => x.key)).toEqual([`${dmeOvb.id}+${tooShort.id}`, `${dmeOvb.id}+${good.id}`]);
  });

  it("a handler without a maximum uses the default (24 h), then the trip limit", () => {
    const noMax: TransferHandler = { ...handlers[0]!, maxConnectionTime: null };
    expect(findTrips(segments, [noMax], request()).map((x) => x.key)).toEqual([`${dmeOvb.id}+${good.id}`, `${dmeOvb.id}+${tooLong.id}`]);
    expect(findTrips(segments, [noMax], request({ defaultMaxConnectionMinutes: 600 })).map((x) => x.key)).toEqual([`${dmeOvb.id}+${good.id}`]);
    expect(findTrips(segments, [noMax], request({ maxTripHours: 10 })).map((x) => x.key)).toEqual([`${dmeOvb.id}+${good.id}`]);
  });

  it("direct only when maxStops is 0", () => {
    expect(findTrips(segments, handlers, request({ maxStops: 0 }))).toEqual([]);
  });
});

describe("route search: window, direct flights, ordering", () => {
  it("the first leg must depart inside the local day [from, to)", () => {
    const early = seg("S7", "DME", "KJA", new Date("2026-11-21T20:59:00Z"), t("03:00")); // 23:59 Moscow on the 21st
    const first = seg("S7", "DME", "KJA", new Date("2026-11-21T21:00:00Z"), t("03:00")); // 00:00 Moscow
    const last = seg("S7", "DME", "KJA", new Date("2026-11-22T20:59:00Z"), t("03:00", 23));
    const next = seg("S7", "DME", "KJA", new Date("2026-11-22T21:00:00Z"), t("03:30", 23)); // 00:00 on the 23rd
    const keys = findTrips([early, first, last, next], handlers, request()).map((x) => x.key);
    expect(keys).toEqual([String(first.id), String(last.id)]);
  });

  it("sorts by arrival, then trip time; direct and connecting together", () => {
    const direct = seg("S7", "DME", "KJA", t("09:00"), t("14:00"));
    const a = seg("S7", "DME", "OVB", t("05:00"), t("09:00"));
    const b = seg("S7", "OVB", "KJA", t("11:00"), t("12:00"));
    const trips = findTrips([direct, a, b], handlers, request());
    expect(trips.map((x) => x.routeKey)).toEqual(["DME-OVB-KJA", "DME-KJA"]);
    expect(trips[1]!.transitAirports).toEqual([]);
    expect(trips[1]!.connections).toEqual([]);
  });

  it("cancelled segments and segments whose STA is not after STD are left out", () => {
    const cancelled = seg("S7", "DME", "KJA", t("09:00"), t("14:00"), { canceled: true });
    const broken = seg("S7", "DME", "KJA", t("09:00"), t("09:00"));
    expect(findTrips([cancelled, broken], handlers, request())).toEqual([]);
  });

  it("same origin and destination, or an empty window, find nothing", () => {
    const direct = seg("S7", "DME", "KJA", t("09:00"), t("14:00"));
    expect(findTrips([direct], handlers, request({ destination: "DME" }))).toEqual([]);
    expect(findTrips([direct], handlers, request({ departureTo: day.from }))).toEqual([]);
    expect(findTrips([direct], handlers, request({ origin: "XXX" }))).toEqual([]);
  });

  it("maxResults keeps the earliest arrivals", () => {
    const s = [seg("S7", "DME", "KJA", t("10:00"), t("15:00")), seg("S7", "DME", "KJA", t("08:00"), t("13:00")), seg("S7", "DME", "KJA", t("09:00"), t("14:00"))];
    expect(findTrips(s, handlers, request({ maxResults: 2 })).map((x) => x.sta.toISOString())).toEqual([
      "2026-11-22T13:00:00.000Z",
      "2026-11-22T14:00:00.000Z",
    ]);
  });

  it("refuses maxStops above 2", () => {
    expect(() => findTrips([], handlers, request({ maxStops: 3 as 2 }))).toThrow(RangeError);
  });
});

describe("route search: flags", () => {
  const a = () => seg("S7", "DME", "OVB", t("07:00"), t("11:00"));
  const b = () => seg("S7", "OVB", "KJA", t("13:00"), t("14:00"));

  it("availability: every leg must have the requested weight and volume", () => {
    const legs = [a(), b()];
    legs[1]!.availableWeightKg = 800;
    const find = (patch: Partial<RouteSearchRequest>) => findTrips(legs, handlers, request(patch))[0]!.available;
    expect(find({ weightKg: 800, volumeM3: 30 })).toBe(true);
    expect(find({ weightKg: 800.1 })).toBe(false);
    expect(find({ volumeM3: 30.01 })).toBe(false);
    expect(find({})).toBe(true);
    legs[0]!.availableVolumeM3 = 0;
    expect(find({})).toBe(false); // no request figures: a leg with no space at all is not available
  });

  it("locked and sales-closed legs flag the trip but do not hide it", () => {
    const locked = findTrips([a(), { ...b(), locked: true }], handlers, request());
    expect(locked).toHaveLength(1);
    expect(locked[0]).toMatchObject({ locked: true, salesClosed: false });
    const closed = findTrips([{ ...a(), salesClosed: true }, b()], handlers, request());
    expect(closed[0]).toMatchObject({ locked: false, salesClosed: true });
  });

  it("forbidden SHC: only the requested codes a leg forbids", () => {
    const legs = [{ ...a(), forbiddenShc: ["DGR", "RRY"] }, { ...b(), forbiddenShc: ["AVI"] }];
    expect(findTrips(legs, handlers, request({ shcs: ["dgr", "AVI", "PER"] }))[0]!.forbiddenShc).toEqual(["AVI", "DGR"]);
    expect(findTrips(legs, handlers, request({ shcs: ["PER"] }))[0]!.forbiddenShc).toEqual([]);
    expect(findTrips(legs, handlers, request())[0]!.forbiddenShc).toEqual([]);
  });
});

describe("route search: international, interline, through flights, two stops", () => {
  it("an international connection needs the international minimum", () => {
    const inbound = seg("KC", "ALA", "OVB", t("07:00"), t("09:00"));
    const out150 = seg("S7", "OVB", "KJA", t("11:30"), t("12:30"));
    const out180 = seg("S7", "OVB", "KJA", t("12:00"), t("13:00"));
    const trips = findTrips([inbound, out150, out180], handlers, request({ origin: "ALA" }));
    expect(trips.map((x) => x.key)).toEqual([`${inbound.id}+${out180.id}`]);
    expect(trips[0]!.connections[0]).toMatchObject({ domestic: false, minMinutes: 180 });
    expect(trips[0]!.carrier).toBe("KC-S7");
  });

  it("consecutive legs of one flight need no connection time, and no handler", () => {
    const leg1 = seg("S7", "DME", "OVB", t("07:00"), t("11:00"), { flightKey: "S75301/22NOV26" });
    const leg2 = seg("S7", "OVB", "KJA", t("11:40"), t("12:40"), { flightKey: "S75301/22NOV26" });
    const trips = findTrips([leg1, leg2], [], request());
    expect(trips).toHaveLength(1);
    expect(trips[0]!.connections[0]).toMatchObject({ through: true, status: "ok", connectionMinutes: 40, minMinutes: 0 });
    // Different flights at the same times are a transfer again, and 40 min is too short.
    expect(findTrips([{ ...leg1, flightKey: "S75301/22NOV26" }, { ...leg2, flightKey: "S75303/22NOV26" }], handlers, request())).toEqual([]);
  });

  it("two stops only when asked, never visiting an airport twice", () => {
    const h: TransferHandler[] = [
      { location: "OVB", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 60, maxConnectionTime: 720 },
      { location: "IKT", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 60, maxConnectionTime: 720 },
      { location: "DME", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 60, maxConnectionTime: 720 },
    ];
    const s1 = seg("S7", "DME", "OVB", t("01:00"), t("05:00"));
    const s2 = seg("S7", "OVB", "IKT", t("06:00"), t("08:00"));
    const s3 = seg("S7", "IKT", "KJA", t("09:00"), t("10:00"));
    const back = seg("S7", "OVB", "DME", t("06:00"), t("10:00")); // a loop back to the origin
    const again = seg("S7", "DME", "KJA", t("11:00"), t("15:00"));
    const segments = [s1, s2, s3, back, again];
    expect(findTrips(segments, h, request({ maxStops: 1 })).map((x) => x.routeKey)).toEqual(["DME-KJA"]);
    const two = findTrips(segments, h, request({ maxStops: 2 }));
    expect(two.map((x) => x.routeKey)).toEqual(["DME-OVB-IKT-KJA", "DME-KJA"]);
    expect(two[0]!.transitAirports).toEqual(["OVB", "IKT"]);
    expect(two[0]!.connections.map((c) => c.airport)).toEqual(["OVB", "IKT"]);
    expect(two[0]!.tripTime).toEqual({ hours: 9, minutes: 0 });
  });
});

describe("groupTrips", () => {
  it("groups by route and carrier with the earliest STA and a count", () => {
    const h: TransferHandler[] = [{ location: "OVB", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 60, maxConnectionTime: 720 }];
    const segments = [
      seg("S7", "DME", "OVB", t("02:00"), t("06:00")),
      seg("S7", "OVB", "KJA", t("08:00"), t("09:00")),
      seg("S7", "OVB", "KJA", t("10:00"), t("11:00")),
      seg("SU", "DME", "OVB", t("03:00"), t("07:00")),
      seg("S7", "DME", "KJA", t("05:00"), t("10:00")),
      seg("SU", "DME", "KJA", t("12:00"), t("17:00")),
    ];
    const groups = groupTrips(findTrips(segments, h, request()));
    expect(groups.map((g) => [g.routeKey, g.carrier, g.count, g.minSta.toISOString().slice(11, 16)])).toEqual([
      ["DME-OVB-KJA", "S7", 2, "09:00"],
      ["DME-OVB-KJA", "SU-S7", 2, "09:00"],
      ["DME-KJA", "S7", 1, "10:00"],
      ["DME-KJA", "SU", 1, "17:00"],
    ]);
    expect(groups[0]!.trips.map((x) => x.sta.toISOString().slice(11, 16))).toEqual(["09:00", "11:00"]);
    expect(groupTrips([])).toEqual([]);
  });
});

describe("route search agrees with a brute-force search", () => {
  // Every path of up to three legs is tried by hand and checked against the rules as written in
  // connections.ts; the indexed search (with its pruning) must find exactly the same itineraries.
  it.each([1, 2, 3, 4, 5])("random network #%i", (seedNo) => {
    let seed = seedNo * 7919;
    const rnd = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const airports = ["AAA", "BBB", "CCC", "DDD", "EEE", "FFF", "GGG", "HHH", "III", "JJJ"];
    const country: Record<string, string> = Object.fromEntries(airports.map((a, i) => [a, i < 7 ? "RU" : "KZ"]));
    const start = Date.parse("2026-11-22T00:00:00Z");
    const segments: SearchSegment[] = [];
    for (let i = 0; i < 500; i++) {
      const o = airports[Math.floor(rnd() * airports.length)]!;
      let d = airports[Math.floor(rnd() * airports.length)]!;
      while (d === o) d = airports[Math.floor(rnd() * airports.length)]!;
      const std = start + Math.floor(rnd() * 36 * 60) * 60_000;
      segments.push({
        id: `s${i}`,
        carrier: rnd() < 0.5 ? "S7" : "SU",
        flightKey: rnd() < 0.1 ? "THRU" : null,
        origin: o,
        destination: d,
        originCountry: country[o]!,
        destinationCountry: country[d]!,
        std,
        sta: std + (30 + Math.floor(rnd() * 300)) * 60_000,
        availableWeightKg: 100,
        availableVolumeM3: 1,
        canceled: rnd() < 0.05,
      });
    }
    const hs: TransferHandler[] = [
      { location: "BBB", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 120, maxConnectionTime: 600 },
      // Order matters to the per-airport scan window: a handler without a maximum listed first...
      { location: "CCC", carrier: null, minConnectionTimeDomestic: 120, minConnectionTimeIntl: 180, maxConnectionTime: null },
      { location: "CCC", carrier: "S7", minConnectionTimeDomestic: 30, minConnectionTimeIntl: 90, maxConnectionTime: 300 },
      // ...and a long maximum listed before a short one.
      { location: "GGG", carrier: "S7", minConnectionTimeDomestic: 30, minConnectionTimeIntl: 30, maxConnectionTime: 500 },
      { location: "GGG", carrier: null, minConnectionTimeDomestic: 30, minConnectionTimeIntl: 30, maxConnectionTime: 150 },
      { location: "DDD", minConnectionTimeDomestic: 45, minConnectionTimeIntl: 45, maxConnectionTime: 0 },
      { location: "EEE", minConnectionTimeDomestic: 10, minConnectionTimeIntl: 10, transfer: false },
      { location: "HHH", carrier: "SU", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 60, maxConnectionTime: 900 },
      { location: "III", minConnectionTimeDomestic: 60, minConnectionTimeIntl: 100, maxConnectionTime: 480 },
      { location: "JJJ", minConnectionTimeDomestic: 20, minConnectionTimeIntl: 20, maxConnectionTime: 200 },
    ];
    const from = start;
    const to = start + 12 * 3_600_000;
    const maxTripMs = 20 * 3_600_000;
    const defaultMaxConn = 8 * 60;

    const rulesFor = (airport: string, carrier: string) =>
      hs.find((h) => h.location === airport && h.carrier === carrier) ?? hs.find((h) => h.location === airport && !h.carrier);
    const windowAt = (airport: string) => {
      const at = hs.filter((h) => h.location === airport);
      return at.length === 0 || at.some((h) => !h.maxConnectionTime) ? defaultMaxConn : Math.max(...at.map((h) => h.maxConnectionTime!));
    };
    const connects = (a: SearchSegment, d: SearchSegment) => {
      const minutes = (+d.std - +a.sta) / 60_000;
      if (minutes < 0 || minutes > windowAt(a.destination)) return false;
      if (a.flightKey && a.flightKey === d.flightKey) return true;
      const r = rulesFor(a.destination, d.carrier);
      if (!r || r.transfer === false) return false;
      const domestic = a.originCountry === a.destinationCountry && d.originCountry === a.originCountry && d.destinationCountry === a.originCountry;
      if (minutes < (domestic ? r.minConnectionTimeDomestic : r.minConnectionTimeIntl)) return false;
      return !r.maxConnectionTime || minutes <= r.maxConnectionTime;
    };
    const live = segments.filter((x) => !x.canceled);
    const brute = (origin: string, destination: string) => {
      const out: string[] = [];
      const walk = (path: SearchSegment[]) => {
        const last = path[path.length - 1]!;
        if (+last.sta - +path[0]!.std > maxTripMs) return;
        if (last.destination === destination) {
          out.push(path.map((x) => x.id).join("+"));
          return;
        }
        if (path.length === 3) return;
        const seen = new Set([origin, ...path.map((x) => x.destination)]);
        for (const n of live) {
          if (n.origin !== last.destination || (seen.has(n.destination) && n.destination !== destination)) continue;
          if (connects(last, n)) walk([...path, n]);
        }
      };
      for (const f of live) if (f.origin === origin && +f.std >= from && +f.std < to) walk([f]);
      return out.sort();
    };

    const index = buildRouteIndex(segments, hs);
    let compared = 0;
    for (const origin of ["AAA", "BBB", "HHH"]) {
      for (const destination of ["CCC", "FFF", "JJJ"]) {
        const found = searchRoutes(index, {
          origin,
          destination,
          departureFrom: from,
          departureTo: to,
          maxStops: 2,
          maxTripHours: 20,
          defaultMaxConnectionMinutes: defaultMaxConn,
        });
        expect(found.map((x) => x.key).sort()).toEqual(brute(origin, destination));
        compared += found.length;
        for (let i = 1; i < found.length; i++) expect(+found[i]!.sta).toBeGreaterThanOrEqual(+found[i - 1]!.sta);
      }
    }
    expect(compared).toBeGreaterThan(20); // the networks are dense enough to mean something
  });
});

// Its time per search is `npm run bench`'s (tests/bench/run.ts, over the API): a timed loop here only slowed the check.
describe("route search over 10 000 segments a day", () => {
  // Deterministic pseudo-random network: 120 airports, hubs get more flights.
  function network(count: number) {
    let seed = 42;
    // mulberry32: a small PRNG whose consecutive draws are not correlated (an LCG's are).
    const rnd = () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
      return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
    };
    const airports = ["DME", "OVB", "KJA", ...Array.from({ length: 117 }, (_, i) => `A${String(i).padStart(2, "0")}`)];
    const pick = () => airports[Math.floor(rnd() ** 2 * airports.length)]!;
    const start = Date.parse("2026-11-21T21:00:00Z");
    const segments: SearchSegment[] = [];
    for (let i = 0; i < count; i++) {
      const origin = pick();
      let destination = pick();
      while (destination === origin) destination = pick();
      const std = start + Math.floor(rnd() * 24 * 60) * 60_000;
      const block = (60 + Math.floor(rnd() * 360)) * 60_000;
      segments.push({
        id: i,
        carrier: rnd() < 0.5 ? "S7" : "SU",
        origin,
        destination,
        originCountry: "RU",
        destinationCountry: rnd() < 0.9 ? "RU" : "KZ",
        std,
        sta: std + block,
        availableWeightKg: Math.floor(rnd() * 10000),
        availableVolumeM3: Math.floor(rnd() * 60),
        forbiddenShc: rnd() < 0.1 ? ["DGR"] : [],
      });
    }
    const hs: TransferHandler[] = airports.map((location) => ({
      location,
      minConnectionTimeDomestic: 60,
      minConnectionTimeIntl: 120,
      maxConnectionTime: 720,
    }));
    return { segments, hs };
  }

  it("finds direct and connecting trips that obey the rules on a network of 10 000 segments", () => {
    const { segments, hs } = network(10_000);
    const req = request({ weightKg: 500, volumeM3: 3, shcs: ["DGR"] });
    const index = buildRouteIndex(segments, hs);
    const one = searchRoutes(index, { ...req, maxStops: 1 });
    const two = searchRoutes(index, { ...req, maxStops: 2 });
    // a pair of small airports, the common case, beside the hub-to-hub worst case above
    const spoke = searchRoutes(index, { ...req, origin: "A90", destination: "A100", maxStops: 1 });
    expect(spoke.every((trip) => trip.origin === "A90" && trip.segments.at(-1)!.destination === "A100")).toBe(true);

    // Correctness on the big network, not speed: every trip obeys the rules.
    expect(index.size).toBe(10_000);
    expect(one.length).toBeGreaterThan(0);
    expect(two.length).toBeGreaterThan(one.length);
    for (const trip of two) {
      expect(trip.segments[0]!.origin).toBe("DME");
      expect(trip.segments.at(-1)!.destination).toBe("KJA");
      expect(+trip.std).toBeGreaterThanOrEqual(+day.from);
      expect(+trip.std).toBeLessThan(+day.to);
      for (const c of trip.connections) {
        expect(c.connectionMinutes).toBeGreaterThanOrEqual(c.domestic ? 60 : 120);
        expect(c.connectionMinutes).toBeLessThanOrEqual(720);
      }
      for (let i = 1; i < trip.segments.length; i++) expect(trip.segments[i]!.origin).toBe(trip.segments[i - 1]!.destination);
      const airports = [trip.origin, ...trip.segments.map((s) => s.destination)];
      expect(new Set(airports).size).toBe(airports.length);
      expect(trip.available).toBe(trip.segments.every((s) => s.availableWeightKg >= 500 && s.availableVolumeM3 >= 3));
      expect(trip.forbiddenShc.length > 0).toBe(trip.segments.some((s) => s.forbiddenShc?.includes("DGR")));
    }
  });
});
