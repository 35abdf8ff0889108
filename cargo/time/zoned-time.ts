/**
 * UTC instants <-> airport-local wall time for an IANA zone, using only Intl.
 *
 * Every flight time is stored in UTC and shown in the local time of the airport it belongs to
 * (STD in the origin's zone, STA in the destination's). Intl is the only tz database we may use here
 * (no npm dependencies in cargo/), and it only goes one way: instant -> wall clock. The way back
 * (wall clock -> instant) is derived below from that single primitive.
 *
 * Wall-clock values are handled as "the same digits read as UTC" milliseconds ("wall ms"), so that the
 * offset of a zone at an instant is simply `wallMs(instant) - instant`.
 */
import { parseIsoDate, pad2, addDays } from "./local-date";

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export type ZonedTimeErrorCode = "invalid_date" | "invalid_time" | "invalid_time_zone";

/**
 * Thrown for input the user typed wrong. The code lets the UI pick the spec 2 §5 message:
 * invalid_date -> "invalid flight date", invalid_time -> "Wrong time".
 */
export class ZonedTimeError extends RangeError {
  constructor(
    readonly code: ZonedTimeErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ZonedTimeError";
  }
}

// Building a DateTimeFormat is far slower than using one; schedules and route searches convert
// thousands of times per request, so one formatter per zone is kept for the life of the process.
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat("en-US", {
        timeZone,
        // h23, not hour12:false: some ICU versions print midnight as "24" with hour12:false.
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      throw new ZonedTimeError("invalid_time_zone", `Unknown time zone: ${JSON.stringify(timeZone)}`);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export function isValidTimeZone(timeZone: string): boolean {
  if (typeof timeZone !== "string" || timeZone === "") return false;
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function floorToSecond(ms: number): number {
  return ms - (((ms % 1000) + 1000) % 1000);
}

/** The wall-clock digits of `instantMs` in `timeZone`, read as if they were UTC (whole seconds). */
function wallMs(instantMs: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instantMs));
  let year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0;
  for (const p of parts) {
    switch (p.type) {
      case "year": year = Number(p.value); break;
      case "month": month = Number(p.value); break;
      case "day": day = Number(p.value); break;
      case "hour": hour = Number(p.value); break;
      case "minute": minute = Number(p.value); break;
      case "second": second = Number(p.value); break;
    }
  }
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second));
  // setUTCFullYear, not Date.UTC(year, ...): Date.UTC maps years 0-99 to 1900-1999.
  d.setUTCFullYear(year);
  return d.getTime();
}

function offsetMsAt(instantMs: number, timeZone: string): number {
  const whole = floorToSecond(instantMs);
  return wallMs(whole, timeZone) - whole;
}

function toMs(date: Date | number): number {
  const ms = typeof date === "number" ? date : date.getTime();
  if (!Number.isFinite(ms)) throw new RangeError("Invalid date");
  return ms;
}

/**
 * UTC offset of `timeZone` at `date`, in minutes east of Greenwich (+345 for Kathmandu, -660 for
 * Pago Pago). Before about 1900 many zones used local mean time with second-precision offsets;
 * those come back as fractional minutes rather than being silently rounded.
 */
export function offsetMinutesAt(date: Date | number, timeZone: string): number {
  return offsetMsAt(toMs(date), timeZone) / MINUTE_MS;
}

/** "+05:45", "-11:00", "+00:00": the form ISO 8601 and the flight screens use. */
export function formatOffset(offsetMinutes: number): string {
  const total = Math.round(offsetMinutes);
  const sign = total < 0 ? "-" : "+";
  const abs = Math.abs(total);
  return `${sign}${pad2(Math.floor(abs / 60))}:${pad2(abs % 60)}`;
}

export interface LocalDateTime {
  /** "YYYY-MM-DD" local calendar date. */
  date: string;
  /** "HH:mm" local wall time; seconds are dropped, flight times are kept to the minute. */
  time: string;
  /** Offset in force at that instant, minutes east of UTC. */
  offsetMinutes: number;
}

export function utcToLocal(date: Date | number, timeZone: string): LocalDateTime {
  const ms = floorToSecond(toMs(date));
  const wall = new Date(wallMs(ms, timeZone));
  const y = wall.getUTCFullYear();
  return {
    date: `${String(y).padStart(4, "0")}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())}`,
    time: `${pad2(wall.getUTCHours())}:${pad2(wall.getUTCMinutes())}`,
    offsetMinutes: (wall.getTime() - ms) / MINUTE_MS,
  };
}

/** The same instant as ISO 8601 with the local offset kept ("2026-11-22T23:05+07:00"), as spec 2 stores timestamps. */
export function formatLocalIso(date: Date | number, timeZone: string): string {
  const l = utcToLocal(date, timeZone);
  return `${l.date}T${l.time}${formatOffset(l.offsetMinutes)}`;
}

const LOCAL_ISO = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** Reads "YYYY-MM-DDTHH:mm" (":ss" and a space instead of "T" tolerated) into wall ms. */
function parseLocalIso(localIso: string): number {
  const m = LOCAL_ISO.exec(typeof localIso === "string" ? localIso.trim() : "");
  if (!m) {
    // Tell a bad date from a bad time so the user gets the right message.
    const datePart = typeof localIso === "string" ? localIso.trim().slice(0, 10) : "";
    if (!parseIsoDate(datePart)) throw new ZonedTimeError("invalid_date", `Invalid local date-time: ${JSON.stringify(localIso)}`);
    throw new ZonedTimeError("invalid_time", `Invalid local time: ${JSON.stringify(localIso)}`);
  }
  const d = parseIsoDate(m[1]!);
  if (!d) throw new ZonedTimeError("invalid_date", `Invalid date: ${JSON.stringify(m[1])}`);
  const hour = Number(m[2]);
  const minute = Number(m[3]);
  const second = m[4] === undefined ? 0 : Number(m[4]);
  // 24:00 is refused: a departure "at 24:00" is 00:00 of the next day and must be entered so.
  if (hour > 23 || minute > 59 || second > 59) throw new ZonedTimeError("invalid_time", `Invalid time: ${JSON.stringify(localIso)}`);
  const dt = new Date(Date.UTC(2000, d.month - 1, d.day, hour, minute, second));
  dt.setUTCFullYear(d.year);
  return dt.getTime();
}

/** How a wall-clock time mapped onto the zone's timeline. */
export type LocalTimeKind =
  /** Exactly one instant has this wall time: the ordinary case. */
  | "unique"
  /** The clocks jumped over this time (spring forward); the instant was moved forward by the gap. */
  | "gap"
  /** The clocks showed this time twice (fall back); the earlier instant (the pre-change offset) was taken. */
  | "overlap";

export interface LocalTimeResolution {
  instant: Date;
  kind: LocalTimeKind;
  /** Minutes the resulting wall time lies after the requested one: the gap length for "gap", else 0. */
  shiftedMinutes: number;
  offsetMinutes: number;
}

/**
 * Wall time -> instant, with the disambiguation spelled out.
 *
 * Gap (e.g. 02:30 on the London spring-forward day does not exist): we read the time with the offset
 * in force before the change, which lands the same distance after the change: 02:30 -> 03:30 BST.
 * That is "move forward by the gap", the rule of RFC 5545, java.time and Temporal's "compatible": a
 * flight planned into the missing hour still departs, at the first real clock time that far on.
 *
 * Overlap (01:30 on the fall-back day happens twice): we take the earlier instant (the summer offset).
 * For a departure that is the conservative choice: cargo is never tendered late because the system
 * assumed the second 01:30. Again the rule of RFC 5545 and Temporal's "compatible".
 *
 * Method: the real instant lies within ±14 h of the wall digits read as UTC, so the offsets found a
 * day either side are the only candidates (zones do not change twice within two days). A candidate is
 * valid when it maps back to the same wall time.
 */
export function resolveLocalTime(localIso: string, timeZone: string): LocalTimeResolution {
  formatterFor(timeZone); // validate the zone before the input, so a bad zone is reported as such
  const wall = parseLocalIso(localIso);
  const before = offsetMsAt(wall - DAY_MS, timeZone);
  const after = offsetMsAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([wall - before, wall - after])]
    .filter((c) => wallMs(c, timeZone) === wall)
    .sort((a, b) => a - b);
  if (candidates.length > 0) {
    const instant = candidates[0]!;
    return {
      instant: new Date(instant),
      kind: candidates.length > 1 ? "overlap" : "unique",
      shiftedMinutes: 0,
      offsetMinutes: (wall - instant) / MINUTE_MS,
    };
  }
  const instant = wall - before;
  const landed = wallMs(instant, timeZone);
  return {
    instant: new Date(instant),
    kind: "gap",
    shiftedMinutes: (landed - wall) / MINUTE_MS,
    offsetMinutes: (landed - instant) / MINUTE_MS,
  };
}

/** Wall time -> UTC instant (see resolveLocalTime for gaps and overlaps). */
export function localToUtc(localIso: string, timeZone: string): Date {
  return resolveLocalTime(localIso, timeZone).instant;
}

/**
 * The UTC half-open interval [from, to) covered by one local calendar day at an airport: what a
 * search "on date D at DME" means. The day starts at the first instant that exists, which matters in
 * zones whose DST change happens at midnight; a day is 23, 24 or 25 hours long.
 */
export function localDayWindow(date: string, timeZone: string): { from: Date; to: Date } {
  if (!parseIsoDate(date)) throw new ZonedTimeError("invalid_date", `Invalid date: ${JSON.stringify(date)}`);
  return {
    from: localToUtc(`${date}T00:00`, timeZone),
    to: localToUtc(`${addDays(date, 1)}T00:00`, timeZone),
  };
}
