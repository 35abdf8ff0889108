/**
 * What the load run measured, per step (a page or a form): how many requests, their times at p50/p95/p99, their
 * answers by class, and the requests that got no answer. A 503 that is the BFF's own translated "service
 * unavailable" page is counted apart (the fault runs of issue 12 allow it for the requests in flight); every other
 * 5xx is a defect. Pure apart from the clock the caller passes in.
 */

/** A step's answers by class, and the requests that got none. */
interface StatusCounts {
  s2xx: number;
  s3xx: number;
  s4xx: number;
  /** 5xx answers that are not the BFF's unavailable notice: defects. */
  s5xx: number;
  /** 503 answers that are the BFF's translated unavailable notice. */
  unavailable: number;
  /** No answer: refused, reset or past the request timeout. */
  networkErrors: number;
}

export interface StepFigures extends StatusCounts {
  step: string;
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export interface Totals extends Omit<StepFigures, "step"> {
  /** Length of the timed window: from the clock's start until the last in-flight request ended. */
  seconds: number;
  /** Requests of these steps answered or failed within the timed window, per second of it (preparation not counted). */
  pagesPerSecond: number;
  signedOut: number;
}

/**
 * The value at percentile `p` (0-100) of ascending `sorted`, nearest rank: the smallest value with at least p% of
 * the values at or below it. 0 for no values.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

interface StepSamples extends StatusCounts {
  times: number[];
  /** Requests recorded while the timed window was open. */
  inWindow: number;
  /** Requests that found the user's session gone. */
  signedOut: number;
}

const emptySamples = (): StepSamples => ({ times: [], s2xx: 0, s3xx: 0, s4xx: 0, s5xx: 0, unavailable: 0, networkErrors: 0, inWindow: 0, signedOut: 0 });

export class Stats {
  private readonly steps = new Map<string, StepSamples>();
  private windowOpen = false;
  /** A few examples of each kind of failure, for the report (the first ones; never the whole stream). */
  readonly examples: Array<{ step: string; what: string }> = [];

  constructor(
    /** Whether a 503's body is the BFF's translated "service unavailable" page. */
    private readonly isUnavailableNotice: (body: string) => boolean,
  ) {}

  private of(step: string): StepSamples {
    let samples = this.steps.get(step);
    if (!samples) this.steps.set(step, (samples = emptySamples()));
    return samples;
  }

  example(step: string, what: string): void {
    if (this.examples.filter((e) => e.step === step).length < 3 && this.examples.length < 40) this.examples.push({ step, what });
  }

  /** From now on requests count towards pages/s (preparation before this does not). */
  openWindow(): void {
    this.windowOpen = true;
  }

  closeWindow(): void {
    this.windowOpen = false;
  }

  record(step: string, ms: number, status: number, body: string): void {
    const samples = this.of(step);
    if (this.windowOpen) samples.inWindow++;
    samples.times.push(ms);
    if (status >= 500) {
      if (status === 503 && this.isUnavailableNotice(body)) samples.unavailable++;
      else {
        samples.s5xx++;
        this.example(step, `${status}`);
      }
    } else if (status >= 400) samples.s4xx++;
    else if (status >= 300) samples.s3xx++;
    else samples.s2xx++;
  }

  networkError(step: string, ms: number, error: unknown): void {
    const samples = this.of(step);
    if (this.windowOpen) samples.inWindow++;
    samples.times.push(ms);
    samples.networkErrors++;
    this.example(step, `no answer: ${(error as Error)?.message ?? String(error)}`);
  }

  signedOut(step: string): void {
    this.of(step).signedOut++;
    this.example(step, "sent to /signIn");
  }

  /** The figures of every step `included`, in the order the steps were first seen. */
  figures(included: (step: string) => boolean = () => true): StepFigures[] {
    return [...this.steps].filter(([step]) => included(step)).map(([step, s]) => figuresOf(step, s));
  }

  /** The steps `included` taken together, over a timed window of `seconds`. */
  totals(seconds: number, included: (step: string) => boolean = () => true): Totals {
    const all = emptySamples();
    for (const [step, s] of this.steps) {
      if (!included(step)) continue;
      for (const t of s.times) all.times.push(t);
      all.s2xx += s.s2xx;
      all.s3xx += s.s3xx;
      all.s4xx += s.s4xx;
      all.s5xx += s.s5xx;
      all.unavailable += s.unavailable;
      all.networkErrors += s.networkErrors;
      all.inWindow += s.inWindow;
      all.signedOut += s.signedOut;
    }
    const { step: _step, ...figures } = figuresOf("all", all);
    return { ...figures, seconds, pagesPerSecond: seconds > 0 ? all.inWindow / seconds : 0, signedOut: all.signedOut };
  }
}

function figuresOf(step: string, s: StepSamples): StepFigures {
  const sorted = [...s.times].sort((a, b) => a - b);
  return {
    step,
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    s2xx: s.s2xx,
    s3xx: s.s3xx,
    s4xx: s.s4xx,
    s5xx: s.s5xx,
    unavailable: s.unavailable,
    networkErrors: s.networkErrors,
  };
}
