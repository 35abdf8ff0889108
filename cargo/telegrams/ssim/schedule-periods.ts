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
import { epochDayToIsoDate, isoDateToEpochDay } from "../../time/local-date";
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
    const periodFrom = isoDateToEpochDay(leg.period_from);
    const first = Math.max(periodFrom, windowFrom);
    const periodTo = leg.period_to === null ? Number.POSITIVE_INFINITY : isoDateToEpochDay(leg.period_to);
    const last = Math.min(periodTo, windowTo, first + horizon - 1);
    const days = new Set([...leg.days_of_week].map(Number));
    const everyWeeks = leg.frequency_rate ?? 1;
    for (let day = first; day <= last; day++) {
      // 1970-01-01 was a Thursday (ISO weekday 4).
      const weekday = ((((day + 3) % 7) + 7) % 7) + 1;
      if (!days.has(weekday)) continue;
      if (everyWeeks > 1 && Math.floor((day - periodFrom) / 7) % everyWeeks !== 0) continue;
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
