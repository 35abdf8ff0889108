/**
 * When a flight may be recorded as departed. STD is an instant (stored in UTC, shown in the origin's zone); an
 * aircraft is often ready and pushes back a little early, never days early: a departure earlier than STD minus this
 * tolerance is a mistake (the wrong flight, the wrong day) and is refused. The same rule decides whether the flight
 * page offers "Depart". Both the moment of recording and the actual time given must be past that bound: an actual
 * departure is not recorded ahead of time.
 */
import { formatLocalIso } from "../time/zoned-time";

/** How early before STD a departure is still accepted, in minutes. */
export const EARLY_DEPARTURE_MINUTES = 60;

/** The earliest instant a flight with this STD may depart (and be recorded as departed). */
export function earliestDeparture(std: Date): Date {
  return new Date(+std - EARLY_DEPARTURE_MINUTES * 60_000);
}

/** Whether a departure at `at`, recorded at `now`, is not too early for the flight's STD. */
export function departureDue(std: Date, at: Date, now: Date = at): boolean {
  const earliest = +earliestDeparture(std);
  return +at >= earliest && +now >= earliest;
}

/** The refusal code of a departure before its time. */
export const DEPARTURE_TOO_EARLY = "departure_before_schedule";

/**
 * The params of that refusal: STD and the earliest departure in UTC and in the origin's local time (the time the
 * handling desk reads on its schedule), ISO text.
 */
export function departureTooEarlyParams(std: Date, originTimeZone: string): { std: string; std_local: string; earliest: string; earliest_local: string; tolerance_minutes: number } {
  const earliest = earliestDeparture(std);
  return {
    std: std.toISOString(),
    std_local: formatLocalIso(std, originTimeZone),
    earliest: earliest.toISOString(),
    earliest_local: formatLocalIso(earliest, originTimeZone),
    tolerance_minutes: EARLY_DEPARTURE_MINUTES,
  };
}
