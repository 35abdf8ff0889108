/**
 * What one SSIM telegram may bring (issue 23; DESIGN §4a: limits before work), checked by the POST before anything is
 * stored, so that the queue never holds a job it cannot finish within its attempt:
 * - the file: 4 MiB, about 20 000 records of 200 bytes (a season of a mid-size airline; a bigger schedule comes in
 *   several files, one per data set or season part);
 * - legs (type-3 records): 5 000;
 * - dated flights the legs make within the horizon (a year from the day received): 20 000, each one segment per leg.
 */
export const SSIM_LIMITS = {
  maxFileBytes: 4 * 1024 * 1024,
  maxLegs: 5_000,
  maxFlights: 20_000,
} as const;
