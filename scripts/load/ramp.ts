/**
 * When each virtual user arrives (issue 25): people start their day over a while, not in one instant, so user i of N
 * signs in i·ramp/N seconds after the run's clock starts and begins its journeys once signed in. Users spread evenly
 * in roster order, which interleaves the roles (roster.ts), so the desk and the forwarders arrive together.
 */

/** Milliseconds after the run's start at which user `index` (0-based) of `users` signs in; 0 for every user when `rampSeconds` is 0. */
export function arrivalMs(index: number, users: number, rampSeconds: number): number {
  return Math.round((index * rampSeconds * 1000) / users);
}
