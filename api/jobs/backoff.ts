/** How long a failed job waits before its next attempt: doubling from `baseSeconds`, never over `maxSeconds`. */
export interface Backoff {
  baseSeconds: number;
  maxSeconds: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseSeconds: 10, maxSeconds: 3600 };

/**
 * The wait after the `attempt`-th failure (1-based): base·2^(attempt−1) capped, of which the second half is random
 * ("equal jitter"), so the jobs that failed together on one outage do not all come back in the same second, yet none
 * comes back sooner than half its step.
 */
export function retryDelaySeconds(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const step = Math.min(backoff.maxSeconds, backoff.baseSeconds * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return step / 2 + (step / 2) * Math.min(Math.max(random(), 0), 1);
}

/** When the retry after the `attempt`-th failure is due, on the API's clock. */
export const retryAt = (now: Date, attempt: number, backoff?: Backoff, random?: () => number): Date =>
  new Date(now.getTime() + Math.round(retryDelaySeconds(attempt, backoff, random) * 1000));
