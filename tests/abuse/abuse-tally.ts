import { FREEZE_BOUND_MS } from "../freeze-bound";
/**
 * What an abuse run saw: requests sent, routes covered, 5xx, slowest answer, and each distinct finding
 * (one per route and kind, with the first input that showed it), printed at the end of the file's run.
 */
export interface Finding {
  route: string;
  kind: "5xx" | "hang" | "no message" | "echo at size" | "tables changed" | "accepted implausible value" | "not answering";
  detail: string;
}

/** A request that takes longer than this counts as a hang (the issue's bar is a second of CPU per request). */
export const HANG_MS = Number(process.env.ABUSE_HANG_MS ?? 5_000);
/**
 * After a route's run the service must answer a simple request within this: a second in `npm run test:abuse` (run on
 * purpose, on a quiet machine), a freeze's bound in `npm test`, where the CI machine's other files have slowed that
 * answer to 1 016 ms (a whole check of 2026-11-28) without any defect.
 */
export const ALIVE_MS = process.env.ABUSE_RUNS ? 1_000 : FREEZE_BOUND_MS;
/** A 4xx answer larger than this echoes the input back at size. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

/** Generated requests per route; `npm test` keeps it small, `npm run test:abuse` sets ABUSE_RUNS. */
export const RUNS_PER_ROUTE = Number(process.env.ABUSE_RUNS ?? 3);
/** fast-check seed: random unless ABUSE_SEED replays a run (printed with the counts). */
export const SEED = process.env.ABUSE_SEED ? Number(process.env.ABUSE_SEED) : Math.floor(Math.random() * 2 ** 31);

/** Each route its own stream of inputs (one seed for all would send every route the same choices), still replayable. */
export function seedFor(route: string): number {
  let hash = SEED;
  for (const char of route) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

export class AbuseTally {
  requests = 0;
  serverErrors = 0;
  slowestMs = 0;
  slowestRoute = "";
  readonly routes = new Set<string>();
  readonly covered = new Set<string>();
  readonly findings: Finding[] = [];
  /** Answers per status code: shows whether the inputs reach the handlers (2xx, 404, 422) or stop at the gate. */
  readonly statuses = new Map<number, number>();

  constructor(readonly name: string) {}

  answered(route: string, ms: number, status: number) {
    this.requests++;
    this.covered.add(route);
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1);
    if (status >= 500) this.serverErrors++;
    if (ms > this.slowestMs) {
      this.slowestMs = ms;
      this.slowestRoute = route;
    }
  }

  /** Keeps the first finding of each kind per route: the list is for people fixing them. */
  found(finding: Finding) {
    if (this.findings.some((f) => f.route === finding.route && f.kind === finding.kind)) return;
    this.findings.push(finding);
  }

  findingsOf(route: string): Finding[] {
    return this.findings.filter((f) => f.route === route);
  }

  summary(): string {
    const lines = [
      `${this.name}: ${this.requests} requests sent, ${this.covered.size} of ${this.routes.size} routes covered, ` +
        `${this.serverErrors} 5xx seen, slowest answer ${Math.round(this.slowestMs)} ms (${this.slowestRoute}); ` +
        `${RUNS_PER_ROUTE} runs per route, ABUSE_SEED=${SEED}`,
      `  answers by status: ${[...this.statuses].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(" ")}`,
      ...this.findings.map((f) => `  ${f.kind}: ${f.route}: ${f.detail}`),
    ];
    return lines.join("\n");
  }
}

/** Resolves with the answer and its time, or with `undefined` when it took longer than HANG_MS (the request keeps running). */
export async function timed<T>(work: Promise<T>): Promise<{ value: T | undefined; ms: number }> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), HANG_MS);
  });
  try {
    const value = await Promise.race([work, hang]);
    return { value, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
}
