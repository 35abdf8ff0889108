import { eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { z } from "zod";
import type { Db } from "../db/open";
import { aircraftTypes, airports, baggageStats, paxOdAverages, segmentPayloads } from "../db/schema";
import { refusal, refuse } from "../http/errors";
import { TEXT_MAX } from "../http/input";
import { StampsShape } from "../http/schemas";
import { ACCESS } from "./access";
import { carrierResource } from "./carrier-resource";
import {
  addFieldError,
  BLANK,
  checkAirports,
  codeList,
  iataCode,
  optBool,
  optInt,
  optNumber,
  reqDate,
  reqIata,
  reqNumber,
  reqText,
  sortColumns,
  nonNegative,
  throwIfErrors,
  type FieldErrors,
} from "./common";
import { acceptUploadBodies, registerUpload, rowError, type RowError } from "./uploads";

// Statistics (spec 2 "Statistics"): baggage stats, pax O&D averages and segment payloads, each with CRUD,
// an all-or-nothing upload and templates. Managed by platform and airline managers ("Settings: most pages").

const round2 = (n: number) => Math.round(n * 100) / 100;

// ---- Baggage stats ---------------------------------------------------------------------------------------

export const BaggageStatSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  period_start: z.string().describe("YYYY-MM-DD"),
  period_end: z.string().describe("YYYY-MM-DD"),
  total_baggage_weight: z.number().describe("kg"),
  total_baggage_pcs: z.number().int(),
  total_pax: z.number().int(),
  average_baggage_weight: z.number().nullable().describe("kg per passenger, total_baggage_weight / total_pax"),
  manual_average_baggage_weight: z.number().nullable().describe("kg per passenger, overrides the average"),
  segments_count: z.number().int(),
  applicable_stat_weight: z.number().nullable().describe("manual average if set, else the average"),
  external_source: z.boolean(),
  ...StampsShape,
});

const BaggageFields = z.object({
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  period_start: reqDate(),
  period_end: reqDate(),
  total_baggage_weight: nonNegative(optNumber()),
  total_baggage_pcs: nonNegative(optInt()),
  total_pax: nonNegative(optInt()),
  manual_average_baggage_weight: nonNegative(optNumber()),
  segments_count: nonNegative(optInt()),
  external_source: optBool(),
});

/** Defaults and derived averages of a baggage stat; field errors for rules across fields. */
function baggageValues(v: Record<string, unknown>, errors: FieldErrors) {
  if (typeof v.period_start === "string" && typeof v.period_end === "string" && v.period_end < v.period_start) {
    addFieldError(errors, "period_end", "not_before", { field: "period_start" });
  }
  const weight = (v.total_baggage_weight as number | null | undefined) ?? 0;
  const pax = (v.total_pax as number | null | undefined) ?? 0;
  const average = pax > 0 ? round2(weight / pax) : null;
  const manual = (v.manual_average_baggage_weight as number | null | undefined) ?? null;
  return {
    ...v,
    total_baggage_weight: weight,
    total_baggage_pcs: (v.total_baggage_pcs as number | null | undefined) ?? 0,
    total_pax: pax,
    segments_count: (v.segments_count as number | null | undefined) ?? 0,
    manual_average_baggage_weight: manual,
    average_baggage_weight: average,
    applicable_stat_weight: manual ?? average,
  };
}

const baggageCrud = carrierResource({
  path: "baggage_stats",
  record: "baggage_stat",
  tag: "statistics",
  table: baggageStats,
  answer: BaggageStatSchema,
  fields: BaggageFields,
  access: { read: ACCESS.settings, write: ACCESS.settings },
  filters: { origin_iata: iataCode().optional(), destination_iata: iataCode().optional() },
  where: (q) => [
    q.origin_iata ? eq(baggageStats.origin_iata, q.origin_iata) : undefined,
    q.destination_iata ? eq(baggageStats.destination_iata, q.destination_iata) : undefined,
  ],
  search: [baggageStats.origin_iata, baggageStats.destination_iata],
  orderBy: [baggageStats.origin_iata, baggageStats.destination_iata, baggageStats.period_start],
  sortable: sortColumns(baggageStats, ["carrier", "origin_iata", "destination_iata", "period_start", "period_end", "total_baggage_weight", "total_baggage_pcs", "total_pax", "average_baggage_weight", "manual_average_baggage_weight", "segments_count", "external_source", "created_at", "updated_at"]),
  prepare: async (db, values) => {
    const errors = await checkAirports(db, { origin_iata: values.origin_iata as string, destination_iata: values.destination_iata as string });
    const out = baggageValues(values, errors);
    throwIfErrors(errors);
    return out;
  },
  duplicate: () => refuse(422, "baggage_stat_exists", {}, { as: "errors" }),
});

// ---- Pax O&D averages --------------------------------------------------------------------------------------

export const PaxOdAverageSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  aircraft_type: z.string().describe("IATA aircraft type"),
  origin: z.string(),
  destination: z.string(),
  quantity: z.number().describe("average passengers"),
  ...StampsShape,
});

const aircraftTypeCode = () => z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), reqText(TEXT_MAX.code));

const PaxOdFields = z.object({
  aircraft_type: aircraftTypeCode(),
  origin: reqIata(),
  destination: reqIata(),
  quantity: nonNegative(reqNumber()),
});

async function checkAircraftTypes(db: Db, codes: string[]) {
  if (!codes.length) return new Set<string>();
  return new Set((await db.select({ iata: aircraftTypes.iata }).from(aircraftTypes).where(inArray(aircraftTypes.iata, codes))).map((r) => r.iata));
}

async function checkTypeAndAirports(db: Db, values: Record<string, unknown>) {
  const errors = await checkAirports(db, { origin: values.origin as string, destination: values.destination as string });
  const type = values.aircraft_type as string;
  if (!(await checkAircraftTypes(db, [type])).has(type)) addFieldError(errors, "aircraft_type", "unknown_aircraft_type", { code: type });
  throwIfErrors(errors);
  return values;
}

const paxOdCrud = carrierResource({
  path: "pax_od_averages",
  record: "pax_od_average",
  tag: "statistics",
  table: paxOdAverages,
  answer: PaxOdAverageSchema,
  fields: PaxOdFields,
  access: { read: ACCESS.settings, write: ACCESS.settings },
  filters: { origin: iataCode().optional(), destination: iataCode().optional(), aircraft_type: z.string().max(TEXT_MAX.search).optional() },
  where: (q) => [
    q.origin ? eq(paxOdAverages.origin, q.origin) : undefined,
    q.destination ? eq(paxOdAverages.destination, q.destination) : undefined,
    q.aircraft_type ? eq(paxOdAverages.aircraft_type, q.aircraft_type.toUpperCase()) : undefined,
  ],
  search: [paxOdAverages.origin, paxOdAverages.destination, paxOdAverages.aircraft_type],
  orderBy: [paxOdAverages.origin, paxOdAverages.destination, paxOdAverages.aircraft_type],
  sortable: sortColumns(paxOdAverages, ["carrier", "aircraft_type", "origin", "destination", "quantity", "created_at", "updated_at"]),
  prepare: checkTypeAndAirports,
  duplicate: () => refuse(422, "pax_od_average_exists", {}, { as: "errors" }),
});

// ---- Segment payloads --------------------------------------------------------------------------------------

export const SEASONS = ["summer", "winter"] as const;

export const SegmentPayloadSchema = z.object({
  id: z.number().int(),
  carrier: z.string(),
  aircraft_type: z.string(),
  origin: z.string(),
  destination: z.string(),
  reg_numbers: z.array(z.string()).describe("aircraft registrations"),
  payload: z.number().describe("kg"),
  season: z.enum(SEASONS),
  ...StampsShape,
});

const SegmentPayloadFields = z.object({
  aircraft_type: aircraftTypeCode(),
  origin: reqIata(),
  destination: reqIata(),
  reg_numbers: codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional(),
  payload: nonNegative(reqNumber()),
  season: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toLowerCase() || undefined : v ?? undefined),
    z.enum(SEASONS, { required_error: BLANK, invalid_type_error: "must be summer or winter", message: "must be summer or winter" }),
  ),
});

const segmentPayloadCrud = carrierResource({
  path: "segment_payloads",
  record: "segment_payload",
  tag: "statistics",
  table: segmentPayloads,
  answer: SegmentPayloadSchema,
  fields: SegmentPayloadFields,
  access: { read: ACCESS.settings, write: ACCESS.settings },
  filters: {
    origin: iataCode().optional(),
    destination: iataCode().optional(),
    aircraft_type: z.string().max(TEXT_MAX.search).optional(),
    season: z.enum(SEASONS).optional(),
  },
  where: (q) => [
    q.origin ? eq(segmentPayloads.origin, q.origin) : undefined,
    q.destination ? eq(segmentPayloads.destination, q.destination) : undefined,
    q.aircraft_type ? eq(segmentPayloads.aircraft_type, q.aircraft_type.toUpperCase()) : undefined,
    q.season ? eq(segmentPayloads.season, q.season) : undefined,
  ],
  search: [segmentPayloads.origin, segmentPayloads.destination, segmentPayloads.aircraft_type],
  orderBy: [segmentPayloads.origin, segmentPayloads.destination, segmentPayloads.aircraft_type, segmentPayloads.season],
  sortable: sortColumns(segmentPayloads, ["carrier", "aircraft_type", "origin", "destination", "payload", "season", "created_at", "updated_at"]),
  prepare: checkTypeAndAirports,
  duplicate: () => refuse(422, "segment_payload_exists", {}, { as: "errors" }),
  toAnswer: (r) => ({ ...r, season: r.season as (typeof SEASONS)[number] }),
});

// ---- Upload checks ----------------------------------------------------------------------------------------

/** Row errors for airport fields and aircraft types that the reference tables do not know (one query each). */
async function referenceRowErrors(
  db: Db,
  rows: Array<{ row: number; value: Record<string, unknown> }>,
  airportFields: string[],
  typeField?: string,
): Promise<RowError[]> {
  const codes = new Set<string>();
  const types = new Set<string>();
  for (const { value } of rows) {
    for (const f of airportFields) codes.add(value[f] as string);
    if (typeField) types.add(value[typeField] as string);
  }
  const knownAirports = codes.size
    ? new Set((await db.select({ iata: airports.iata }).from(airports).where(inArray(airports.iata, [...codes]))).map((r) => r.iata))
    : new Set<string>();
  const knownTypes = await checkAircraftTypes(db, [...types]);
  const errors: RowError[] = [];
  for (const { row, value } of rows) {
    for (const f of airportFields) {
      if (!knownAirports.has(value[f] as string)) errors.push(rowError(row, f, refusal("unknown_airport", { code: String(value[f]) })));
    }
    if (typeField && !knownTypes.has(value[typeField] as string)) {
      errors.push(rowError(row, typeField, refusal("unknown_aircraft_type", { code: String(value[typeField]) })));
    }
  }
  return errors;
}

const BATCH = 1000;
async function insertAll(tx: Db, table: typeof baggageStats | typeof paxOdAverages | typeof segmentPayloads, rows: Array<Record<string, unknown>>) {
  for (let i = 0; i < rows.length; i += BATCH) await tx.insert(table).values(rows.slice(i, i + BATCH) as never);
}

export const statisticsRoutes: FastifyPluginAsync = async (app) => {
  acceptUploadBodies(app);
  await app.register(baggageCrud);
  await app.register(paxOdCrud);
  await app.register(segmentPayloadCrud);

  registerUpload(app, {
    path: "baggage_stats",
    tag: "statistics",
    access: ACCESS.settings,
    row: BaggageFields,
    columns: [
      { key: "origin_iata", example: "OVB" },
      { key: "destination_iata", example: "DME" },
      { key: "period_start", example: "2025-01-01" },
      { key: "period_end", example: "2025-01-31" },
      { key: "total_baggage_weight", example: 61250 },
      { key: "total_baggage_pcs", example: 4410 },
      { key: "total_pax", example: 4900 },
      { key: "manual_average_baggage_weight", example: "" },
      { key: "segments_count", example: 31 },
    ],
    check: async (db, rows) => {
      const errors = await referenceRowErrors(db, rows, ["origin_iata", "destination_iata"]);
      for (const { row, value } of rows) {
        const fieldErrors: FieldErrors = {};
        baggageValues(value, fieldErrors);
        for (const [field, refusals] of Object.entries(fieldErrors)) for (const r of refusals) errors.push(rowError(row, field, r));
      }
      return errors;
    },
    insert: (tx, carrier, values) => insertAll(tx, baggageStats, values.map((v) => ({ ...baggageValues(v, {}), carrier }))),
  });

  registerUpload(app, {
    path: "pax_od_averages",
    tag: "statistics",
    access: ACCESS.settings,
    row: PaxOdFields,
    columns: [
      { key: "aircraft_type", example: "320" },
      { key: "origin", example: "OVB" },
      { key: "destination", example: "DME" },
      { key: "quantity", example: 152 },
    ],
    check: (db, rows) => referenceRowErrors(db, rows, ["origin", "destination"], "aircraft_type"),
    insert: (tx, carrier, values) => insertAll(tx, paxOdAverages, values.map((v) => ({ ...v, carrier }))),
  });

  registerUpload(app, {
    path: "segment_payloads",
    tag: "statistics",
    access: ACCESS.settings,
    row: SegmentPayloadFields,
    columns: [
      { key: "aircraft_type", example: "320" },
      { key: "origin", example: "OVB" },
      { key: "destination", example: "DME" },
      { key: "reg_numbers", example: "VP-BOA VP-BOB" },
      { key: "payload", example: 2500 },
      { key: "season", example: "summer" },
    ],
    check: (db, rows) => referenceRowErrors(db, rows, ["origin", "destination"], "aircraft_type"),
    insert: (tx, carrier, values) => insertAll(tx, segmentPayloads, values.map((v) => ({ ...v, carrier }))),
  });
};
