/** Source of "now" for everything time-sensitive (token lifetimes, grace, rate windows), so tests can move time. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * A clock that reads `start` now and then runs at real speed (now = start + time elapsed since this call), so
 * token lifetimes and rate windows behave as usual on a shifted date (CARGO_NOW).
 */
export function clockStartingAt(start: Date): Clock {
  const offsetMs = start.getTime() - Date.now();
  return () => new Date(Date.now() + offsetMs);
}

/** The API's clock for a configuration: CARGO_NOW when set, the system clock otherwise. */
export const configuredClock = (config: { CARGO_NOW?: Date }): Clock => (config.CARGO_NOW ? clockStartingAt(config.CARGO_NOW) : systemClock);

/** The UTC calendar date of an instant (YYYY-MM-DD): the seed's "today". */
export const utcDateOf = (d: Date) => d.toISOString().slice(0, 10);

export const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000;

export const addSeconds = (d: Date, s: number) => new Date(d.getTime() + s * 1000);
