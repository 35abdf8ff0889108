import { daysBetween, daysInMonth, formatIsoDate } from "../../time/local-date";
import { formatLocalIso, localToUtc } from "../../time/zoned-time";
import type { DayMonth } from "./day-time";
import type { StatusMovement } from "./status-message";

/**
 * When a status line's event happened, and on which date its flight flew (issue 23). Cargo-IMP dates carry no year
 * (day-time.ts): a telegram speaks of days close to when it was sent, so a day and month stand for the date nearest
 * the day the telegram arrived, at the station it speaks of (a status of 31 DEC received on 2 January is last year's).
 * Times are the station's local time unless the sender marked them Z.
 */

/** The date (YYYY-MM-DD) nearest `reference` (YYYY-MM-DD) that falls on this day and month; null if none can (29 FEB far from a leap year). */
export function nearestDate(dm: DayMonth, reference: string): string | null {
  const year = Number(reference.slice(0, 4));
  let best: string | null = null;
  for (const candidate of [year - 1, year, year + 1]) {
    if (dm.day > daysInMonth(candidate, dm.month)) continue;
    const date = formatIsoDate({ year: candidate, month: dm.month, day: dm.day });
    if (best === null || Math.abs(daysBetween(reference, date)) < Math.abs(daysBetween(reference, best))) best = date;
  }
  return best;
}

/** The station's local date (YYYY-MM-DD) at an instant. */
export const localDateAt = (at: Date, timeZone: string): string => formatLocalIso(at, timeZone).slice(0, 10);

/** "HHMM" on a date, read as the station's local time or UTC. */
function instantOf(date: string, hhmm: string, timeZone: string, utc: boolean): Date {
  const wall = `${date}T${hhmm.slice(0, 2)}:${hhmm.slice(2, 4)}`;
  return utc ? new Date(`${wall}:00Z`) : localToUtc(wall, timeZone);
}

/** The date the line's flight flew (its departure date), or null when the line names no flight day. */
export function flightDateOf(m: Pick<StatusMovement, "flight_day">, received: Date, timeZone: string): string | null {
  return m.flight_day ? nearestDate(m.flight_day, localDateAt(received, timeZone)) : null;
}

/**
 * The instant of a status line's event at its station (`timeZone`): the day and time it gives (RCS, RCF, DLV, DIS…),
 * else for a departure its departure time and for an arrival its arrival time on the flight's date, else the
 * telegram's arrival (the event happened by then). An arrival time earlier than `departedAt` is the next day's.
 */
export function statusInstant(m: Pick<StatusMovement, "status_code" | "time" | "flight_day" | "departure_time" | "arrival_time">, received: Date, timeZone: string, departedAt?: Date | null): Date {
  const today = localDateAt(received, timeZone);
  if (m.time) {
    const date = nearestDate(m.time, today);
    if (date) return instantOf(date, m.time.time ?? "0000", timeZone, m.time.time_zone === "utc");
  }
  const flightDate = m.flight_day ? nearestDate(m.flight_day, today) : null;
  const clock = m.status_code === "ARR" ? m.arrival_time : m.status_code === "DEP" ? m.departure_time : null;
  if (flightDate && clock) {
    const at = instantOf(flightDate, clock.time, timeZone, false);
    // only an arrival can be dated a day early by its flight's date; a departure a little before its STD is early, not tomorrow
    return m.status_code === "ARR" && departedAt && at < departedAt ? new Date(+at + 86_400_000) : at;
  }
  return received;
}
