import { and, asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParams, TEXT_MAX } from "../http/input";
import { cargoLimit, segmentCapacity, type SegmentCapacity } from "../../cargo/flights/capacity";
import type { Db } from "../db/open";
import { aircraftCapacities, aircraftTypes, airlines, allotments, LOAD_FACTOR_KINDS, segmentLoadFactors } from "../db/schema";
import { notFound, refuseField } from "../http/errors";
import { IsoDateTime, resourceErrors, StampsShape } from "../http/schemas";
import { ACCESS, allow } from "../settings/access";
import { carrierResource } from "../settings/carrier-resource";
import { addFieldError, codeList, optInt, optNumber, reqText, sortColumns, throwIfErrors, nonNegative, optVolume, optWeight } from "../settings/common";
import { findSegment, FLIGHTS_ACCESS, logChanges, type Segment } from "./common";
import { manifestedBeyondBookings, type ManifestExtra } from "../handling/capacity";

// Aircraft capacities (spec 2 "Aircraft capacity"), segment capacity and load factor sets. The arithmetic is
// cargo/flights/capacity.ts; this file gathers its inputs.

export const AircraftCapacitySchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  aircraft_type: z.string(),
  baggage_compartment_max_volume: z.number().nullable(),
  baggage_compartment_max_weight: z.number().nullable(),
  max_cargo_volume: z.number().describe("m3"),
  max_cargo_weight: z.number().describe("kg"),
  mtow: z.number().nullable(),
  pax: z.number().int().nullable(),
  payload: z.number().nullable(),
  reg_numbers: z.array(z.string()),
  forbidden_shcs: z.array(z.string()),
  max_linear_load: z.number().nullable(),
  ...StampsShape,
});

const codes = () => codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional();

const AircraftCapacityFields = z.object({
  aircraft_type: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), reqText(TEXT_MAX.code)),
  baggage_compartment_max_volume: optVolume(),
  baggage_compartment_max_weight: optWeight(),
  max_cargo_volume: optVolume(),
  max_cargo_weight: optWeight(),
  mtow: optWeight(),
  pax: nonNegative(optInt()),
  payload: optWeight(),
  reg_numbers: codes(),
  forbidden_shcs: codes(),
  max_linear_load: nonNegative(optNumber()),
});

const aircraftCapacityCrud = carrierResource({
  path: "aircraft_capacities",
  record: "aircraft_capacity",
  tag: "aircraft capacities",
  table: aircraftCapacities,
  answer: AircraftCapacitySchema,
  fields: AircraftCapacityFields,
  access: { read: ACCESS.handlers, write: ACCESS.handlers },
  filters: { aircraft_type: z.string().max(TEXT_MAX.code).optional() },
  where: (q) => [q.aircraft_type ? eq(aircraftCapacities.aircraft_type, q.aircraft_type.toUpperCase()) : undefined],
  search: [aircraftCapacities.aircraft_type],
  orderBy: [aircraftCapacities.aircraft_type],
  sortable: sortColumns(aircraftCapacities, ["carrier", "aircraft_type", "max_cargo_weight", "max_cargo_volume", "payload", "mtow", "pax", "created_at", "updated_at"]),
  prepare: async (db, values) => {
    const type = values.aircraft_type as string;
    const [known] = await db.select({ iata: aircraftTypes.iata }).from(aircraftTypes).where(eq(aircraftTypes.iata, type)).limit(1);
    const errors = {};
    if (!known) addFieldError(errors, "aircraft_type", "unknown_aircraft_type", { code: type });
    throwIfErrors(errors);
    return {
      ...values,
      max_cargo_volume: (values.max_cargo_volume as number | null | undefined) ?? 0,
      max_cargo_weight: (values.max_cargo_weight as number | null | undefined) ?? 0,
    };
  },
  duplicate: () => refuseField("aircraft_type", "taken"),
  deletable: false,
  onWrite: logChanges("AircraftCapacity", () => null),
});

/** The aircraft capacity a segment flies with: its airline's row for the aircraft type. */
export async function aircraftCapacityOf(db: Db, s: Segment) {
  if (!s.aircraft_type) return null;
  const [row] = await db
    .select()
    .from(aircraftCapacities)
    .where(and(eq(aircraftCapacities.carrier, s.carrier), eq(aircraftCapacities.aircraft_type, s.aircraft_type)))
    .limit(1);
  return row ?? null;
}

/** Capacity of each segment (one query per table for all of them): what lists and route search need. */
export async function capacitiesOf(db: Db, list: Segment[], now: Date): Promise<Map<number, SegmentCapacity>> {
  const out = new Map<number, SegmentCapacity>();
  if (!list.length) return out;
  const carriers = [...new Set(list.map((s) => s.carrier))];
  const caps = await db.select().from(aircraftCapacities).where(inArray(aircraftCapacities.carrier, carriers));
  const capOf = new Map(caps.map((c) => [`${c.carrier}|${c.aircraft_type}`, c]));
  const airlineRows = await db.select().from(airlines).where(inArray(airlines.carrier, carriers));
  const limits = new Map(airlineRows.map((a) => [a.carrier, a]));
  const ids = list.map((s) => s.id);
  const allots = [];
  for (let i = 0; i < ids.length; i += 1000) {
    allots.push(...(await db.select().from(allotments).where(inArray(allotments.segment_id, ids.slice(i, i + 1000)))));
  }
  const allotsOf = new Map<number, typeof allots>();
  for (const a of allots) (allotsOf.get(a.segment_id) ?? allotsOf.set(a.segment_id, []).get(a.segment_id)!).push(a);
  // manifested cargo takes space too (api/handling/capacity.ts): what its confirmed bookings do not already count
  const manifested = new Map<number, ManifestExtra>();
  for (let i = 0; i < ids.length; i += 1000) {
    for (const [id, extra] of await manifestedBeyondBookings(db, ids.slice(i, i + 1000))) manifested.set(id, extra);
  }
  for (const s of list) {
    const cap = s.aircraft_type ? capOf.get(`${s.carrier}|${s.aircraft_type}`) : undefined;
    const airline = limits.get(s.carrier);
    out.set(
      s.id,
      segmentCapacity({
        maxWeightKg: cap ? cargoLimit(cap.max_cargo_weight, s.payload) : 0,
        maxVolumeM3: cap?.max_cargo_volume ?? 0,
        bookedWeightKg: s.booked_weight + (manifested.get(s.id)?.weight ?? 0),
        bookedVolumeM3: s.booked_volume + (manifested.get(s.id)?.volume ?? 0),
        estimatedWeightKg: s.estimated_weight,
        estimatedVolumeM3: s.estimated_volume,
        allotments: (allotsOf.get(s.id) ?? []).map((a) => ({
          timelimitToStdHours: a.timelimit_to_std,
          weightKg: a.weight,
          volumeM3: a.volume,
          usedWeightKg: a.used_weight,
          usedVolumeM3: a.used_volume,
        })),
        now,
        std: s.std,
        overflow: airline
          ? {
              weightKg: airline.overflow_weight_limit,
              volumeM3: airline.overflow_volume_limit,
              weightPercent: airline.overflow_weight_percent,
              volumePercent: airline.overflow_volume_percent,
            }
          : null,
      }),
    );
  }
  return out;
}

export const CapacitySchema = z.object({
  segment_id: z.number().int(),
  aircraft_capacity_id: z.number().int().nullable(),
  max_weight: z.number(),
  max_volume: z.number(),
  booked_weight: z.number(),
  booked_volume: z.number(),
  estimated_weight: z.number(),
  estimated_volume: z.number(),
  allotment_weight: z.number().describe("held, unused allotment space"),
  allotment_volume: z.number(),
  available_weight: z.number().describe("may be negative (overbooked)"),
  available_volume: z.number(),
  load_factor: z.object({ weight: z.number().nullable(), volume: z.number().nullable(), overall: z.number().nullable() }),
  capacity_available: z.boolean(),
  load_factor_overflow: z.boolean(),
  overflow_allowance_weight: z.number(),
  overflow_allowance_volume: z.number(),
});

export const capacityAnswer = (segmentId: number, capId: number | null, c: SegmentCapacity) => ({
  segment_id: segmentId,
  aircraft_capacity_id: capId,
  max_weight: c.maxWeightKg,
  max_volume: c.maxVolumeM3,
  booked_weight: c.bookedWeightKg,
  booked_volume: c.bookedVolumeM3,
  estimated_weight: c.estimatedWeightKg,
  estimated_volume: c.estimatedVolumeM3,
  allotment_weight: c.allotmentWeightKg,
  allotment_volume: c.allotmentVolumeM3,
  available_weight: c.availableWeightKg,
  available_volume: c.availableVolumeM3,
  load_factor: c.loadFactor,
  capacity_available: c.capacityAvailable,
  load_factor_overflow: c.loadFactorOverflow,
  overflow_allowance_weight: c.overflowAllowanceWeightKg,
  overflow_allowance_volume: c.overflowAllowanceVolumeM3,
});

const LoadFactorSetSchema = z
  .object({
    weight: z.number().nullable(),
    volume: z.number().nullable(),
    pax: z.number().int().nullable(),
    payload: z.number().nullable(),
    data: z.record(z.unknown()),
    updated_at: IsoDateTime,
  })
  .nullable();


const segmentCapacityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["segments"];

  app.get(
    "/api/v3/segments/:id/capacity",
    { schema: { tags, summary: "Booked, estimated, allotment and available weight and volume; load factors; overflow", params: IdParams, response: { 200: CapacitySchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const s = await findSegment(db, request, request.params.id);
      const cap = await aircraftCapacityOf(db, s);
      const c = (await capacitiesOf(db, [s], app.deps.now())).get(s.id)!;
      return capacityAnswer(s.id, cap?.id ?? null, c);
    },
  );

  app.get(
    "/api/v3/segments/:id/aircraft_capacity",
    { schema: { tags, summary: "The aircraft capacity the segment flies with", params: IdParams, response: { 200: AircraftCapacitySchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const cap = await aircraftCapacityOf(db, await findSegment(db, request, request.params.id));
      if (!cap) throw notFound();
      return cap;
    },
  );

  const LoadFactorAnswer = z.object({
    segment_id: z.number().int(),
    load_factor: CapacitySchema.shape.load_factor,
    planned: LoadFactorSetSchema,
    load_sheet: LoadFactorSetSchema,
    ldm: LoadFactorSetSchema,
    raw_data: LoadFactorSetSchema,
  });

  async function loadFactorAnswer(s: Segment) {
    const sets = await db.select().from(segmentLoadFactors).where(eq(segmentLoadFactors.segment_id, s.id)).orderBy(asc(segmentLoadFactors.kind));
    const c = (await capacitiesOf(db, [s], app.deps.now())).get(s.id)!;
    const byKind = Object.fromEntries(
      LOAD_FACTOR_KINDS.map((k) => {
        const r = sets.find((x) => x.kind === k);
        return [k, r ? { weight: r.weight, volume: r.volume, pax: r.pax, payload: r.payload, data: r.data, updated_at: r.updated_at } : null];
      }),
    );
    return { segment_id: s.id, load_factor: c.loadFactor, ...byKind } as z.infer<typeof LoadFactorAnswer>;
  }

  app.get(
    "/api/v3/segments/:id/loadfactor",
    { schema: { tags, summary: "Load factor now and the sets planned, load_sheet, ldm, raw_data", params: IdParams, response: { 200: LoadFactorAnswer, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      return loadFactorAnswer(await findSegment(db, request, request.params.id));
    },
  );

  app.patch(
    "/api/v3/segments/:id/loadfactor",
    {
      schema: {
        tags,
        summary: "Set one load factor set (kind planned, load_sheet, ldm or raw_data)",
        params: IdParams,
        body: z.object({
          kind: z.enum(LOAD_FACTOR_KINDS),
          weight: optWeight(),
          volume: optVolume(),
          pax: nonNegative(optInt()),
          payload: optWeight(),
          data: z
            .record(z.unknown())
            .refine((d) => JSON.stringify(d).length <= TEXT_MAX.text * 5, `is too large (at most ${TEXT_MAX.text * 5} characters of JSON)`)
            .optional()
            .describe("the source document's figures, as sent"),
        }),
        response: { 200: LoadFactorAnswer, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.write);
      const s = await findSegment(db, request, request.params.id);
      const { kind, ...v } = request.body;
      const values = { weight: v.weight ?? null, volume: v.volume ?? null, pax: v.pax ?? null, payload: v.payload ?? null, data: v.data ?? {} };
      await db
        .insert(segmentLoadFactors)
        .values({ segment_id: s.id, kind, ...values })
        .onConflictDoUpdate({ target: [segmentLoadFactors.segment_id, segmentLoadFactors.kind], set: { ...values, updated_at: new Date() } });
      return loadFactorAnswer(s);
    },
  );
};

export const capacityRoutes: FastifyPluginAsync = async (app) => {
  await app.register(aircraftCapacityCrud);
  await app.register(segmentCapacityRoutes);
};
