/**
 * The users' sign-ins during the run, as their own figure (issue 25): each attempt is timed whole (the form, the
 * password, the landing page: what a person waits for) and ends signed in, failed (an answer that was not a sign-in:
 * the unavailable notice, a 5xx, a refusal, a connection refused or reset), timed out (no answer within the request
 * limit) or cut by the end of the run. A failed sign-in is not a reason to stop the run: the user pauses and tries
 * again, as a person would; one that never gets in does no journeys. The requests themselves are also in the stats
 * under the sign-in steps, where their 5xx and sign-outs count towards the run's verdict like any page's.
 */
import { percentile } from "./stats";
import { NetworkError, RunOver, SignedOut, UnexpectedAnswer } from "./virtual-user";

/** How long a user waits before trying again after a failed sign-in. */
export const SIGN_IN_RETRY_PAUSE_MS = 5_000;

export interface SignInFigures {
  attempts: number;
  signedIn: number;
  failed: number;
  timedOut: number;
  /** Attempts the end of the run stopped between two of their requests. */
  cut: number;
  /** Over the attempts that ended (signed in, failed or timed out), ms. */
  p50: number;
  p95: number;
  max: number;
  /** Why attempts failed or timed out, with counts ("sign in: 503": 4). */
  reasons: Record<string, number>;
}

export class SignInTally {
  private readonly times: number[] = [];
  private signedIn = 0;
  private failed = 0;
  private timedOut = 0;
  private cut = 0;
  private readonly reasons: Record<string, number> = {};

  private because(reason: string): void {
    this.reasons[reason] = (this.reasons[reason] ?? 0) + 1;
  }

  succeeded(ms: number): void {
    this.times.push(ms);
    this.signedIn++;
  }

  /**
   * An attempt that threw `error` after `ms`: counted when it is a sign-in that did not work (true), left to the
   * caller otherwise (false: a page that does not look as expected, or a bug here, is not a failed sign-in).
   */
  failure(ms: number, error: unknown): boolean {
    if (error instanceof RunOver) {
      this.cut++;
      return true;
    }
    if (error instanceof NetworkError && error.timedOut) {
      this.times.push(ms);
      this.timedOut++;
      this.because("timed out");
      return true;
    }
    const reason =
      error instanceof NetworkError ? "no answer (refused or reset)" : error instanceof UnexpectedAnswer ? `${error.step}: ${error.page.status}` : error instanceof SignedOut ? "sent back to sign in" : null;
    if (reason === null) return false;
    this.times.push(ms);
    this.failed++;
    this.because(reason);
    return true;
  }

  figures(): SignInFigures {
    const sorted = [...this.times].sort((a, b) => a - b);
    return {
      attempts: this.signedIn + this.failed + this.timedOut + this.cut,
      signedIn: this.signedIn,
      failed: this.failed,
      timedOut: this.timedOut,
      cut: this.cut,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      max: sorted.at(-1) ?? 0,
      reasons: { ...this.reasons },
    };
  }
}

export interface Patience {
  /** The run is over (or aborted): no new attempt. */
  stopping: () => boolean;
  /** Waits `ms` (a timer in the run; nothing in a test). */
  pause: (ms: number) => Promise<void>;
  now: () => number;
}

/**
 * Tries `signIn` until it works or the run stops, pausing SIGN_IN_RETRY_PAUSE_MS after each failure, every attempt
 * counted in `tally`. True once signed in; false when the run stopped first. Anything that is not a failed sign-in
 * (a sign-in page without its form) is thrown on.
 */
export async function signInPatiently(signIn: () => Promise<unknown>, tally: SignInTally, patience: Patience): Promise<boolean> {
  while (!patience.stopping()) {
    const started = patience.now();
    try {
      await signIn();
      tally.succeeded(patience.now() - started);
      return true;
    } catch (error) {
      if (!tally.failure(patience.now() - started, error)) throw error;
      if (error instanceof RunOver) return false;
    }
    await patience.pause(SIGN_IN_RETRY_PAUSE_MS);
  }
  return false;
}
