/**
 * The worker that runs the queue's jobs (api/jobs/queue.ts) inside the API's process: started by startApi, so every
 * API instance works the one queue (SKIP LOCKED keeps each job on one worker). It polls, backing off while idle, and
 * wakes at once on the NOTIFY of a committed enqueue (LISTEN on PostgreSQL and in PGlite's own session alike).
 */
import os from "node:os";
import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { ZodType } from "zod";
import type { Clock } from "../clock";
import type { Database, Db } from "../db/open";
import type { Job } from "../db/tables/jobs";
import { claimJobs, JOBS_CHANNEL, markFailed, markSucceeded, releaseJobs, sweepFinishedJobs } from "./queue";
import { retryAt, type Backoff } from "./backoff";

/** Thrown by a handler when trying again cannot help (the record it works for is gone): the job dies at once. */
export class PermanentJobError extends Error {}

export interface JobContext {
  job: Job;
  db: Db;
  now: Clock;
  /** Aborted when the job's timeout passes: a handler hands it to what it waits on (a socket, a fetch). */
  signal: AbortSignal;
}

/** How one kind of job is run. */
export interface JobHandler<P = unknown> {
  /** The payload as the handler expects it: a payload that does not match is dead at once (it never will). */
  payload: ZodType<P>;
  run(payload: P, context: JobContext): Promise<void>;
  /** One attempt's limit (default DEFAULT_JOB_TIMEOUT_MS): past it the attempt fails and its signal aborts. */
  timeoutMs?: number;
  backoff?: Backoff;
}

export type JobHandlers = Record<string, JobHandler<never>>;

/** A handler with its payload's type checked against its run function. */
export const jobHandler = <P>(handler: JobHandler<P>): JobHandler<never> => handler as unknown as JobHandler<never>;

export const DEFAULT_JOB_TIMEOUT_MS = 60_000;
/** A running job's lock lasts this much past the longest timeout, so only a dead worker's lock runs out. */
const LOCK_MARGIN_MS = 30_000;

export interface WorkerOptions {
  database: Pick<Database, "db" | "listen">;
  now: Clock;
  handlers: JobHandlers;
  log?: Pick<FastifyBaseLogger, "error" | "warn">;
  /** Jobs run at once by this worker (default 4). */
  concurrency?: number;
  /** Idle polling: the first wait after an empty poll and the longest (default 250 ms doubling to 5 s). */
  idleMs?: { min: number; max: number };
  /** How long stop() waits for running jobs before giving them back to the queue (default 10 s). */
  stopGraceMs?: number;
  /** Jitter's randomness (tests pin it). */
  random?: () => number;
  /** Names this worker in locked_by (default host, process and a random tag). */
  id?: string;
}

export interface JobWorker {
  readonly id: string;
  /** Starts polling (and listening); idempotent. */
  start(): void;
  /** Stops taking jobs, waits for the running ones up to stopGraceMs, releases what is left. */
  stop(): Promise<void>;
  /** Runs every job due now, batch by batch, until none is: for tests and one-off runs without the loop. Answers how many ran. */
  drain(): Promise<number>;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message || error.name : String(error));
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** Sweeping finished jobs: at most once in this many ms of polling. */
const SWEEP_EVERY_MS = 10 * 60_000;

export function createJobWorker(opts: WorkerOptions): JobWorker {
  const { database, now, handlers } = opts;
  const db = database.db;
  const id = opts.id ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const idle = opts.idleMs ?? { min: 250, max: 5000 };
  const random = opts.random ?? Math.random;
  const kinds = Object.keys(handlers);
  const timeoutOf = (kind: string) => handlers[kind]?.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const lockMs = Math.max(DEFAULT_JOB_TIMEOUT_MS, ...kinds.map(timeoutOf)) + LOCK_MARGIN_MS;

  const running = new Map<number, Promise<void>>();
  let loop: Promise<void> | undefined;
  let stopping = false;
  let unlisten: (() => Promise<void>) | undefined;
  let listening = false;
  let lastSweep = 0;
  // the loop's wait: a timer, a NOTIFY, a finished job (a free slot) or stop() ends it
  let wake: () => void = () => {};
  let woken = false;
  const nudge = () => {
    woken = true;
    wake();
  };

  async function runJob(job: Job): Promise<void> {
    const handler = handlers[job.kind]!;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    try {
      const parsed = handler.payload.safeParse(job.payload);
      if (!parsed.success) throw new PermanentJobError(`payload does not match the ${job.kind} job: ${parsed.error.issues[0]?.message ?? "invalid"}`);
      const timeoutMs = timeoutOf(job.kind);
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          // the attempt fails first: a handler that returns as soon as it sees the abort must not count as done
          reject(new Error(`timed out after ${timeoutMs} ms`));
          controller.abort();
        }, timeoutMs);
      });
      await Promise.race([handler.run(parsed.data as never, { job, db, now, signal: controller.signal }), timedOut]);
      await markSucceeded(db, job, id, now());
    } catch (error) {
      const at = now();
      await markFailed(db, job, id, at, errorText(error), retryAt(at, job.attempts, handler.backoff, random), error instanceof PermanentJobError).catch(
        // the database is away: the lock runs out and another attempt comes then
        (markError: unknown) => opts.log?.error({ err: markError, job: job.id }, "could not record a failed job"),
      );
    } finally {
      clearTimeout(timer);
    }
  }

  /** Claims what the free slots allow and starts it; answers how many were taken. */
  async function claimAndStart(): Promise<Promise<void>[]> {
    const at = now();
    const claimed = await claimJobs(db, id, kinds, concurrency - running.size, at, new Date(at.getTime() + lockMs));
    return claimed.map((job) => {
      const done = runJob(job).finally(() => {
        running.delete(job.id);
        nudge();
      });
      running.set(job.id, done);
      return done;
    });
  }

  async function listen(): Promise<void> {
    if (listening || stopping) return;
    listening = true;
    try {
      unlisten = await database.listen(JOBS_CHANNEL, nudge, () => {
        listening = false;
        unlisten = undefined;
      });
    } catch (error) {
      // polling goes on; the next idle round tries again
      listening = false;
      opts.log?.warn({ err: error }, "job queue: LISTEN failed, polling only");
    }
  }

  async function sweep(): Promise<void> {
    if (Date.now() - lastSweep < SWEEP_EVERY_MS) return;
    lastSweep = Date.now();
    await sweepFinishedJobs(db, now());
  }

  async function poll(): Promise<void> {
    let idleMs = idle.min;
    while (!stopping) {
      let started = 0;
      try {
        await listen();
        if (running.size < concurrency) started = (await claimAndStart()).length;
        if (started === 0 && running.size === 0) await sweep();
      } catch (error) {
        opts.log?.error({ err: error }, "job queue: polling failed");
      }
      idleMs = started > 0 ? idle.min : Math.min(idleMs * 2, idle.max);
      // a batch was taken and slots are left: look again at once (more may be due)
      if (started > 0 && running.size < concurrency) continue;
      if (!woken && !stopping) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, idleMs);
          timer.unref();
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
      wake = () => {};
      woken = false;
    }
  }

  return {
    id,
    start() {
      if (loop || stopping) return;
      loop = poll();
    },
    async stop() {
      stopping = true;
      wake();
      await loop;
      await unlisten?.().catch(() => {});
      const grace = sleep(opts.stopGraceMs ?? 10_000).then(() => "late" as const);
      if ((await Promise.race([Promise.all(running.values()), grace])) === "late") {
        await releaseJobs(db, [...running.keys()], id, now()).catch((error: unknown) => opts.log?.error({ err: error }, "job queue: could not release running jobs"));
      }
    },
    async drain() {
      let ran = 0;
      for (;;) {
        const batch = await claimAndStart();
        if (batch.length === 0) break;
        ran += batch.length;
        await Promise.all(batch);
      }
      await Promise.all(running.values());
      return ran;
    },
  };
}
