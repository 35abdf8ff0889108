import { and, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { roundVolume, roundWeight } from "../../cargo/units";
import { unionAll } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DECIMALS, INT32_MAX, MAX_LIST_ITEMS, MAX_VOLUME_M3, MAX_WEIGHT_KG, TEXT_MAX } from "../../cargo/limits";
import { buildRouteIndex, groupTrips, searchRoutes, type SearchSegment, type TransferHandler, type Trip } from "../../cargo/flights/route-search";
import { localDayWindow } from "../../cargo/time/zoned-time";
import type { FastifyRequest } from "fastify";
import type { Db } from "../db/open";
import { tripPrices, type TripPrice } from "../billing/trip-prices";
import { handlers, segments } from "../db/schema";
import { refuseField } from "../http/errors";
import { ErrorSchema } from "../http/schemas";
import { allow, scopeCarrier } from "../settings/access";
import { iataCode, isoDate } from "../settings/common";
import { capacitySql, segmentsWithAttention } from "./attention";
import { airportInfo, FLIGHTS_ACCESS, segmentAnswer, SegmentSchema } from "./common";
import { decimalRange } from "../../cargo/numbers/decimal-text";
import { strictNumber, wholeNumber } from "../http/decimal-input";

// Route search (spec 2 "Trip"; spec 3 trips, flight_routes): direct and connecting itineraries between two
// airports on a date (the origin's local day). One indexed query loads the candidate legs (departing from the
// start of that day to its end plus the longest trip), capacities come in three more queries, and
// cargo/flights/route-search.ts does the search in memory with each transfer airport's handler rules.

const MAX_TRIP_HOURS = 48;

const list = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,;]+/).filter(Boolean) : v ?? []),
  z.array(z.string().max(TEXT_MAX.code).trim().toUpperCase()).max(MAX_LIST_ITEMS),
);

const TripQuery = z.object({
  origin_iata: iataCode(),
  destination_iata: iataCode(),
  date: isoDate().describe("departure date, local at the origin"),
  pieces: strictNumber(decimalRange(0, INT32_MAX, 0)).optional(),
  weight: strictNumber(decimalRange(0, MAX_WEIGHT_KG, DECIMALS.weight)).optional().describe("kg"),
  volume: strictNumber(decimalRange(0, MAX_VOLUME_M3, DECIMALS.volume)).optional().describe("m3"),
  shcs: list.optional(),
  "shcs[]": list.optional(),
  max_stops: wholeNumber(0, 2).default(1),
  carrier: z.string().max(TEXT_MAX.code).optional().describe("platform and forwarders: only this airline"),
  product: z.string().max(TEXT_MAX.code).trim().toUpperCase().optional().describe("the product the trips are priced for (a weight prices them)"),
});

// a trip's legs are not the flights list: no ACI filing time (SegmentSchema's aci_sent_at is the lists' own)
export const TripSegmentSchema = SegmentSchema.omit({ aci_sent_at: true }).extend({ available_weight: z.number(), available_volume: z.number() });

export const TripSchema = z.object({
  key: z.string(),
  available: z.boolean(),
  origin: z.string(),
  destination: z.string(),
  route: z.string().describe("airports in order, DME-OVB-KJA"),
  carrier: z.string().describe("carriers in order, S7 or SU-S7"),
  segments: z.array(TripSegmentSchema),
  locked: z.boolean(),
  sales_closed: z.boolean(),
  transit_airports: z.array(z.string()),
  trip_time: z.object({ hours: z.number().int(), minutes: z.number().int() }),
  trip_minutes: z.number().int(),
  connections: z.array(
    z.object({
      airport: z.string(),
      arriving_segment_id: z.number().int(),
      departing_segment_id: z.number().int(),
      through: z.boolean(),
      status: z.string(),
      connection_minutes: z.number().int(),
      min_minutes: z.number().int().nullable(),
      max_minutes: z.number().int().nullable(),
      domestic: z.boolean(),
    }),
  ),
  forbidden_shc: z.array(z.string()),
  std: z.string(),
  sta: z.string(),
  tariffs: z.array(z.unknown()).describe("the price's lines (cargo/pricing PriceLine): which tariff, break and why"),
  cost: z.string().nullable().describe("decimal text: what the trip costs in `currency` (VAT not included in it added); null when not priced"),
  currency: z.string().nullable(),
  chargeable_weight: z.number().nullable(),
  price_refusals: z.array(z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).optional() })).describe("why the trip has no price (weight_needed, no_tariff, tariffs_not_available, ...)"),
});

export const GroupSchema = z.object({ route: z.string(), carrier: z.string(), min_sta: z.string(), count: z.number().int(), routes: z.array(TripSchema) });

type Query = z.infer<typeof TripQuery>;

/**
 * The legs a trip of the day can use, in one query: every leg of a trip departs at or after the day's start and
 * arrives before `until` (the day's end plus the longest trip). Within that window only three kinds of legs
 * matter, each read through an index: the first legs (origin, std), the last legs into the destination
 * (destination, sta) and, for two stops, the middle legs from a first leg's arrival airport to a last leg's
 * departure airport (origin, std). A day of a whole network (10 000 segments) is thus never loaded at once.
 */
export function candidateLegs(
  db: Db,
  carrier: string | null,
  q: Pick<Query, "origin_iata" | "destination_iata" | "max_stops">,
  day: { from: Date; to: Date },
  until: Date,
  now: Date,
) {
  // Only what the search reads, with the available space computed by the database (flights/attention.ts).
  const c = capacitySql(now);
  const columns = {
    id: segments.id,
    carrier: segments.carrier,
    number_with_date: segments.number_with_date,
    origin_iata: segments.origin_iata,
    destination_iata: segments.destination_iata,
    origin_country_code: segments.origin_country_code,
    destination_country_code: segments.destination_country_code,
    std: segments.std,
    sta: segments.sta,
    available: segments.available,
    locked: segments.locked,
    sales_closed: segments.sales_closed,
    canceled: segments.canceled,
    forbidden_shc: segments.forbidden_shc,
    available_weight: c.availableWeight,
    available_volume: c.availableVolume,
  };
  const legsWhere = (where: SQL | undefined) => db.select(columns).from(segments).where(where);
  // Each part names only the columns of its own index: a std bound on the last legs made the planner AND in the
  // whole (carrier, std) range as well (EXPLAIN in tests/bench/run.ts).
  const live = and(carrier ? eq(segments.carrier, carrier) : undefined, eq(segments.canceled, false));
  const first = and(live, eq(segments.origin_iata, q.origin_iata), gte(segments.std, day.from), lt(segments.std, day.to));
  const last = and(live, eq(segments.destination_iata, q.destination_iata), gte(segments.sta, day.from), lt(segments.sta, until));
  if (q.max_stops === 0) return legsWhere(and(first, eq(segments.destination_iata, q.destination_iata)));
  const legs = [legsWhere(first), legsWhere(last)];
  if (q.max_stops === 2) {
    const mid = and(
      live,
      gte(segments.std, day.from),
      lt(segments.std, until),
      inArray(segments.origin_iata, db.select({ a: segments.destination_iata }).from(segments).where(first)),
      inArray(segments.destination_iata, db.select({ a: segments.origin_iata }).from(segments).where(last)),
    );
    legs.push(legsWhere(mid));
  }
  // union all: a leg that is both first and last (a direct flight) comes twice; search() keeps one, which is
  // cheaper than a union comparing every column in the database.
  const [a, b, ...rest] = legs;
  return unionAll(a!, b!, ...rest);
}

async function search(db: Db, request: FastifyRequest, carrier: string | null, q: Query, now: Date) {
  const info = await airportInfo(db, [q.origin_iata, q.destination_iata]);
  const origin = info.get(q.origin_iata);
  if (!origin) throw refuseField("origin_iata", "unknown_airport", { code: q.origin_iata });
  if (!info.get(q.destination_iata)) throw refuseField("destination_iata", "unknown_airport", { code: q.destination_iata });
  const day = localDayWindow(q.date, origin.timezone);
  const until = new Date(+day.to + MAX_TRIP_HOURS * 3_600_000);
  const seen = new Set<number>();
  const rows = (await candidateLegs(db, carrier, q, day, until, now)).filter((r) => !seen.has(r.id) && !!seen.add(r.id));
  if (!rows.some((s) => s.origin_iata === q.origin_iata && +s.std < +day.to)) return [];
  const carriers = [...new Set(rows.map((s) => s.carrier))];
  const handlerRows = await db.select().from(handlers).where(inArray(handlers.carrier, carriers));
  const rules: TransferHandler[] = handlerRows.map((h) => ({
    location: h.location,
    carrier: h.carrier,
    minConnectionTimeDomestic: h.min_connection_time_domestic ?? 0,
    minConnectionTimeIntl: h.min_connection_time_intl ?? 0,
    maxConnectionTime: h.max_connection_time,
    transfer: h.transfer,
  }));
  const legs: SearchSegment[] = rows.map((s) => {
    return {
      id: s.id,
      carrier: s.carrier,
      flightKey: `${s.carrier}|${s.number_with_date}`,
      origin: s.origin_iata,
      destination: s.destination_iata,
      originCountry: s.origin_country_code ?? "",
      destinationCountry: s.destination_country_code ?? "",
      std: s.std,
      sta: s.sta,
      availableWeightKg: roundWeight(s.available_weight),
      availableVolumeM3: roundVolume(s.available_volume),
      locked: s.locked,
      salesClosed: s.sales_closed || !s.available,
      canceled: s.canceled,
      forbiddenShc: s.forbidden_shc,
    };
  });
  const shcs = [...(q.shcs ?? []), ...(q["shcs[]"] ?? [])];
  const trips = searchRoutes(buildRouteIndex(legs, rules), {
    origin: q.origin_iata,
    destination: q.destination_iata,
    departureFrom: day.from,
    departureTo: day.to,
    ...(q.pieces !== undefined ? { pieces: q.pieces } : {}),
    ...(q.weight !== undefined ? { weightKg: q.weight } : {}),
    ...(q.volume !== undefined ? { volumeM3: q.volume } : {}),
    ...(shcs.length ? { shcs } : {}),
    maxStops: q.max_stops as 0 | 1 | 2,
    maxTripHours: MAX_TRIP_HOURS,
    maxResults: 200,
  });
  // The answered legs in full, with their attention reasons: one query for all the trips.
  const full = await segmentsWithAttention(db, trips.flatMap((t) => t.segments.map((s) => s.id as number)), now);
  const byId = new Map(full.map(({ attention, ...s }) => [s.id, segmentAnswer(s, attention)]));
  const prices = await tripPrices(db, request, trips, { origin: q.origin_iata, destination: q.destination_iata, date: q.date, pieces: q.pieces, weight: q.weight, volume: q.volume, product: q.product, shcs });
  return trips.map((t) => Object.assign(t, { answers: t.segments.map((s) => byId.get(s.id as number)!), price: prices.get(t.key) }));
}

type AnsweredTrip = Trip & { answers: Array<ReturnType<typeof segmentAnswer>>; price?: TripPrice };

function tripAnswer(t: AnsweredTrip) {
  return {
    key: t.key,
    available: t.available,
    origin: t.origin,
    destination: t.destination,
    route: t.routeKey,
    carrier: t.carrier,
    segments: t.answers.map((s, i) => ({
      ...s,
      available_weight: t.segments[i]!.availableWeightKg,
      available_volume: t.segments[i]!.availableVolumeM3,
    })),
    locked: t.locked,
    sales_closed: t.salesClosed,
    transit_airports: t.transitAirports,
    trip_time: t.tripTime,
    trip_minutes: t.tripMinutes,
    connections: t.connections.map((c) => ({
      airport: c.airport,
      arriving_segment_id: Number(c.arrivingSegmentId),
      departing_segment_id: Number(c.departingSegmentId),
      through: c.through,
      status: c.status,
      connection_minutes: c.connectionMinutes,
      min_minutes: c.minMinutes,
      max_minutes: c.maxMinutes,
      domestic: c.domestic,
    })),
    forbidden_shc: t.forbiddenShc,
    std: t.std.toISOString(),
    sta: t.sta.toISOString(),
    tariffs: t.price?.lines ?? [],
    cost: t.price?.cost ?? null,
    currency: t.price?.currency ?? null,
    chargeable_weight: t.price?.chargeableWeight ?? null,
    price_refusals: t.price?.refusals ?? [],
  };
}

/**
 * The route search answers are large (a busy O&D: 200 trips, ~500 KB) and built only by tripAnswer, whose
 * types follow TripSchema: validating each answer against the schema again cost more than the search itself
 * (DESIGN §6 budget). The schema still documents the answer, and flights-trips.test.ts checks answers against it.
 */
const plainJson = () => (data: unknown) => JSON.stringify(data);

export const tripRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["route search"];

  app.get(
    "/api/v3/trips",
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: "Direct and connecting itineraries on a date (origin local day), earliest arrival first",
        querystring: TripQuery,
        response: { 200: z.object({ data: z.array(TripSchema) }), 403: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const trips = await search(db, request, scopeCarrier(request.auth, request.query.carrier), request.query, app.deps.now());
      return { data: trips.map(tripAnswer) };
    },
  );

  app.get(
    "/api/v3/flight_routes",
    {
      serializerCompiler: plainJson,
      schema: {
        tags,
        summary: "The trips grouped by route (airports) and carrier(s), with min_sta and count",
        querystring: TripQuery,
        response: { 200: z.object({ data: z.array(GroupSchema) }), 403: ErrorSchema, 422: ErrorSchema },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const trips = await search(db, request, scopeCarrier(request.auth, request.query.carrier), request.query, app.deps.now());
      return {
        data: groupTrips(trips).map((g) => ({
          route: g.routeKey,
          carrier: g.carrier,
          min_sta: g.minSta.toISOString(),
          count: g.count,
          // groupTrips keeps the trips it is given (the answered ones), typed as plain trips.
          routes: (g.trips as AnsweredTrip[]).map(tripAnswer),
        })),
      };
    },
  );
};
