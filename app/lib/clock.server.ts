/**
 * "Now" for every decision the BFF makes by time (token expiry, the flight list's default dates, allotment
 * release). One clock, read from the same CARGO_NOW as the cargo API's (app/lib/config.server.ts validates it),
 * so that tests and demos can run the whole service on any date and both sides agree on what "now" is.
 * Reach it through `context.config.clock`; browser code gets "today" from loader data, never its own clock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** Reads `start` now and runs at real speed from there, so token lifetimes behave as usual on a shifted date. */
export function clockStartingAt(start: Date): Clock {
  const offsetMs = start.getTime() - Date.now();
  return () => new Date(Date.now() + offsetMs);
}

/** The clock for a configured CARGO_NOW: from that instant onwards when set, the system clock otherwise. */
export const clockFrom = (cargoNow: Date | undefined): Clock => (cargoNow ? clockStartingAt(cargoNow) : systemClock);

/** The UTC calendar date of an instant (YYYY-MM-DD). */
export const utcDateOf = (d: Date) => d.toISOString().slice(0, 10);
