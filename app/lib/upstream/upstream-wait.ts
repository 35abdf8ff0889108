/**
 * How long one browser request waited for the cargo API: calls that overlap count once (a loader's two
 * parallel calls wait for the slower). The BFF reports it as `Server-Timing: upstream;dur=…`, so the SSR
 * cost of a page can be read beside what it waited for (devtools, `npm run bench`).
 */
export class UpstreamWait {
  private inFlight = 0;
  private since = 0;
  private waited = 0;
  /** How many calls were made (retries of one call included): the bench checks a page makes the calls it measures. */
  calls = 0;

  begin(): void {
    this.calls++;
    if (this.inFlight++ === 0) this.since = performance.now();
  }

  end(): void {
    if (--this.inFlight === 0) this.waited += performance.now() - this.since;
  }

  /** Milliseconds waited so far, counting a call still in flight up to now. */
  get ms(): number {
    return this.waited + (this.inFlight > 0 ? performance.now() - this.since : 0);
  }
}
