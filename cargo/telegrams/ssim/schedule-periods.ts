/**
 * The dated flights an SSIM schedule's legs stand for (issue 23: "the schedule periods they form"). Each leg record
 * says on which flight dates it operates (its period and days of operation, every other week with frequency rate 2)
 * and how far its departure and arrival fall after the flight date (date variations). The legs of one itinerary
 * variation that operate on a date make that date's flight, in leg sequence order.
 *
 * cargo/flights/schedule.ts expands a schedule by IANA time zone, so that a local time stays put across a DST change;
 * an SSIM leg instead carries its own fixed UTC offsets (a file splits its periods at DST changes), so the UTC times
 * here are the local time minus the offset written on the leg, and nothing is looked up.
 */
import { MAX_SCHEDULE_DAYS } from "../../flights/schedule";
import { formatIataDate } from "../../time/iata-date";
import { epochDayToIsoDate, isIsoDate, isoDateToEpochDay } from "../../time/local-date";
import type { SsimLeg } from "./ssim-file";
import { offsetMinutes } from "./ssim-fields";

export interface ScheduledLeg {
  leg_sequence: number;
  origin_iata: string;
  destination_iata: string;
  /** UTC instants, ISO 8601 ("2005-06-09T17:30:00.000Z"). */
  std: string;
  sta: string;
  /** The times as written, with the offsets they were written in. */
  std_written: string;
  sta_written: string;
  origin_utc_offset: string;
  destination_utc_offset: string;
  aircraft_type: string;
  service_type: string;
  aircraft_configuration: string | null;
}

export interface ScheduledFlight {
  carrier: string;
  flight_number: number;
  operational_suffix: string | null;
  number: string;
  itinerary_variation: number;
  /** The date of the first leg's departure as the schedule counts it (local or UTC, the file's time mode). */
  flight_date: string;
  /** "XX0041/09JUN05". */
  number_with_date: string;
  legs: ScheduledLeg[];
}

export interface SchedulePeriodOptions {
  /** Only flight dates in [from, to] (ISO dates, inclusive). */
  from?: string;
  to?: string;
  /** An open-ended leg ("until further notice") or an unbounded window stops this many days after its start. */
  horizonDays?: number;
  /** Stops there and says so: a big file over a long window is millions of flights. */
  maxFlights?: number;
}

export interface SchedulePeriods {
  flights: ScheduledFlight[];
  /** True when maxFlights stopped the expansion. */
  truncated: boolean;
}

export const DEFAULT_MAX_FLIGHTS = 1_000_000;
const DAY_MS = 86_400_000;

/** Pure and linear in legs × days of their periods (each capped at horizonDays); never throws on a parsed leg. */
export function schedulePeriods(legs: readonly SsimLeg[], options: SchedulePeriodOptions = {}): SchedulePeriods {
  const horizon = options.horizonDays ?? MAX_SCHEDULE_DAYS;
  const maxFlights = options.maxFlights ?? DEFAULT_MAX_FLIGHTS;
  const windowFrom = options.from ? isoDateToEpochDay(options.from) : Number.NEGATIVE_INFINITY;
  const windowTo = options.to ? isoDateToEpochDay(options.to) : Number.POSITIVE_INFINITY;
  const flights = new Map<string, ScheduledFlight>();
  let truncated = false;

  outer: for (const leg of legs) {
    for (const day of operatingDays(leg, windowFrom, windowTo, horizon)) {
      const flightDate = epochDayToIsoDate(day);
      const key = `${leg.number}|${leg.itinerary_variation}|${flightDate}`;
      let flight = flights.get(key);
      if (!flight) {
        if (flights.size >= maxFlights) {
          truncated = true;
          break outer;
        }
        flight = {
          carrier: leg.carrier,
          flight_number: leg.flight_number,
          operational_suffix: leg.operational_suffix,
          number: leg.number,
          itinerary_variation: leg.itinerary_variation,
          flight_date: flightDate,
          number_with_date: `${leg.number}/${formatIataDate(flightDate)}`,
          legs: [],
        };
        flights.set(key, flight);
      }
      flight.legs.push(datedLeg(leg, day));
    }
  }
  const list = [...flights.values()];
  for (const flight of list) flight.legs.sort((a, b) => a.leg_sequence - b.leg_sequence);
  list.sort((a, b) => cmp(a.number, b.number) || cmp(a.flight_date, b.flight_date) || a.itinerary_variation - b.itinerary_variation);
  return { flights: list, truncated };
}

/** The period a leg (or an SSM's period line) operates in: dates, weekdays ("135"), every other week with rate 2. */
export interface OperatingPeriod {
  period_from: string;
  period_to: string | null;
  days_of_week: string;
  frequency_rate: number | null;
}

/** The epoch days a period operates on within [windowFrom, windowTo], at most `horizon` days after its first. */
function* operatingDays(period: OperatingPeriod, windowFrom: number, windowTo: number, horizon: number): Generator<number> {
  const periodFrom = isoDateToEpochDay(period.period_from);
  const first = Math.max(periodFrom, windowFrom);
  const periodTo = period.period_to === null ? Number.POSITIVE_INFINITY : isoDateToEpochDay(period.period_to);
  const last = Math.min(periodTo, windowTo, first + horizon - 1);
  const days = new Set([...period.days_of_week].map(Number));
  const everyWeeks = period.frequency_rate ?? 1;
  for (let day = first; day <= last; day++) {
    // 1970-01-01 was a Thursday (ISO weekday 4).
    const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
    if (!days.has(weekday)) continue;
    if (everyWeeks > 1 && Math.floor((day - periodFrom) / 7) % everyWeeks !== 0) continue;
    yield day;
  }
}

/** The ISO dates a period operates on within [from, to] (inclusive), as schedulePeriods counts them; at most `max`. */
export function operatingDates(period: OperatingPeriod, from: string, to: string, max = DEFAULT_MAX_FLIGHTS): string[] {
  const dates: string[] = [];
  for (const day of operatingDays(period, isoDateToEpochDay(from), isoDateToEpochDay(to), MAX_SCHEDULE_DAYS)) {
    if (dates.length >= max) break;
    dates.push(epochDayToIsoDate(day));
  }
  return dates;
}

/**
 * The flight dates a receiver applies a schedule to, received at `at`: from that UTC day on, for a year
 * (MAX_SCHEDULE_DAYS, the longest schedule the product creates). Earlier dates have flown; later ones are not sold.
 */
export function scheduleWindow(at: Date): { from: string; to: string } {
  const from = at.toISOString().slice(0, 10);
  return { from, to: epochDayToIsoDate(isoDateToEpochDay(from) + MAX_SCHEDULE_DAYS - 1) };
}

/** "--03-12" (an ASM date without its year) as the date of that day nearest to `at`: last year, this year or next. */
export function nearestDateOfDay(monthDay: string, at: Date): string | null {
  const m = /^--(\d{2})-(\d{2})$/.exec(monthDay);
  if (!m) return null;
  const today = isoDateToEpochDay(at.toISOString().slice(0, 10));
  const year = at.getUTCFullYear();
  let best: { date: string; distance: number } | null = null;
  for (const y of [year - 1, year, year + 1]) {
    const date = `${y}-${m[1]}-${m[2]}`;
    // 29 February of a year without it is no date
    if (!isIsoDate(date)) continue;
    const day = isoDateToEpochDay(date);
    const distance = Math.abs(day - today);
    if (!best || distance < best.distance) best = { date, distance };
  }
  return best?.date ?? null;
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function datedLeg(leg: SsimLeg, flightDay: number): ScheduledLeg {
  const departure = instant(flightDay + leg.departure_date_variation, leg.std, leg.time_mode === "utc" ? 0 : offsetMinutes(leg.origin_utc_offset));
  const arrival = instant(flightDay + leg.arrival_date_variation, leg.sta, leg.time_mode === "utc" ? 0 : offsetMinutes(leg.destination_utc_offset));
  return {
    leg_sequence: leg.leg_sequence,
    origin_iata: leg.origin_iata,
    destination_iata: leg.destination_iata,
    std: new Date(departure.utcMs).toISOString(),
    sta: new Date(arrival.utcMs).toISOString(),
    std_written: departure.written,
    sta_written: arrival.written,
    origin_utc_offset: leg.origin_utc_offset,
    destination_utc_offset: leg.destination_utc_offset,
    aircraft_type: leg.aircraft_type,
    service_type: leg.service_type,
    aircraft_configuration: leg.aircraft_configuration,
  };
}

/** A time written "HH:mm" on an epoch day at an offset (0 for UTC): the instant, and the written "YYYY-MM-DDTHH:mm". */
function instant(day: number, time: string, offset: number): { utcMs: number; written: string } {
  const minutes = Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  return { utcMs: day * DAY_MS + (minutes - offset) * 60_000, written: `${epochDayToIsoDate(day)}T${time}` };
}
