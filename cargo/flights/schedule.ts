/**
 * Regular schedule -> dated segments (what `POST schedules` creates in one transaction).
 *
 * A schedule is written the way airlines write SSIM: a period (first and last date), days of
 * operation (1 = Monday ... 7 = Sunday), a departure time and either a block time or an arrival time.
 * In "local" mode (the default) the period, the weekdays and the departure time are the origin
 * airport's local calendar and clock, and an arrival time is the destination's local clock; in "utc"
 * mode all of them are UTC. Either way each dated segment gets its own UTC STD/STA, so a 10:00 local
 * departure stays at 10:00 local across a DST change while its UTC time moves by an hour.
 *
 * One schedule describes one segment (origin -> destination). A multi-leg flight is several
 * schedules whose legs share the first leg's flight date.
 */
import { addDays, daysBetween, isoWeekday, parseIsoDate } from "../time/local-date";
import { isValidTimeZone, resolveLocalTime, utcToLocal, type LocalDateTime } from "../time/zoned-time";
import { parseDaysOfWeek } from "./days-of-week";

/** SSIM allows a schedule period of up to a year; a leap year has 366 days, so that is the limit (inclusive). */
export const MAX_SCHEDULE_DAYS = 366;
/** Block times at or above a day are data-entry errors (the longest flights are under 20 h). */
export const MAX_BLOCK_MINUTES = 24 * 60;

export interface ScheduleInput {
  /** First date of the period, "YYYY-MM-DD", in the schedule's time mode. */
  periodFrom: string;
  /** Last date of the period, inclusive. */
  periodTo: string;
  /** "1234567", "1.3.5.7", "135" or [1, 3, 5]. */
  daysOfWeek: string | readonly number[];
  timeMode?: "local" | "utc";
  /** IANA zone of the origin airport, e.g. "Europe/Moscow". */
  originTimeZone: string;
  /** IANA zone of the destination airport. */
  destinationTimeZone: string;
  /** "HH:mm" departure, origin local time (or UTC in utc mode). */
  departureTime: string;
  /** Minutes from STD to STA. Give this or arrivalTime, not both. */
  blockMinutes?: number;
  /** "HH:mm" arrival, destination local time (or UTC in utc mode). */
  arrivalTime?: string;
  /**
   * SSIM date variation of the arrival against the departure date: -1, 0, 1 or 2. Without it the
   * arrival is the first occurrence of arrivalTime after the departure, which is right for every
   * flight shorter than a day (the date-line cases included).
   */
  arrivalDateVariation?: number;
}

export interface DatedSegment {
  /** Flight date: the departure date in the schedule's time mode (origin-local by default). */
  flightDate: string;
  /** ISO weekday of flightDate. */
  weekday: number;
  std: Date;
  sta: Date;
  departureLocal: LocalDateTime;
  arrivalLocal: LocalDateTime;
  blockMinutes: number;
  /** > 0 when the departure time fell into a DST gap that day and was moved forward by this much. */
  departureShiftedMinutes: number;
  /** Likewise for an arrival given as a clock time. */
  arrivalShiftedMinutes: number;
}

export type ScheduleErrorCode =
  | "invalid_date"
  | "period_end_before_start"
  | "period_too_long"
  | "no_weekday"
  | "invalid_days_of_week"
  | "no_operating_day"
  | "invalid_time"
  | "invalid_time_zone"
  | "arrival_required"
  | "arrival_conflict"
  | "invalid_block_time"
  | "invalid_date_variation"
  | "arrival_not_after_departure";

export interface ScheduleError {
  code: ScheduleErrorCode;
  /** The input field it is about, for a form to put it beside. */
  field: keyof ScheduleInput;
}

export type ScheduleResult = { ok: true; segments: DatedSegment[] } | { ok: false; errors: ScheduleError[] };

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * Validates everything first and reports every problem at once (a form shows them together), then
 * expands day by day. A schedule that is valid as written but produces a bad segment on some date
 * (an arrival before departure only on a DST day) reports that too.
 */
export function expandSchedule(input: ScheduleInput): ScheduleResult {
  const errors: ScheduleError[] = [];
  const err = (code: ScheduleErrorCode, field: keyof ScheduleInput) => errors.push({ code, field });

  const fromOk = parseIsoDate(input.periodFrom) !== null;
  const toOk = parseIsoDate(input.periodTo) !== null;
  if (!fromOk) err("invalid_date", "periodFrom");
  if (!toOk) err("invalid_date", "periodTo");
  let periodDays = 0;
  if (fromOk && toOk) {
    periodDays = daysBetween(input.periodFrom, input.periodTo) + 1;
    if (periodDays < 1) err("period_end_before_start", "periodTo");
    else if (periodDays > MAX_SCHEDULE_DAYS) err("period_too_long", "periodTo");
  }

  const days = parseDaysOfWeek(input.daysOfWeek);
  if (!days.ok) err(days.error, "daysOfWeek");

  const utcMode = input.timeMode === "utc";
  if (!isValidTimeZone(input.originTimeZone)) err("invalid_time_zone", "originTimeZone");
  if (!isValidTimeZone(input.destinationTimeZone)) err("invalid_time_zone", "destinationTimeZone");
  if (typeof input.departureTime !== "string" || !HH_MM.test(input.departureTime)) err("invalid_time", "departureTime");

  const hasBlock = input.blockMinutes !== undefined && input.blockMinutes !== null;
  const hasArrival = input.arrivalTime !== undefined && input.arrivalTime !== null && input.arrivalTime !== "";
  if (!hasBlock && !hasArrival) err("arrival_required", "arrivalTime");
  if (hasBlock && hasArrival) err("arrival_conflict", "blockMinutes");
  if (hasBlock && !(Number.isInteger(input.blockMinutes) && input.blockMinutes! > 0 && input.blockMinutes! < MAX_BLOCK_MINUTES)) {
    err("invalid_block_time", "blockMinutes");
  }
  if (hasArrival && !HH_MM.test(input.arrivalTime!)) err("invalid_time", "arrivalTime");
  const variation = input.arrivalDateVariation;
  if (variation !== undefined && variation !== null && !(Number.isInteger(variation) && variation >= -1 && variation <= 2)) {
    err("invalid_date_variation", "arrivalDateVariation");
  }

  if (errors.length > 0) return { ok: false, errors };

  const weekdays = new Set((days as { value: number[] }).value);
  const depZone = utcMode ? "UTC" : input.originTimeZone;
  const arrZone = utcMode ? "UTC" : input.destinationTimeZone;
  const segments: DatedSegment[] = [];
  let arrivalProblem = false;

  for (let i = 0; i < periodDays; i++) {
    const flightDate = addDays(input.periodFrom, i);
    const weekday = isoWeekday(flightDate);
    if (!weekdays.has(weekday)) continue;

    const dep = resolveLocalTime(`${flightDate}T${input.departureTime}`, depZone);
    const stdMs = dep.instant.getTime();
    let staMs: number;
    let arrivalShiftedMinutes = 0;

    if (hasBlock) {
      staMs = stdMs + input.blockMinutes! * 60_000;
    } else {
      const variations = variation === undefined || variation === null ? [-1, 0, 1, 2] : [variation];
      let found: number | null = null;
      for (const v of variations) {
        const arr = resolveLocalTime(`${addDays(flightDate, v)}T${input.arrivalTime}`, arrZone);
        const ms = arr.instant.getTime();
        if (ms > stdMs || variations.length === 1) {
          found = ms;
          arrivalShiftedMinutes = arr.shiftedMinutes;
          break;
        }
      }
      const block = found === null ? 0 : found - stdMs;
      if (found === null || block <= 0 || block >= MAX_BLOCK_MINUTES * 60_000) {
        arrivalProblem = true;
        continue;
      }
      staMs = found;
    }

    const std = new Date(stdMs);
    const sta = new Date(staMs);
    segments.push({
      flightDate,
      weekday,
      std,
      sta,
      departureLocal: utcToLocal(std, input.originTimeZone),
      arrivalLocal: utcToLocal(sta, input.destinationTimeZone),
      blockMinutes: Math.round((staMs - stdMs) / 60_000),
      departureShiftedMinutes: dep.shiftedMinutes,
      arrivalShiftedMinutes,
    });
  }

  if (arrivalProblem) return { ok: false, errors: [{ code: "arrival_not_after_departure", field: "arrivalTime" }] };
  // SSIM requires a period to contain at least one day of operation; an empty expansion is a typo.
  if (segments.length === 0) return { ok: false, errors: [{ code: "no_operating_day", field: "daysOfWeek" }] };
  return { ok: true, segments };
}
