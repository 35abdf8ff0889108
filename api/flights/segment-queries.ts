import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, getTableColumns, gte, ilike, inArray, lte, or, sql, sum, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { FastifyRequest } from "fastify";
import { isYearInRange } from "../http/input";
import { MAX_FLIGHT_HOURS, MAX_YEAR, MIN_YEAR } from "../../cargo/limits";
import { checkShcs } from "../settings/product-codes";
import { formatFlightNumber, numberWithDate, parseFlightNumber, type FlightNumber } from "../../cargo/flights/flight-number";
import { isFlightType } from "../../cargo/flights/flight-types";
import { formatDaysOfWeek } from "../../cargo/flights/days-of-week";
import { expandSchedule } from "../../cargo/flights/schedule";
import { utcToLocal } from "../../cargo/time/zoned-time";
import type { Db } from "../db/open";
import { aciStatuses, aircraftCapacities, changeLogs, segments } from "../db/schema";
import { addRefusal, isUniqueViolation, refusal, refuseFields } from "../http/errors";
import { pageMeta, pageOffset } from "../http/pagination";
import { addFieldError, checkAircraftType, defined, throwIfErrors, type FieldErrors } from "../settings/common";
import { airportInfo, changeChannelOf, diff, findSegment, isDepartureTime, segmentScope, TIME_FIELDS, toUtc, writeChangeLog, type ChangeAuthor, type Segment } from "./common";
import { attentionSql } from "./attention";
import type { ChangeLogQueryValues, ListQueryValues, ScheduleInput, SegmentInput, STATES } from "./segment-schemas";
import { sentenceOf } from "../http/refusals";

// The reads and writes of segments and schedules (a segment is a dated leg; the flight is the set of segments
// sharing carrier and number_with_date), and of the change log every write is recorded in.

export const flightTaken = (nwd?: string) =>
  refuseFields({ number: [refusal("taken")] }, 422, { message: sentenceOf("flight_exists", { flight: nwd ?? "" }), code: "flight_exists", params: { flight: nwd ?? "" } });

/** The written flight number; a bare number is the airline's own. */
function flightNumberOf(text: string, carrier: string, errs: FieldErrors): FlightNumber | null {
  const t = text.trim().toUpperCase();
  const parsed = parseFlightNumber(/^\d{1,4}[A-Z]?$/.test(t) ? `${carrier}${t}` : t);
  if (!parsed.ok) {
    addRefusal(errs, "number", "not_a_flight_number");
    return null;
  }
  if (parsed.value.carrier !== carrier) {
    addFieldError(errs, "number", "flight_of_other_airline", { carrier });
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
  if (!o) addFieldError(errs, "origin_iata", "unknown_airport", { code: origin });
  if (!d) addFieldError(errs, "destination_iata", "unknown_airport", { code: destination });
  if (origin === destination) addFieldError(errs, "destination_iata", "same_as_origin");
  const flight = flightNumberOf(input.number ?? existing!.number, carrier, errs);
  if (input.flight_type && !isFlightType(input.flight_type.toUpperCase())) addRefusal(errs, "flight_type", "not_a_service_type");
  throwIfErrors(errs);

  const { time_mode: _m, ...rest } = input;
  const values: Record<string, unknown> = { ...defined(rest) };
  // A field sent as null on a column that always has a value means "back to its default", not a 500.
  for (const [field, fallback] of Object.entries(NOT_NULL_DEFAULTS)) if (values[field] === null) values[field] = fallback;
  for (const f of TIME_FIELDS) {
    const raw = input[f];
    if (raw === undefined) continue;
    if (raw === null) {
      if (f === "std" || f === "sta") addRefusal(errs, f, "blank");
      values[f] = null;
      continue;
    }
    const zone = isDepartureTime(f) ? o!.timezone : d!.timezone;
    const at = toUtc(raw, mode, zone);
    if (!at) addFieldError(errs, f, mode === "local" ? "invalid_local_time" : "invalid_date_time");
    // Years like 0001 or +010000 parse, but no flight is there and PostgreSQL cannot hold some of them.
    else if (!isYearInRange(at.toISOString())) addFieldError(errs, f, "date_out_of_range", { min_year: MIN_YEAR, max_year: MAX_YEAR });
    values[f] = at;
  }
  throwIfErrors(errs);
  const std = (values.std as Date | undefined) ?? existing!.std;
  const sta = (values.sta as Date | undefined) ?? existing!.sta;
  if (+sta <= +std) addFieldError(errs, "sta", "must_be_after", { field: "std" });
  else if (+sta - +std > MAX_FLIGHT_HOURS * 3_600_000) addFieldError(errs, "sta", "flight_too_long", { hours: MAX_FLIGHT_HOURS });
  await checkAircraftType(db, "aircraft_type", input.aircraft_type, errs);
  await checkShcs(db, "forbidden_shc", input.forbidden_shc, errs);
  if (input.days_of_week) {
    try {
      const days = [...input.days_of_week].filter((c) => /[1-7]/.test(c)).map(Number);
      values.days_of_week = formatDaysOfWeek(days, "compact");
    } catch {
      addRefusal(errs, "days_of_week", "invalid_weekdays");
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

/** The filters of the segment list and report (tenancy included). */
export function listWhere(request: Parameters<typeof segmentScope>[0], q: Omit<ListQueryValues, "page" | "per_page">, now: Date) {
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

/**
 * When the flight's last ACI was filed (its ACI statuses, out), null before the first: the ACI tab shows which flights
 * still need theirs. One index probe per row of the page (aci_statuses_segment_idx).
 */
const lastAci = sql`select max(${aciStatuses.generated_at}) from ${aciStatuses} where ${aciStatuses.segment_id} = ${segments.id} and ${aciStatuses.message_type} = 'ACI' and ${aciStatuses.direction} = 'out'`;
// nested: drizzle writes the columns of a selected expression's own top level without their table, which inside the
// subquery would name aci_statuses' id; a nested fragment keeps "segments"."id"
const aciSentAt = sql<Date | null>`(${lastAci})`.mapWith((v: string | Date | null) => (v === null ? null : new Date(v)));

/** Segment rows with their attention reasons and last ACI, computed in the same query. */
const selectWithAttention = (db: Db, where: SQL | undefined, now: Date) =>
  db
    .select({ ...getTableColumns(segments), attention: attentionSql(now).codes, aci_sent_at: aciSentAt })
    .from(segments)
    .where(where)
    .$dynamic();

/** The report's rows: every segment the filters find (at most 20 000), in STD order. */
export const reportSegments = (db: Db, where: SQL | undefined, now: Date) =>
  selectWithAttention(db, where, now).orderBy(asc(segments.std), asc(segments.id)).limit(20_000);

/** One page of the segment list in STD order, and the booked totals (and load factor) of every segment found. */
export async function segmentPage(db: Db, where: SQL | undefined, page: { page: number; per_page: number }, now: Date) {
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
  const rows = await selectWithAttention(db, where, now)
    .orderBy(asc(segments.std), asc(segments.id))
    .limit(page.per_page)
    .offset(pageOffset(page.page, page.per_page));
  const total = summary?.n ?? 0;
  const weight = Number(summary?.weight ?? 0);
  const capacity = Number(summary?.capacity ?? 0);
  return {
    rows,
    meta: pageMeta(total, page.page, page.per_page),
    summary: {
      segments_count: total,
      total_weight: Math.round(weight * 100) / 100,
      total_volume: Math.round(Number(summary?.volume ?? 0) * 1000) / 1000,
      loadfactor: capacity > 0 ? Math.round((weight / capacity) * 10000) / 100 : null,
    },
  };
}

export async function insertSegments(tx: Db, by: ChangeAuthor, rows: Array<Record<string, unknown>>) {
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
        ...changeChannelOf(by),
        change_set: diff(null, s as unknown as Record<string, unknown>),
      })),
    );
  }
  return created;
}

/** Creates one segment with its change log; 422 "has already been taken" for a flight that exists. */
export async function createSegment(db: Db, request: FastifyRequest, carrier: string, input: SegmentInput) {
  const values = await segmentValues(db, carrier, input, null);
  try {
    const [row] = await db.transaction(async (tx) => insertSegments(tx as unknown as Db, request.auth, [{ ...values, carrier }]));
    return row!;
  } catch (err) {
    if (isUniqueViolation(err)) throw flightTaken(values.number_with_date);
    throw err;
  }
}

/** Changes one segment (what `input` holds) and logs the change under `action`; the caller's own segments only. */
export async function changeSegment(db: Db, request: FastifyRequest, id: number, input: SegmentInput, action: string) {
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

/** The segments of a flight (number_with_date) the caller may see, in STD order. */
export const flightSegments = (db: Db, request: FastifyRequest, numberWithDate: string) =>
  db
    .select()
    .from(segments)
    .where(and(eq(segments.number_with_date, numberWithDate), segmentScope(request)))
    .orderBy(asc(segments.std));

/** cargo/flights/schedule's field names, as the body names them. */
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

/**
 * Creates the segments of a regular schedule in one transaction: 422 under the body's fields when the schedule
 * does not expand, "has already been taken" when one of its flights exists.
 */
export async function createSchedule(db: Db, request: FastifyRequest, carrier: string, b: ScheduleInput) {
  const errs: FieldErrors = {};
  const flight = flightNumberOf(b.number, carrier, errs);
  const info = await airportInfo(db, [b.origin_iata, b.destination_iata]);
  const o = info.get(b.origin_iata);
  const d = info.get(b.destination_iata);
  if (!o) addFieldError(errs, "origin_iata", "unknown_airport", { code: b.origin_iata });
  if (!d) addFieldError(errs, "destination_iata", "unknown_airport", { code: b.destination_iata });
  if (b.flight_type && !isFlightType(b.flight_type.toUpperCase())) addRefusal(errs, "flight_type", "not_a_service_type");
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
    for (const e of expanded.errors) addFieldError(errs, SCHEDULE_FIELD[e.field] ?? String(e.field), "schedule_invalid", { detail: e.code });
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
    return { created, scheduleId };
  } catch (err) {
    if (isUniqueViolation(err)) throw flightTaken();
    throw err;
  }
}

/** What the flight page's change log shows besides the segment (change_logs include_related). */
const RELATED_TYPES = ["Allotment", "BookingRule"];
const legSegments = alias(segments, "legs");

/** One page of a record's change log, newest first; `carrier` null: every airline's (platform). */
export async function changeLogPage(db: Db, carrier: string | null, q: ChangeLogQueryValues) {
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
}
