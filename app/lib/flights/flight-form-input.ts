import type { ApiRefusal } from "../upstream/errors";
import { refusalMessage } from "../upstream/refusal-message";
import { formatFlightNumber, parseOwnFlightNumber } from "../../../cargo";
import type { ScheduleInput, Segment, SegmentInput, TimeMode } from "../upstream/segments.server";
import { joinCodes, orNull } from "../forms/field-rules";
import { addDays, daysBetween, SCHEDULE_FIELDS, SINGLE_FIELDS, type ScheduleForm, type ScheduleLine, type SingleFlightForm } from "./flight-form-schema";

/**
 * Between the flight form and the API: the bodies of `POST/PATCH segments` and `POST schedules`, the form
 * values of a stored segment, and the API's error texts as the form's translated messages.
 */

/** The segment a Single form describes; times `YYYY-MM-DDTHH:mm` in the form's time mode. */
export function singleInput(v: SingleFlightForm): { segment: SegmentInput; timeMode: TimeMode } {
  return {
    timeMode: v.time_mode,
    segment: {
      number: v.number,
      origin_iata: v.origin_iata,
      destination_iata: v.destination_iata,
      std: `${v.flight_date}T${v.std}`,
      sta: `${addDays(v.flight_date, v.sta_day)}T${v.sta}`,
      etd: v.etd ?? null,
      eta: v.eta ?? null,
      // the API stores these columns NOT NULL (a null answers 500): no type keeps its default/stored letter,
      // an emptied estimate is none (0)
      flight_type: v.flight_type,
      aircraft_type: orNull(v.aircraft_type),
      aircraft_reg: orNull(v.aircraft_reg),
      payload: v.payload ?? null,
      estimated_weight: v.estimated_weight ?? 0,
      estimated_volume: v.estimated_volume ?? 0,
      forbidden_shc: v.forbidden_shc,
      aci_required: Boolean(v.aci_required),
      charter: Boolean(v.charter),
      notes: orNull(v.notes),
    },
  };
}

/** `{ date, time }` of an ISO instant as the airport's wall clock (its `*_local` text) or in UTC. */
export function clockOf(utc: string | null | undefined, local: string | null | undefined, mode: TimeMode): { date: string; time: string } | null {
  if (mode === "local" && local) {
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(local);
    if (m) return { date: m[1]!, time: m[2]! };
  }
  if (!utc) return null;
  const d = new Date(utc);
  if (Number.isNaN(d.getTime())) return null;
  const iso = d.toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
}

const dateTimeOf = (c: { date: string; time: string } | null) => (c ? `${c.date}T${c.time}` : "");
const text = (v: unknown) => (v === null || v === undefined ? "" : String(v));

/** Form values of a stored segment, its times in `mode` (what the edit page shows). */
export function singleDefaults(s: Segment, mode: TimeMode): Record<string, string | undefined> {
  const std = clockOf(s.std, s.std_local, mode);
  const sta = clockOf(s.sta, s.sta_local, mode);
  return {
    number: s.number,
    flight_date: std?.date ?? s.flight_date,
    origin_iata: s.origin_iata,
    destination_iata: s.destination_iata,
    std: std?.time ?? "",
    sta: sta?.time ?? "",
    sta_day: std && sta ? String(daysBetween(std.date, sta.date)) : "0",
    etd: dateTimeOf(clockOf(s.etd, s.etd_local, mode)),
    eta: dateTimeOf(clockOf(s.eta, s.eta_local, mode)),
    time_mode: mode,
    flight_type: s.flight_type ?? "",
    aircraft_type: s.aircraft_type ?? "",
    aircraft_reg: s.aircraft_reg ?? "",
    payload: text(s.payload),
    estimated_weight: s.estimated_weight ? text(s.estimated_weight) : "",
    estimated_volume: s.estimated_volume ? text(s.estimated_volume) : "",
    forbidden_shc: joinCodes(s.forbidden_shc),
    aci_required: s.aci_required ? "on" : undefined,
    charter: s.charter ? "on" : undefined,
    notes: s.notes ?? "",
  };
}

/** A new Single flight: local times, scheduled passenger type (the API's default letter). */
export function newSingleDefaults(carrier: string): Record<string, string> {
  return { number: carrier, time_mode: "local", sta_day: "0", flight_type: "J" };
}

/** A new Regular or Schedule form: one line (Schedule adds more). */
export function newScheduleDefaults(carrier: string, lines = 1): Record<string, unknown> {
  return {
    number: carrier,
    time_mode: "local",
    flight_type: "J",
    lines: Array.from({ length: lines }, () => ({ arrival_date_variation: "0" })),
  };
}

/** One `POST schedules` body per line; the period, route and flight are the form's. */
export function scheduleInputs(v: ScheduleForm): ScheduleInput[] {
  return v.lines.map((line: ScheduleLine) => ({
    number: v.number,
    origin_iata: v.origin_iata,
    destination_iata: v.destination_iata,
    period_from: v.period_from,
    period_to: v.period_to,
    days_of_week: line.days_of_week.join(""),
    departure_time: line.departure_time,
    arrival_time: line.arrival_time,
    arrival_date_variation: line.arrival_date_variation,
    time_mode: v.time_mode,
    aircraft_type: orNull(line.aircraft_type),
    flight_type: v.flight_type,
    aci_required: Boolean(v.aci_required),
  }));
}

/**
 * The flight number as the API stores it ("S7701" → "S70701"; "701" → the airline's "S70701"), for the list's
 * number filter, which matches the stored text from its start. `number` has no spaces (the form drops them).
 */
export function canonicalFlightNumber(number: string, carrier: string): string {
  // digits alone are the airline's own flight (as the API reads them), never a designator like "71"
  const parsed = parseOwnFlightNumber(number, carrier);
  return parsed.ok ? formatFlightNumber(parsed.value) : number;
}

/** Schedule API fields that belong to one line of the form. */
const LINE_FIELDS = new Set(["days_of_week", "departure_time", "arrival_time", "arrival_date_variation", "aircraft_type", "block_minutes"]);

/** A schedule API field name as the form's name for line `index` (null: not a field of the form). */
export function scheduleFieldName(name: string, index: number): string | null {
  if (LINE_FIELDS.has(name)) return `lines[${index}].${name === "block_minutes" ? "arrival_time" : name}`;
  return (SCHEDULE_FIELDS as readonly string[]).includes(name) ? name : null;
}

/** A segment API field name as the Single form's (null: not a field of the form). */
export function singleFieldName(name: string): string | null {
  return (SINGLE_FIELDS as readonly string[]).includes(name) ? name : null;
}

/**
 * The API's refusal codes of segments and schedules (api/flights/segment-queries.ts) as this form's i18n keys; a
 * schedule's own fault travels as the `detail` of schedule_invalid (cargo's code: period_too_long …). Other codes get
 * their generic words (errors:refusal.<code>).
 */
const SERVER_CODES: Readonly<Record<string, string>> = {
  not_a_flight_number: "flight-form:errors.number",
  flight_of_other_airline: "flight-form:errors.otherAirline",
  unknown_airport: "flight-form:errors.airport",
  same_as_origin: "flight-form:errors.sameAirports",
  must_be_after: "flight-form:errors.arrivalBeforeDeparture",
  invalid_local_time: "flight-form:errors.dateTime",
  invalid_date_time: "flight-form:errors.dateTime",
  not_a_service_type: "flight-form:errors.flightType",
  invalid_weekdays: "flight-form:errors.noWeekday",
};
const SCHEDULE_FAULTS: Readonly<Record<string, string>> = {
  arrival_not_after_departure: "flight-form:errors.arrivalBeforeDeparture",
  invalid_time: "flight-form:errors.dateTime",
  invalid_date: "flight-form:errors.dateTime",
  period_end_before_start: "flight-form:errors.periodOrder",
  period_too_long: "flight-form:errors.periodTooLong",
  no_weekday: "flight-form:errors.noWeekday",
  invalid_days_of_week: "flight-form:errors.noWeekday",
  no_operating_day: "flight-form:errors.noOperatingDay",
  invalid_date_variation: "flight-form:errors.dayVariation",
  arrival_required: "flight-form:errors.time",
  arrival_conflict: "flight-form:errors.time",
  invalid_block_time: "flight-form:errors.time",
};

/** A refusal of the flight's API in this form's words. */
export function flightServerMessage(refusal: ApiRefusal): string {
  const own = refusal.code === "schedule_invalid" ? SCHEDULE_FAULTS[String(refusal.params.detail)] : SERVER_CODES[refusal.code];
  return own ?? refusalMessage(refusal);
}
