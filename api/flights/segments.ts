import { randomUUID } from "node:crypto";
import ExcelJS from "exceljs";
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, sum, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DATE_RANGE_MESSAGE, Id, IdParams, isYearInRange, SearchTerm, TEXT_MAX } from "../http/input";
import { MAX_FLIGHT_HOURS } from "../../cargo/limits";
import { checkShcs } from "../settings/product-codes";
import { formatFlightNumber, numberWithDate, parseFlightNumber, type FlightNumber } from "../../cargo/flights/flight-number";
import { isFlightType } from "../../cargo/flights/flight-types";
import { formatDaysOfWeek } from "../../cargo/flights/days-of-week";
import { expandSchedule } from "../../cargo/flights/schedule";
import { utcToLocal } from "../../cargo/time/zoned-time";
import { addDays, daysBetween } from "../../cargo/time/local-date";
import { XLSX_TYPE } from "../settings/uploads";
import type { Db } from "../db/open";
import { aircraftCapacities, changeLogs, segments } from "../db/schema";
import { HttpError, isUniqueViolation } from "../http/errors";
import { pageMeta, pageOffset, PageMetaSchema, pageOf, PageQuerySchema } from "../http/pagination";
import { ErrorSchema, IsoDateTime } from "../http/schemas";
import { allow, carrierForWrite, scopeCarrier } from "../settings/access";
import {
  addFieldError,
  BLANK,
  checkAircraftType,
  codeList,
  defined,
  iataCode,
  optBool,
  optDate,
  optInt,
  optText,
  optVolume,
  optWeight,
  reqDate,
  reqIata,
  reqText,
  throwIfErrors,
  type FieldErrors,
} from "../settings/common";
import {
  airportInfo,
  diff,
  findSegment,
  FLIGHTS_ACCESS,
  isDepartureTime,
  ResponseStatus,
  segmentAnswer,
  segmentAnswers,
  SegmentSchema,
  segmentScope,
  TIME_FIELDS,
  toUtc,
  writeChangeLog,
  type Segment,
} from "./common";
import { attentionSql } from "./attention";

// Segments (spec 3 §7 "Segments"), schedules, change logs. A segment is a dated leg; the flight is the set of
// segments sharing (carrier, number_with_date). Every write is recorded in change_logs.

const errors = { 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };
const TimeMode = z.enum(["utc", "local"]);

export const flightTaken = (nwd?: string) =>
  new HttpError(422, { errors: { number: ["has already been taken"] }, message: `Flight already exists${nwd ? `: ${nwd}` : ""}` });

const SegmentFields = z.object({
  number: reqText(TEXT_MAX.code).describe('flight number "S71234" (or "1234": the airline\'s own)'),
  flight_date: optDate().describe("local departure date at the origin; default: from STD"),
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  // Read in the airport's zone or as UTC by segmentValues, which also keeps them in MIN_YEAR..MAX_YEAR.
  std: reqText(TEXT_MAX.search),
  sta: reqText(TEXT_MAX.search),
  etd: optText(TEXT_MAX.search),
  eta: optText(TEXT_MAX.search),
  atot: optText(TEXT_MAX.search),
  atl: optText(TEXT_MAX.search),
  segment_number: optInt(),
  flight_type: optText(TEXT_MAX.code).describe("IATA service type letter A..X; default J"),
  segment_type: optText(TEXT_MAX.code),
  code_shared: codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional(),
  aircraft_type: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), optText(TEXT_MAX.code)).describe("IATA aircraft type (reference list)"),
  aircraft_reg: optText(TEXT_MAX.code),
  available: optBool(),
  locked: optBool(),
  sales_closed: optBool(),
  canceled: optBool(),
  charter: optBool(),
  aci_required: optBool(),
  notation: optText(),
  region: optText(),
  response_status: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), optText(TEXT_MAX.code).pipe(ResponseStatus.nullish())),
  forbidden_shc: codeList(z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1)).optional(),
  estimated_weight: optWeight(),
  estimated_volume: optVolume(),
  payload: optWeight(),
  days_of_week: optText(TEXT_MAX.code),
  notes: optText(TEXT_MAX.text),
  time_mode: TimeMode.optional().describe("how the times are written: utc (default) or local airport time"),
});
type SegmentInput = Partial<z.infer<typeof SegmentFields>>;

/** `{ segment: {...}, time_mode }` (spec 3) or a flat body. */
const segmentBody = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => {
    if (v && typeof v === "object" && !Array.isArray(v) && "segment" in v) {
      const o = v as Record<string, unknown>;
      const inner = (o.segment ?? {}) as Record<string, unknown>;
      return { ...inner, ...(o.time_mode !== undefined ? { time_mode: o.time_mode } : {}) };
    }
    return v;
  }, schema);

/** The written flight number; a bare number is the airline's own. */
function flightNumberOf(text: string, carrier: string, errs: FieldErrors): FlightNumber | null {
  const t = text.trim().toUpperCase();
  const parsed = parseFlightNumber(/^\d{1,4}[A-Z]?$/.test(t) ? `${carrier}${t}` : t);
  if (!parsed.ok) {
    addFieldError(errs, "number", "is not a flight number");
    return null;
  }
  if (parsed.value.carrier !== carrier) {
    addFieldError(errs, "number", `must be a flight of ${carrier}`);
    return null;
  }
  return parsed.value;
}

/** Segment columns that are NOT NULL, with the value a null in a create or change stands for. */
const NOT_NULL_DEFAULTS: Record<string, unknown> = {
  segment_number: 1,
  flight_type: "J",
  available: true,
  locked: false,
  sales_closed: false,
  canceled: false,
  charter: false,
  aci_required: false,
  estimated_weight: 0,
  estimated_volume: 0,
  code_shared: [],
  forbidden_shc: [],
};

/**
 * The columns of a segment after a create or a change: `input` holds only what the caller sent; `existing` the
 * row before (null on create). Times are converted in the caller's time_mode with each airport's zone.
 */
async function segmentValues(db: Db, carrier: string, input: SegmentInput, existing: Segment | null) {
  const errs: FieldErrors = {};
  const mode = input.time_mode ?? "utc";
  const origin = input.origin_iata ?? existing!.origin_iata;
  const destination = input.destination_iata ?? existing!.destination_iata;
  const info = await airportInfo(db, [origin, destination]);
  const o = info.get(origin);
  const d = info.get(destination);
  if (!o) addFieldError(errs, "origin_iata", `unknown airport ${origin}`);
  if (!d) addFieldError(errs, "destination_iata", `unknown airport ${destination}`);
  if (origin === destination) addFieldError(errs, "destination_iata", "must differ from origin_iata");
  const flight = flightNumberOf(input.number ?? existing!.number, carrier, errs);
  if (input.flight_type && !isFlightType(input.flight_type.toUpperCase())) addFieldError(errs, "flight_type", "is not an IATA service type (A..X)");
  throwIfErrors(errs);

  const { time_mode: _m, ...rest } = input;
  const values: Record<string, unknown> = { ...defined(rest) };
  // A field sent as null on a column that always has a value means "back to its default", not a 500.
  for (const [field, fallback] of Object.entries(NOT_NULL_DEFAULTS)) if (values[field] === null) values[field] = fallback;
  for (const f of TIME_FIELDS) {
    const raw = input[f];
    if (raw === undefined) continue;
    if (raw === null) {
      if (f === "std" || f === "sta") addFieldError(errs, f, BLANK);
      values[f] = null;
      continue;
    }
    const zone = isDepartureTime(f) ? o!.timezone : d!.timezone;
    const at = toUtc(raw, mode, zone);
    if (!at) addFieldError(errs, f, mode === "local" ? "must be a local time YYYY-MM-DDTHH:mm" : "must be an ISO date-time");
    // Years like 0001 or +010000 parse, but no flight is there and PostgreSQL cannot hold some of them.
    else if (!isYearInRange(at.toISOString())) addFieldError(errs, f, DATE_RANGE_MESSAGE);
    values[f] = at;
  }
  throwIfErrors(errs);
  const std = (values.std as Date | undefined) ?? existing!.std;
  const sta = (values.sta as Date | undefined) ?? existing!.sta;
  if (+sta <= +std) addFieldError(errs, "sta", "must be after std");
  else if (+sta - +std > MAX_FLIGHT_HOURS * 3_600_000) addFieldError(errs, "sta", `must be at most ${MAX_FLIGHT_HOURS} hours after std`);
  await checkAircraftType(db, "aircraft_type", input.aircraft_type, errs);
  await checkShcs(db, "forbidden_shc", input.forbidden_shc, errs);
  if (input.days_of_week) {
    try {
      const days = [...input.days_of_week].filter((c) => /[1-7]/.test(c)).map(Number);
      values.days_of_week = formatDaysOfWeek(days, "compact");
    } catch {
      addFieldError(errs, "days_of_week", "is not a set of weekdays 1..7");
    }
  }
  throwIfErrors(errs);
  const flightDate = input.flight_date ?? (input.std !== undefined || !existing ? utcToLocal(std, o!.timezone).date : existing.flight_date);
  if (input.flight_type) values.flight_type = input.flight_type.toUpperCase();
  if (input.time_mode || !existing) values.time_mode = mode;
  return {
    ...values,
    number: formatFlightNumber(flight!),
    flight_date: flightDate,
    number_with_date: numberWithDate(flight!, flightDate),
    origin_iata: origin,
    destination_iata: destination,
    origin_country_code: o!.country_code,
    destination_country_code: d!.country_code,
    origin_time_zone: o!.timezone,
    destination_time_zone: d!.timezone,
  };
}

const SummarySchema = z.object({
  segments_count: z.number().int(),
  total_weight: z.number().describe("booked kg"),
  total_volume: z.number().describe("booked m3"),
  loadfactor: z.number().nullable().describe("booked weight over the aircraft capacities' max cargo weight, percent"),
});

const STATES = ["current", "action_required", "with_shipments", "aci", "all"] as const;

const ListQuery = PageQuerySchema.extend({
  q: SearchTerm(),
  carrier: z.string().max(TEXT_MAX.search).optional().describe("platform only"),
  date_from: optDate().describe("flight date from (YYYY-MM-DD)"),
  date_to: optDate(),
  origin: iataCode().optional(),
  destination: iataCode().optional(),
  number: z.string().max(TEXT_MAX.search).optional().describe("flight number or its beginning"),
  state: z.enum(STATES).default("all").describe("tab: current, action_required, with_shipments, aci, all"),
});

/** The capacity a segment's load is compared with: the aircraft's max cargo, lowered to the flight's payload. */
const capacityJoin = and(eq(aircraftCapacities.carrier, segments.carrier), eq(aircraftCapacities.aircraft_type, segments.aircraft_type));
const maxWeightSql = sql`least(${aircraftCapacities.max_cargo_weight}, coalesce(${segments.payload}, ${aircraftCapacities.max_cargo_weight}))`;

function stateFilter(state: (typeof STATES)[number], now: Date): SQL | undefined {
  switch (state) {
    case "current":
      return and(eq(segments.canceled, false), gte(segments.sta, now));
    case "with_shipments":
      return or(sql`${segments.booked_weight} > 0`, sql`${segments.booked_volume} > 0`);
    case "aci":
      return eq(segments.aci_required, true);
    case "action_required":
      // Over capacity, FFM missing after departure, cancelled with bookings (flights/attention.ts).
      return attentionSql(now).filter;
    default:
      return undefined;
  }
}

type ListQueryValues = z.infer<typeof ListQuery>;

/** The filters of the segment list and report (tenancy included). */
function listWhere(request: Parameters<typeof segmentScope>[0], q: Omit<ListQueryValues, "page" | "per_page">, now: Date) {
  const numberTerm = q.number?.trim().toUpperCase().replace(/\s+/g, "");
  return and(
    segmentScope(request, q.carrier),
    q.date_from ? gte(segments.flight_date, q.date_from) : undefined,
    q.date_to ? lte(segments.flight_date, q.date_to) : undefined,
    q.origin ? eq(segments.origin_iata, q.origin) : undefined,
    q.destination ? eq(segments.destination_iata, q.destination) : undefined,
    numberTerm ? or(ilike(segments.number, `${numberTerm}%`), ilike(segments.number_with_date, `${numberTerm}%`)) : undefined,
    q.q?.trim() ? or(ilike(segments.number_with_date, `%${q.q.trim()}%`), ilike(segments.aircraft_reg, `%${q.q.trim()}%`)) : undefined,
    stateFilter(q.state, now),
  );
}

/** Spec 2 §9: an XLSX report covers at most 31 days. */
const REPORT_MAX_DAYS = 31;
const REPORT_COLUMNS: Array<[string, (s: ReturnType<typeof segmentAnswer>) => unknown]> = [
  ["Flight", (s) => s.number_with_date],
  ["Date", (s) => s.flight_date],
  ["Origin", (s) => s.origin_iata],
  ["Destination", (s) => s.destination_iata],
  ["STD (local)", (s) => s.std_local],
  ["STA (local)", (s) => s.sta_local],
  ["STD (UTC)", (s) => new Date(s.std).toISOString()],
  ["STA (UTC)", (s) => new Date(s.sta).toISOString()],
  ["Type", (s) => s.flight_type],
  ["Aircraft", (s) => s.aircraft_type],
  ["Registration", (s) => s.aircraft_reg],
  ["Booked kg", (s) => s.booked_weight],
  ["Booked m3", (s) => s.booked_volume],
  ["Estimated kg", (s) => s.estimated_weight],
  ["Estimated m3", (s) => s.estimated_volume],
  ["Locked", (s) => (s.locked ? "yes" : "no")],
  ["Sales closed", (s) => (s.sales_closed ? "yes" : "no")],
  ["Canceled", (s) => (s.canceled ? "yes" : "no")],
  ["Charter", (s) => (s.charter ? "yes" : "no")],
  ["ACI", (s) => (s.aci_required ? "yes" : "no")],
  ["Attention", (s) => s.attention.join(", ")],
];

async function insertSegments(tx: Db, auth: Parameters<typeof writeChangeLog>[1], rows: Array<Record<string, unknown>>) {
  const created: Segment[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    created.push(...(await tx.insert(segments).values(rows.slice(i, i + 500) as never).returning()));
  }
  for (let i = 0; i < created.length; i += 500) {
    await tx.insert(changeLogs).values(
      created.slice(i, i + 500).map((s) => ({
        carrier: s.carrier,
        record_type: "Segment",
        record_id: s.id,
        segment_id: s.id,
        action: "create",
        channel_source: "api",
        channel_type: "user",
        channel_id: auth.user.email,
        change_set: diff(null, s as unknown as Record<string, unknown>),
      })),
    );
  }
  return created;
}

/** What the flight page's change log shows besides the segment (change_logs include_related). */
const RELATED_TYPES = ["Allotment", "BookingRule"];
const legSegments = alias(segments, "legs");

/** Flag changes with their own paths (a body-less POST each), all recorded in the change log. */
const FLAG_ACTIONS: Record<string, Partial<Record<"locked" | "sales_closed" | "charter" | "canceled", boolean>>> = {
  lock: { locked: true },
  unlock: { locked: false },
  close_sales: { sales_closed: true },
  open_sales: { sales_closed: false },
  set_charter: { charter: true },
  remove_charter: { charter: false },
};

const ScheduleFields = z.object({
  number: reqText(),
  origin_iata: reqIata(),
  destination_iata: reqIata(),
  period_from: reqDate(),
  period_to: reqDate(),
  days_of_week: z.union([z.string().max(TEXT_MAX.search), z.array(z.coerce.number().int()).max(7)], { required_error: BLANK }),
  departure_time: reqText().describe("HH:mm"),
  arrival_time: optText().describe("HH:mm (or block_minutes)"),
  block_minutes: optInt(),
  arrival_date_variation: optInt(),
  time_mode: TimeMode.default("local"),
  segment_number: optInt(),
  flight_type: optText(),
  aircraft_type: optText(),
  aircraft_reg: optText(),
  aci_required: optBool(),
  carrier: z.string().max(TEXT_MAX.search).optional().describe("platform only"),
});

const SCHEDULE_FIELD: Record<string, string> = {
  periodFrom: "period_from",
  periodTo: "period_to",
  daysOfWeek: "days_of_week",
  timeMode: "time_mode",
  originTimeZone: "origin_iata",
  destinationTimeZone: "destination_iata",
  departureTime: "departure_time",
  blockMinutes: "block_minutes",
  arrivalTime: "arrival_time",
  arrivalDateVariation: "arrival_date_variation",
};

export const segmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;
  const tags = ["segments"];
  const one = async (s: Segment) => (await segmentAnswers(db, [s], app.deps.now()))[0]!;
  /** Segment rows with their attention reasons, computed in the same query. */
  const selectWithAttention = (where: SQL | undefined, now: Date) =>
    db
      .select({ ...getTableColumns(segments), attention: attentionSql(now).codes })
      .from(segments)
      .where(where)
      .$dynamic();

  app.get(
    "/api/v3/segments",
    {
      schema: {
        tags,
        summary: "Segments by flight date, origin, destination, number and tab (state)",
        querystring: ListQuery,
        response: {
          200: z.object({
            data: z.array(SegmentSchema),
            meta: PageMetaSchema.extend({ summary: SummarySchema, date_from: z.string().nullable(), date_to: z.string().nullable() }),
          }),
          ...errors,
        },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const q = request.query;
      const where = listWhere(request, q, app.deps.now());
      const [summary] = await db
        .select({
          n: count(),
          weight: sum(segments.booked_weight),
          volume: sum(segments.booked_volume),
          capacity: sql<string | null>`sum(${maxWeightSql})`,
        })
        .from(segments)
        .leftJoin(aircraftCapacities, capacityJoin)
        .where(where);
      const rows = await selectWithAttention(where, app.deps.now())
        .orderBy(asc(segments.std), asc(segments.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      const total = summary?.n ?? 0;
      const weight = Number(summary?.weight ?? 0);
      const capacity = Number(summary?.capacity ?? 0);
      return {
        data: rows.map(({ attention, ...s }) => segmentAnswer(s, attention)),
        meta: {
          ...pageMeta(total, q.page, q.per_page),
          summary: {
            segments_count: total,
            total_weight: Math.round(weight * 100) / 100,
            total_volume: Math.round(Number(summary?.volume ?? 0) * 1000) / 1000,
            loadfactor: capacity > 0 ? Math.round((weight / capacity) * 10000) / 100 : null,
          },
          date_from: q.date_from ?? null,
          date_to: q.date_to ?? null,
        },
      };
    },
  );

  app.get(
    "/api/v3/segments.xlsx",
    {
      schema: {
        tags,
        summary: `The segment list as XLSX (segments_report.xlsx); the list's filters, at most ${REPORT_MAX_DAYS} days (default: from today)`,
        querystring: ListQuery.omit({ page: true, per_page: true }),
        produces: [XLSX_TYPE],
      },
    },
    async (request, reply) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      const now = app.deps.now();
      const q = { ...request.query };
      q.date_from ??= q.date_to ? addDays(q.date_to, -(REPORT_MAX_DAYS - 1)) : now.toISOString().slice(0, 10);
      q.date_to ??= addDays(q.date_from, REPORT_MAX_DAYS - 1);
      if (daysBetween(q.date_from, q.date_to) < 0) throw new HttpError(422, { errors: { date_to: ["must not be before date_from"] } });
      if (daysBetween(q.date_from, q.date_to) >= REPORT_MAX_DAYS) {
        throw new HttpError(422, { errors: { date_to: [`the report covers at most ${REPORT_MAX_DAYS} days`] } });
      }
      const rows = await selectWithAttention(listWhere(request, q, now), now).orderBy(asc(segments.std), asc(segments.id)).limit(20_000);
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet("Segments");
      sheet.addRow(REPORT_COLUMNS.map(([h]) => h));
      for (const { attention, ...r } of rows) {
        const a = segmentAnswer(r, attention);
        sheet.addRow(REPORT_COLUMNS.map(([, f]) => f(a) ?? ""));
      }
      sheet.getRow(1).font = { bold: true };
      sheet.columns.forEach((c) => (c.width = 16));
      reply.header("content-disposition", 'attachment; filename="segments_report.xlsx"');
      return reply.type(XLSX_TYPE).send(Buffer.from(await workbook.xlsx.writeBuffer()));
    },
  );

  app.get(
    "/api/v3/segments/:id",
    { schema: { tags, summary: "One segment", params: IdParams, response: { 200: SegmentSchema, ...errors } } },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.read);
      return (await segmentAnswers(db, [await findSegment(db, request, request.params.id)], app.deps.now()))[0]!;
    },
  );

  app.post(
    "/api/v3/segments",
    {
      schema: {
        tags,
        summary: "Create a segment; times in time_mode utc (default) or local airport time; 422 'has already been taken' on a duplicate",
        body: segmentBody(SegmentFields.extend({ carrier: z.string().max(TEXT_MAX.search).optional().describe("platform only") })),
        response: { 201: SegmentSchema, ...errors },
      },
    },
    async (request, reply) => {
      allow(request.auth, FLIGHTS_ACCESS.write);
      const { carrier: asked, ...input } = request.body;
      const carrier = await carrierForWrite(db, request.auth, asked);
      const values = await segmentValues(db, carrier, input, null);
      try {
        const [row] = await db.transaction(async (tx) => insertSegments(tx as unknown as Db, request.auth, [{ ...values, carrier }]));
        return reply.code(201).send(await one(row!));
      } catch (err) {
        if (isUniqueViolation(err)) throw flightTaken(values.number_with_date);
        throw err;
      }
    },
  );

  async function change(request: Parameters<typeof findSegment>[1], id: number, input: SegmentInput, action: string) {
    const existing = await findSegment(db, request, id);
    const values = await segmentValues(db, existing.carrier, input, existing);
    try {
      return await db.transaction(async (tx) => {
        const [row] = await tx
          .update(segments)
          .set({ ...values, updated_at: new Date() } as never)
          .where(eq(segments.id, id))
          .returning();
        const changeSet = diff(existing as unknown as Record<string, unknown>, row as unknown as Record<string, unknown>);
        if (Object.keys(changeSet).length) {
          await writeChangeLog(tx as unknown as Db, request.auth, {
            carrier: existing.carrier,
            record_type: "Segment",
            record_id: id,
            segment_id: id,
            action,
            change_set: changeSet,
          });
        }
        return row!;
      });
    } catch (err) {
      if (isUniqueViolation(err)) throw flightTaken(values.number_with_date);
      throw err;
    }
  }

  app.patch(
    "/api/v3/segments/:id",
    {
      schema: {
        tags,
        summary: "Change a segment (absent fields stay); also locked, sales_closed, canceled, charter",
        params: IdParams,
        body: segmentBody(SegmentFields.partial()),
        response: { 200: SegmentSchema, ...errors },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.write);
      return one(await change(request, request.params.id, request.body, "update"));
    },
  );

  for (const [action, flags] of Object.entries(FLAG_ACTIONS)) {
    app.post(
      `/api/v3/segments/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action.replace("_", " ")} (same as PATCH ${JSON.stringify(flags)})`,
          params: IdParams,
          response: { 200: SegmentSchema, ...errors },
        },
      },
      async (request) => {
        allow(request.auth, FLIGHTS_ACCESS.write);
        return one(await change(request, request.params.id, flags, action));
      },
    );
  }

  app.post(
    "/api/v3/segments/cancel",
    {
      schema: {
        tags,
        summary: "Cancel every segment of a flight (number_with_date)",
        body: z.object({ number_with_date: reqText() }),
        response: { 200: z.object({ data: z.array(SegmentSchema) }), ...errors },
      },
    },
    async (request) => {
      allow(request.auth, FLIGHTS_ACCESS.write);
      const nwd = request.body.number_with_date.toUpperCase().replace(/\s+/g, "");
      const found = await db
        .select()
        .from(segments)
        .where(and(eq(segments.number_with_date, nwd), segmentScope(request)))
        .orderBy(asc(segments.std));
      if (!found.length) throw new HttpError(404, { error: "Record Not Found" });
      const out: Segment[] = [];
      for (const s of found) out.push(s.canceled ? s : await change(request, s.id, { canceled: true }, "cancel"));
      return { data: await segmentAnswers(db, out, app.deps.now()) };
    },
  );

  app.post(
    "/api/v3/schedules",
    {
      schema: {
        tags,
        summary: "Create the segments of a regular schedule (period, weekdays, times; local by default) in one transaction",
        body: z.preprocess(
          (v) => (v && typeof v === "object" && "schedule" in v ? (v as { schedule: unknown }).schedule : v),
          ScheduleFields,
        ),
        response: { 201: z.object({ created: z.number().int(), schedule_id: z.string(), data: z.array(SegmentSchema) }), ...errors },
      },
    },
    async (request, reply) => {
      allow(request.auth, FLIGHTS_ACCESS.write);
      const b = request.body;
      const carrier = await carrierForWrite(db, request.auth, b.carrier);
      const errs: FieldErrors = {};
      const flight = flightNumberOf(b.number, carrier, errs);
      const info = await airportInfo(db, [b.origin_iata, b.destination_iata]);
      const o = info.get(b.origin_iata);
      const d = info.get(b.destination_iata);
      if (!o) addFieldError(errs, "origin_iata", `unknown airport ${b.origin_iata}`);
      if (!d) addFieldError(errs, "destination_iata", `unknown airport ${b.destination_iata}`);
      if (b.flight_type && !isFlightType(b.flight_type.toUpperCase())) addFieldError(errs, "flight_type", "is not an IATA service type (A..X)");
      throwIfErrors(errs);
      const expanded = expandSchedule({
        periodFrom: b.period_from,
        periodTo: b.period_to,
        daysOfWeek: b.days_of_week,
        timeMode: b.time_mode,
        originTimeZone: o!.timezone,
        destinationTimeZone: d!.timezone,
        departureTime: b.departure_time,
        ...(b.block_minutes != null ? { blockMinutes: b.block_minutes } : {}),
        ...(b.arrival_time ? { arrivalTime: b.arrival_time } : {}),
        ...(b.arrival_date_variation != null ? { arrivalDateVariation: b.arrival_date_variation } : {}),
      });
      if (!expanded.ok) {
        for (const e of expanded.errors) addFieldError(errs, SCHEDULE_FIELD[e.field] ?? String(e.field), e.code.replace(/_/g, " "));
        throwIfErrors(errs);
        throw new Error("unreachable");
      }
      const days = [...new Set(expanded.segments.map((s) => s.weekday))];
      const scheduleId = randomUUID();
      const rows = expanded.segments.map((s) => ({
        carrier,
        number: formatFlightNumber(flight!),
        flight_date: s.flightDate,
        number_with_date: numberWithDate(flight!, s.flightDate),
        segment_number: b.segment_number ?? 1,
        flight_type: b.flight_type?.toUpperCase() ?? "J",
        aircraft_type: b.aircraft_type ?? null,
        aircraft_reg: b.aircraft_reg ?? null,
        aci_required: b.aci_required ?? false,
        origin_iata: b.origin_iata,
        destination_iata: b.destination_iata,
        origin_country_code: o!.country_code,
        destination_country_code: d!.country_code,
        origin_time_zone: o!.timezone,
        destination_time_zone: d!.timezone,
        std: s.std,
        sta: s.sta,
        time_mode: b.time_mode,
        days_of_week: formatDaysOfWeek(days, "compact"),
        schedule_id: scheduleId,
      }));
      const taken = rows.length
        ? await db
            .select({ nwd: segments.number_with_date })
            .from(segments)
            .where(
              and(
                eq(segments.carrier, carrier),
                eq(segments.origin_iata, b.origin_iata),
                inArray(
                  segments.number_with_date,
                  rows.map((r) => r.number_with_date),
                ),
              ),
            )
            .limit(1)
        : [];
      if (taken[0]) throw flightTaken(taken[0].nwd);
      try {
        const created = await db.transaction((tx) => insertSegments(tx as unknown as Db, request.auth, rows));
        return reply.code(201).send({ created: created.length, schedule_id: scheduleId, data: await segmentAnswers(db, created, app.deps.now()) });
      } catch (err) {
        if (isUniqueViolation(err)) throw flightTaken();
        throw err;
      }
    },
  );

  const ChangeLogSchema = z.object({
    id: z.number().int(),
    carrier: z.string().nullable(),
    record_type: z.string(),
    record_id: z.number().int(),
    action: z.string(),
    channel_source: z.string(),
    channel_type: z.string(),
    channel_id: z.string().nullable(),
    segment_id: z.number().int().nullable().describe("the segment the record belongs to (Segment, Allotment, flight BookingRule)"),
    change_set: z.record(z.tuple([z.unknown(), z.unknown()])).describe("field: [before, after]"),
    created_at: IsoDateTime,
  });

  app.get(
    "/api/v3/change_logs",
    {
      schema: {
        tags,
        summary:
          "Change log of a record (record_type Segment, Allotment, BookingRule, AircraftCapacity), newest first; " +
          "record_type=Segment&record_id=X&include_related=true adds the allotments and booking rules of every leg of that flight",
        querystring: PageQuerySchema.extend({
          record_type: z.string().max(TEXT_MAX.search).optional(),
          record_id: Id().optional(),
          include_related: z
            .enum(["true", "false", "1", "0"])
            .optional()
            .transform((v) => v === "true" || v === "1"),
          carrier: z.string().max(TEXT_MAX.search).optional(),
        }),
        response: { 200: pageOf(ChangeLogSchema), ...errors },
      },
    },
    async (request) => {
      allow(request.auth, { platform: true, airline: true });
      const q = request.query;
      const carrier = scopeCarrier(request.auth, q.carrier);
      let record = and(
        q.record_type ? eq(changeLogs.record_type, q.record_type) : undefined,
        q.record_id !== undefined ? eq(changeLogs.record_id, q.record_id) : undefined,
      );
      if (q.include_related && q.record_type === "Segment" && q.record_id !== undefined) {
        // Every leg of the flight (the segment's own carrier only: another airline's id finds nothing).
        const legs = db
          .select({ id: legSegments.id })
          .from(legSegments)
          .innerJoin(segments, and(eq(segments.carrier, legSegments.carrier), eq(segments.number_with_date, legSegments.number_with_date)))
          .where(and(eq(segments.id, q.record_id), carrier ? eq(segments.carrier, carrier) : undefined));
        record = or(record, and(inArray(changeLogs.record_type, RELATED_TYPES), inArray(changeLogs.segment_id, legs)));
      }
      const where = and(carrier ? eq(changeLogs.carrier, carrier) : undefined, record);
      const [total] = await db.select({ n: count() }).from(changeLogs).where(where);
      const data = await db
        .select()
        .from(changeLogs)
        .where(where)
        .orderBy(desc(changeLogs.created_at), desc(changeLogs.id))
        .limit(q.per_page)
        .offset(pageOffset(q.page, q.per_page));
      return { data, meta: pageMeta(total?.n ?? 0, q.page, q.per_page) };
    },
  );
};
