/**
 * Itinerary search (trips, flight_routes): direct and connecting routes between two airports.
 *
 * Pure and in memory: the API loads the candidate segments (first legs departing in the window and
 * every segment that could follow them, i.e. up to the window end plus maxTripHours) and the
 * handlers, builds an index once, and searches it. Every booking screen depends on this, so it is
 * built for speed:
 * - segments are bucketed by origin and by origin + destination, each bucket sorted by STD, so
 *   finding "departures from X after this arrival" is a binary search plus a short scan that stops at
 *   the connection window's end;
 * - the last leg of a connection is looked up in the X -> destination bucket, so a one-stop search
 *   never walks flights that go elsewhere, and a two-stop search only keeps a middle leg whose
 *   airport still has a flight to the destination after it lands;
 * - itineraries are collected as bare leg lists, sorted and trimmed (maxResults), and only then
 *   turned into Trip objects: building the answer, not finding it, is what costs on a busy hub pair.
 *
 * Rules applied:
 * - a connection must satisfy the transfer airport's handler (connections.ts); a transfer airport
 *   without a handler (or one that refuses transfers) allows no connection;
 * - consecutive legs of one flight (same flightKey, e.g. "S71234/22NOV26") are a through flight: the
 *   cargo stays on board, so no minimum connection time applies, only the order of times;
 * - no airport is visited twice; cancelled segments and segments whose STA is not after their STD
 *   are left out;
 * - locked, sales-closed, short-of-space and forbidden-SHC itineraries are returned and flagged, not
 *   hidden: the screens show them greyed with the reason.
 */
import { checkConnection, connectionStatus, type ConnectionCheck, type ConnectionRules } from "./connections";

const MINUTE_MS = 60_000;

export interface SearchSegment {
  id: string | number;
  carrier: string;
  /** Identity of the flight the segment belongs to (number_with_date); legs sharing it are one aircraft. */
  flightKey?: string | null;
  origin: string;
  destination: string;
  originCountry: string;
  destinationCountry: string;
  std: Date | number;
  sta: Date | number;
  availableWeightKg: number;
  availableVolumeM3: number;
  locked?: boolean;
  salesClosed?: boolean;
  canceled?: boolean;
  forbiddenShc?: readonly string[] | null;
}

export interface TransferHandler extends ConnectionRules {
  /** IATA code of the airport. */
  location: string;
  /** The airline whose rules these are; a handler without one applies to every carrier. */
  carrier?: string | null;
}

export interface RouteSearchRequest {
  origin: string;
  destination: string;
  /** The first leg departs in [departureFrom, departureTo); see localDayWindow for "on date D". */
  departureFrom: Date | number;
  departureTo: Date | number;
  /** Echoed only: segments publish weight and volume, not a piece limit. */
  pieces?: number;
  weightKg?: number;
  volumeM3?: number;
  shcs?: readonly string[];
  /** 0 = direct only, 1 = up to one connection (default), 2 = up to two. */
  maxStops?: 0 | 1 | 2;
  /** Bound on STA(last) - STD(first); default 48 h. */
  maxTripHours?: number;
  /** Used where the handler sets no maximum connection time; default 24 h. */
  defaultMaxConnectionMinutes?: number;
  /** Keep the best N after sorting (earliest arrival first). */
  maxResults?: number;
}

export interface TripConnection extends ConnectionCheck {
  airport: string;
  arrivingSegmentId: string | number;
  departingSegmentId: string | number;
  /** Same flight continuing: no transfer, no minimum connection time. */
  through: boolean;
}

export interface Trip {
  /** Segment ids joined with "+": stable identity of the itinerary. */
  key: string;
  origin: string;
  destination: string;
  segments: SearchSegment[];
  /** Airports in order: "DME-OVB-KJA". */
  routeKey: string;
  /** Carriers in order of appearance, each once: "S7", "SU-S7". */
  carrier: string;
  transitAirports: string[];
  std: Date;
  sta: Date;
  tripMinutes: number;
  tripTime: { hours: number; minutes: number };
  connections: TripConnection[];
  /** Every leg has the requested weight and volume (or, with none requested, some space). */
  available: boolean;
  locked: boolean;
  salesClosed: boolean;
  /** Requested SHC codes that some leg forbids; empty when none. */
  forbiddenShc: string[];
}

export interface TripGroup {
  routeKey: string;
  carrier: string;
  minSta: Date;
  count: number;
  trips: Trip[];
}

interface Leg {
  seg: SearchSegment;
  std: number;
  sta: number;
  domesticLeg: boolean;
}

interface Bucket {
  legs: Leg[];
  stds: Float64Array;
}

export interface RouteIndex {
  readonly byOrigin: ReadonlyMap<string, Bucket>;
  /** origin -> destination -> legs. */
  readonly byPair: ReadonlyMap<string, ReadonlyMap<string, Bucket>>;
  readonly handlers: ReadonlyMap<string, readonly TransferHandler[]>;
  /** Largest maximum connection time at an airport over its handlers; null = some handler sets none. */
  readonly maxConnection: ReadonlyMap<string, number | null>;
  /** Memo of handlerFor (airport -> carrier -> handler); filled as searches ask. */
  readonly rulesMemo: Map<string, Map<string, TransferHandler | null>>;
  readonly size: number;
}

function bucket(legs: Leg[]): Bucket {
  const stds = new Float64Array(legs.length);
  for (let i = 0; i < legs.length; i++) stds[i] = legs[i]!.std;
  return { legs, stds };
}

export function buildRouteIndex(segments: readonly SearchSegment[], handlers: readonly TransferHandler[]): RouteIndex {
  const legs: Leg[] = [];
  for (const seg of segments) {
    if (seg.canceled) continue;
    const std = +seg.std;
    const sta = +seg.sta;
    if (!(sta > std)) continue;
    legs.push({ seg, std, sta, domesticLeg: !!seg.originCountry && seg.originCountry === seg.destinationCountry });
  }
  // One sort for all: buckets filled in STD order are sorted already.
  legs.sort((a, b) => a.std - b.std);
  // One map entry per origin holding both its list and its per-destination lists: two lookups a leg.
  const perOrigin = new Map<string, { all: Leg[]; byDestination: Map<string, Leg[]> }>();
  for (const leg of legs) {
    const { origin, destination } = leg.seg;
    let entry = perOrigin.get(origin);
    if (!entry) perOrigin.set(origin, (entry = { all: [], byDestination: new Map() }));
    entry.all.push(leg);
    const list = entry.byDestination.get(destination);
    if (list) list.push(leg);
    else entry.byDestination.set(destination, [leg]);
  }
  const byOrigin = new Map<string, Bucket>();
  const byPair = new Map<string, Map<string, Bucket>>();
  for (const [origin, entry] of perOrigin) {
    byOrigin.set(origin, bucket(entry.all));
    const out = new Map<string, Bucket>();
    for (const [destination, list] of entry.byDestination) out.set(destination, bucket(list));
    byPair.set(origin, out);
  }

  const handlerMap = new Map<string, TransferHandler[]>();
  const maxConnection = new Map<string, number | null>();
  for (const h of handlers) {
    let list = handlerMap.get(h.location);
    if (!list) handlerMap.set(h.location, (list = []));
    list.push(h);
    const prev = maxConnection.get(h.location);
    const max = h.maxConnectionTime ? h.maxConnectionTime : null;
    maxConnection.set(h.location, prev === null || max === null ? null : Math.max(prev ?? 0, max));
  }
  return { byOrigin, byPair, handlers: handlerMap, maxConnection, rulesMemo: new Map(), size: legs.length };
}

/** First index whose STD is >= t. */
function lowerBound(stds: Float64Array, t: number): number {
  let lo = 0;
  let hi = stds.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (stds[mid]! < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The carrier's own handler record at the airport, else one that applies to all carriers. */
export function handlerFor(index: RouteIndex, airport: string, carrier: string): TransferHandler | undefined {
  let perCarrier = index.rulesMemo.get(airport);
  if (!perCarrier) index.rulesMemo.set(airport, (perCarrier = new Map()));
  const memo = perCarrier.get(carrier);
  if (memo !== undefined) return memo ?? undefined;
  let found: TransferHandler | undefined;
  let generic: TransferHandler | undefined;
  for (const h of index.handlers.get(airport) ?? []) {
    if (h.carrier === carrier) {
      found = h;
      break;
    }
    if (!h.carrier && !generic) generic = h;
  }
  const result = found ?? generic;
  perCarrier.set(carrier, result ?? null);
  return result;
}

function isThrough(a: Leg, d: Leg): boolean {
  return !!a.seg.flightKey && a.seg.flightKey === d.seg.flightKey;
}

function isDomestic(a: Leg, d: Leg): boolean {
  return a.domesticLeg && d.domesticLeg && a.seg.originCountry === d.seg.originCountry;
}

/** The search's hot path: a verdict with no allocation. */
function canConnect(index: RouteIndex, a: Leg, d: Leg): boolean {
  if (isThrough(a, d)) return d.std >= a.sta;
  const minutes = Math.round((d.std - a.sta) / MINUTE_MS);
  return connectionStatus(minutes, handlerFor(index, a.seg.destination, d.seg.carrier), isDomestic(a, d)) === "ok";
}

/** The full account of a connection, built only for itineraries that are returned. */
function describeConnection(index: RouteIndex, a: Leg, d: Leg): TripConnection {
  const domestic = isDomestic(a, d);
  if (isThrough(a, d)) {
    const minutes = Math.round((d.std - a.sta) / MINUTE_MS);
    return {
      airport: a.seg.destination,
      arrivingSegmentId: a.seg.id,
      departingSegmentId: d.seg.id,
      through: true,
      status: minutes >= 0 ? "ok" : "too_short",
      connectionMinutes: minutes,
      minMinutes: 0,
      maxMinutes: null,
      domestic,
    };
  }
  // The onward carrier's rules: it is the one that must accept and re-load the cargo.
  const c = checkConnection({ arrivalSta: a.sta, departureStd: d.std, rules: handlerFor(index, a.seg.destination, d.seg.carrier), domestic });
  return {
    airport: a.seg.destination,
    arrivingSegmentId: a.seg.id,
    departingSegmentId: d.seg.id,
    through: false,
    status: c.status,
    connectionMinutes: c.connectionMinutes,
    minMinutes: c.minMinutes,
    maxMinutes: c.maxMinutes,
    domestic,
  };
}

function legHasSpace(seg: SearchSegment, weightKg: number, volumeM3: number): boolean {
  const w = seg.availableWeightKg;
  const v = seg.availableVolumeM3;
  return (weightKg > 0 ? w >= weightKg : w > 0) && (volumeM3 > 0 ? v >= volumeM3 : v > 0);
}

/** An itinerary found but not yet turned into a Trip: sorting and trimming happen on these. */
interface Found {
  legs: Leg[];
  std: number;
  sta: number;
}

function compareIds(a: readonly Leg[], b: readonly Leg[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = String(a[i]!.seg.id);
    const y = String(b[i]!.seg.id);
    if (x !== y) return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** Earliest arrival first, then shortest trip, fewest legs, earliest departure; ids make it total. */
function compareFound(a: Found, b: Found): number {
  return a.sta - b.sta || b.std - a.std || a.legs.length - b.legs.length || compareIds(a.legs, b.legs);
}

function compareTrips(a: Trip, b: Trip): number {
  return +a.sta - +b.sta || +b.std - +a.std || a.segments.length - b.segments.length || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

export function searchRoutes(index: RouteIndex, request: RouteSearchRequest): Trip[] {
  const { origin, destination } = request;
  const maxStops = request.maxStops ?? 1;
  if (maxStops !== 0 && maxStops !== 1 && maxStops !== 2) throw new RangeError(`maxStops must be 0, 1 or 2: ${maxStops}`);
  const from = +request.departureFrom;
  const to = +request.departureTo;
  const first = index.byOrigin.get(origin);
  if (!first || origin === destination || !(to > from)) return [];

  const maxTripMs = (request.maxTripHours ?? 48) * 60 * MINUTE_MS;
  const defaultMaxConnMs = (request.defaultMaxConnectionMinutes ?? 24 * 60) * MINUTE_MS;
  const needW = request.weightKg ?? 0;
  const needV = request.volumeM3 ?? 0;
  const shcs = [...new Set((request.shcs ?? []).map((s) => s.trim().toUpperCase()).filter(Boolean))];
  const found: Found[] = [];
  const toDestination = (airport: string) => index.byPair.get(airport)?.get(destination);

  // The itinerary being built, as a stack: legs are pushed and popped, not copied, while searching.
  const path: Leg[] = [];
  const emit = () => found.push({ legs: path.slice(), std: path[0]!.std, sta: path[path.length - 1]!.sta });

  const materialize = ({ legs, std, sta }: Found): Trip => {
    const segments = legs.map((l) => l.seg);
    const tripMinutes = Math.round((sta - std) / MINUTE_MS);
    const carriers: string[] = [];
    const forbidden = new Set<string>();
    let available = true;
    let locked = false;
    let salesClosed = false;
    for (const s of segments) {
      if (!carriers.includes(s.carrier)) carriers.push(s.carrier);
      if (!legHasSpace(s, needW, needV)) available = false;
      if (s.locked) locked = true;
      if (s.salesClosed) salesClosed = true;
      if (shcs.length > 0 && s.forbiddenShc) {
        for (const code of s.forbiddenShc) if (shcs.includes(code.toUpperCase())) forbidden.add(code.toUpperCase());
      }
    }
    const connections: TripConnection[] = [];
    for (let i = 1; i < legs.length; i++) connections.push(describeConnection(index, legs[i - 1]!, legs[i]!));
    return {
      key: segments.map((s) => String(s.id)).join("+"),
      origin,
      destination,
      segments,
      routeKey: [origin, ...segments.map((s) => s.destination)].join("-"),
      carrier: carriers.join("-"),
      transitAirports: segments.slice(0, -1).map((s) => s.destination),
      std: new Date(std),
      sta: new Date(sta),
      tripMinutes,
      tripTime: { hours: Math.floor(tripMinutes / 60), minutes: tripMinutes % 60 },
      connections,
      available,
      locked,
      salesClosed,
      forbiddenShc: [...forbidden].sort(),
    };
  };

  const visited = (airport: string): boolean => {
    if (airport === origin) return true;
    for (const l of path) if (l.seg.destination === airport) return true;
    return false;
  };

  // Extends `path` from its last leg; stopsLeft = connections still allowed.
  const extend = (stopsLeft: number) => {
    const last = path[path.length - 1]!;
    const at = last.seg.destination;
    const finalHop = stopsLeft === 1;
    const candidates = finalHop ? toDestination(at) : index.byOrigin.get(at);
    if (!candidates) return;
    const deadline = path[0]!.std + maxTripMs;
    const maxConn = index.maxConnection.get(at);
    const windowEnd = Math.min(last.sta + (maxConn ? maxConn * MINUTE_MS : defaultMaxConnMs), deadline);
    const { legs, stds } = candidates;
    for (let j = lowerBound(stds, last.sta); j < legs.length && stds[j]! <= windowEnd; j++) {
      const next = legs[j]!;
      if (next.sta > deadline) continue;
      const dest = next.seg.destination;
      if (dest !== destination) {
        if (finalHop || visited(dest)) continue;
        // Prune a middle leg from whose airport nothing leaves for the destination after it lands.
        const onward = toDestination(dest);
        if (!onward || onward.stds[onward.stds.length - 1]! < next.sta) continue;
      }
      if (!canConnect(index, last, next)) continue;
      path.push(next);
      if (dest === destination) emit();
      else extend(stopsLeft - 1);
      path.pop();
    }
  };

  const { legs: firstLegs, stds } = first;
  for (let i = lowerBound(stds, from); i < firstLegs.length && stds[i]! < to; i++) {
    const leg = firstLegs[i]!;
    if (leg.sta - leg.std > maxTripMs) continue;
    path.push(leg);
    if (leg.seg.destination === destination) emit();
    else if (maxStops > 0) extend(maxStops);
    path.pop();
  }

  // Sorting and trimming before building the answer: a broad two-stop search can find thousands.
  found.sort(compareFound);
  const kept = request.maxResults !== undefined ? found.slice(0, request.maxResults) : found;
  return kept.map(materialize);
}

/** Index and search in one call, for callers that search a segment list once. */
export function findTrips(
  segments: readonly SearchSegment[],
  handlers: readonly TransferHandler[],
  request: RouteSearchRequest,
): Trip[] {
  return searchRoutes(buildRouteIndex(segments, handlers), request);
}

/**
 * Spec 2 "Trip": flight routes are grouped by two keys with min_sta, count and routes. Our reading:
 * the two keys are the route (the airports in order, "DME-OVB-KJA") and the carrier (the carriers
 * in order, "S7"; "SU-S7" for an interline route), i.e. "the same way through the network with the
 * same airline(s)". A group lists its trips earliest arrival first and carries the earliest STA;
 * groups are ordered by that STA, then by route key.
 */
export function groupTrips(trips: readonly Trip[]): TripGroup[] {
  const groups = new Map<string, TripGroup>();
  for (const t of trips) {
    const k = `${t.routeKey}|${t.carrier}`;
    let g = groups.get(k);
    if (!g) groups.set(k, (g = { routeKey: t.routeKey, carrier: t.carrier, minSta: t.sta, count: 0, trips: [] }));
    g.trips.push(t);
    g.count++;
    if (+t.sta < +g.minSta) g.minSta = t.sta;
  }
  const out = [...groups.values()];
  for (const g of out) g.trips.sort(compareTrips);
  return out.sort((a, b) => +a.minSta - +b.minSta || (a.routeKey < b.routeKey ? -1 : a.routeKey > b.routeKey ? 1 : a.carrier < b.carrier ? -1 : 1));
}
