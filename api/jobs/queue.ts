/**
 * The durable job queue: one `jobs` table (api/db/tables/jobs.ts) worked with `SELECT … FOR UPDATE SKIP LOCKED` in the
 * API's own connection, on PostgreSQL and on the embedded PGlite alike (docs/jobs.md).
 *
 * Why a table and not pg-boss (measured in the notes of 11-27: pg-boss 10.4.2 does run on PGlite through
 * pglite-socket): a job must be queued in the SAME transaction as the change that calls for it (the reset token and
 * its mail, a telegram and its processing), so that a rolled-back change leaves no job and a committed one always has
 * its job. pg-boss sends through its own connection, outside the caller's transaction; on PGlite it would also need a
 * socket server sharing the single session, a pinned peer-version override, and a second schema of its own. The table
 * is a few statements every PostgreSQL since 9.5 runs, PGlite included, through the same drizzle code: one code path.
 *
 * Every moment written here comes from the caller's clock (the API's, CARGO_NOW), never from the database's now():
 * tests move time for backoff and lock expiry instead of sleeping, and a shifted demo date behaves as a real one.
 */
import { and, desc, eq, inArray, lte, or, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { JOB_PAYLOAD_MAX_BYTES, jobs, type Job, type JobState } from "../db/tables/jobs";

/** Anything that runs statements: the API's database or a transaction of it. */
export type Executor = Pick<Db, "select" | "selectDistinctOn" | "insert" | "update" | "delete" | "execute">;

/** The channel a committed enqueue NOTIFYs, so idle workers wake at once instead of at their next poll. */
export const JOBS_CHANNEL = "cargo_jobs";

export const DEFAULT_MAX_ATTEMPTS = 5;

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** Not before this moment (default: now). */
  runAt?: Date;
  maxAttempts?: number;
  /** While a job with this key is pending (queued, running or waiting for a retry), the same key is not queued again. */
  dedupeKey?: string;
  /** The record the job works for: its state is read back through it (jobStatesOf). */
  owner?: { table: string; id: number };
}

/**
 * Queues a job inside the caller's transaction: it exists if and only if the transaction commits, and the NOTIFY
 * that wakes the workers is delivered at that commit too. Answers the job's id, or null when its dedupe key is
 * pending already (ON CONFLICT DO NOTHING: a unique violation would abort the caller's transaction).
 */
export async function enqueue(tx: Pick<Executor, "insert" | "execute">, job: NewJob, now: Date): Promise<number | null> {
  // Limits before work: a payload carries ids and small facts; the table's check says the same.
  const size = Buffer.byteLength(JSON.stringify(job.payload), "utf8");
  if (size > JOB_PAYLOAD_MAX_BYTES) throw new Error(`a ${job.kind} job's payload is ${size} bytes, over ${JOB_PAYLOAD_MAX_BYTES}`);
  const [row] = await tx
    .insert(jobs)
    .values({
      kind: job.kind,
      payload: job.payload,
      max_attempts: job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      run_at: job.runAt ?? now,
      dedupe_key: job.dedupeKey ?? null,
      owner_table: job.owner?.table ?? null,
      owner_id: job.owner?.id ?? null,
      created_at: now,
    })
    .onConflictDoNothing({
      target: jobs.dedupe_key,
      where: sql`${jobs.state} in ('queued', 'running', 'failed') and ${jobs.dedupe_key} is not null`,
    })
    .returning({ id: jobs.id });
  if (!row) return null;
  await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, ${job.kind})`);
  return row.id;
}

/**
 * Takes up to `limit` jobs of `kinds` for `workerId`: due ones (queued, or failed with their retry due) and running
 * ones whose worker's lock ran out (it crashed). SKIP LOCKED: two workers polling at once take different rows and
 * never wait on each other. Each taken job counts an attempt and is locked until `lockedUntil` (past the longest
 * timeout of the worker's kinds, so a lock runs out only when its worker is gone).
 */
export async function claimJobs(db: Executor, workerId: string, kinds: string[], limit: number, now: Date, lockedUntil: Date): Promise<Job[]> {
  if (kinds.length === 0 || limit <= 0) return [];
  await buryAbandoned(db, kinds, now);
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        inArray(jobs.kind, kinds),
        or(and(inArray(jobs.state, ["queued", "failed"]), lte(jobs.run_at, now)), and(eq(jobs.state, "running"), lte(jobs.locked_until, now))),
      ),
    )
    .orderBy(jobs.run_at, jobs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(jobs)
    .set({ state: "running", attempts: sql`${jobs.attempts} + 1`, locked_by: workerId, locked_until: lockedUntil })
    .where(inArray(jobs.id, due))
    .returning();
}

/** A running job whose lock ran out on its last attempt is not taken again: its worker died on it every time. */
async function buryAbandoned(db: Executor, kinds: string[], now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({
      state: "dead",
      finished_at: now,
      last_error: sql`coalesce(${jobs.last_error} || ' / ', '') || 'its worker (' || ${jobs.locked_by} || ') stopped before finishing it'`,
      locked_by: null,
      locked_until: null,
    })
    .where(and(inArray(jobs.kind, kinds), eq(jobs.state, "running"), lte(jobs.locked_until, now), sql`${jobs.attempts} >= ${jobs.max_attempts}`));
}

/** Still ours: the lock was not taken over by another worker after ours ran out. */
const heldBy = (job: Pick<Job, "id">, workerId: string) => and(eq(jobs.id, job.id), eq(jobs.state, "running"), eq(jobs.locked_by, workerId));

export async function markSucceeded(db: Executor, job: Pick<Job, "id">, workerId: string, now: Date): Promise<void> {
  await db
    .update(jobs)
    .set({ state: "succeeded", finished_at: now, locked_by: null, locked_until: null })
    .where(heldBy(job, workerId));
}

/**
 * An attempt failed: the job waits for its retry at `retryAt`, or, on its last attempt (or when `permanent`: the
 * error will not go away by trying again), it is dead. The error's text is kept, bounded, for the owner's page.
 */
export async function markFailed(
  db: Executor,
  job: Pick<Job, "id" | "attempts" | "max_attempts">,
  workerId: string,
  now: Date,
  error: string,
  retryAt: Date,
  permanent = false,
): Promise<JobState> {
  const dead = permanent || job.attempts >= job.max_attempts;
  const state: JobState = dead ? "dead" : "failed";
  await db
    .update(jobs)
    .set({
      state,
      last_error: error.slice(0, 2000),
      run_at: dead ? undefined : retryAt,
      finished_at: dead ? now : null,
      locked_by: null,
      locked_until: null,
    })
    .where(heldBy(job, workerId));
  return state;
}

/**
 * Gives back jobs a stopping worker could not finish in time: due again at once, the attempt not counted (the job
 * did not fail; the API was shut down). Its handler may still complete: work is at least once, never lost.
 */
export async function releaseJobs(db: Executor, ids: number[], workerId: string, now: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(jobs)
    .set({
      state: "failed",
      run_at: now,
      attempts: sql`greatest(${jobs.attempts} - 1, 0)`,
      last_error: "released unfinished when its worker stopped",
      locked_by: null,
      locked_until: null,
    })
    .where(and(inArray(jobs.id, ids), eq(jobs.state, "running"), eq(jobs.locked_by, workerId)));
}

/** How long finished jobs are kept: long enough to read why one died. */
export const FINISHED_JOBS_KEPT_DAYS = { succeeded: 7, dead: 30 } as const;

/** Removes finished jobs past their keeping time; the owner's record keeps its own outcome (a mail's sent_at). */
export async function sweepFinishedJobs(db: Executor, now: Date): Promise<void> {
  const before = (days: number) => new Date(now.getTime() - days * 86_400_000);
  await db
    .delete(jobs)
    .where(
      or(
        and(eq(jobs.state, "succeeded"), lte(jobs.finished_at, before(FINISHED_JOBS_KEPT_DAYS.succeeded))),
        and(eq(jobs.state, "dead"), lte(jobs.finished_at, before(FINISHED_JOBS_KEPT_DAYS.dead))),
      ),
    );
}

/** What a record's page shows of the work queued for it. */
export interface JobStatus {
  job_id: number;
  kind: string;
  state: JobState;
  attempts: number;
  max_attempts: number;
  /** When it runs (next retry for a failed one). */
  run_at: Date;
  last_error: string | null;
  finished_at: Date | null;
}

/**
 * The latest job of each of `ids` of the owner table (an outgoing message's, a mail's): state, attempts and the
 * last error, for the list or detail that shows those records. One query whatever the number of ids; ids without a
 * job (swept, or never queued) are absent from the map.
 */
export async function jobStatesOf(db: Executor, ownerTable: string, ids: number[]): Promise<Map<number, JobStatus>> {
  const states = new Map<number, JobStatus>();
  if (ids.length === 0) return states;
  const rows = await db
    .selectDistinctOn([jobs.owner_id], {
      owner_id: jobs.owner_id,
      job_id: jobs.id,
      kind: jobs.kind,
      state: jobs.state,
      attempts: jobs.attempts,
      max_attempts: jobs.max_attempts,
      run_at: jobs.run_at,
      last_error: jobs.last_error,
      finished_at: jobs.finished_at,
    })
    .from(jobs)
    .where(and(eq(jobs.owner_table, ownerTable), inArray(jobs.owner_id, [...new Set(ids)])))
    .orderBy(jobs.owner_id, desc(jobs.id));
  for (const { owner_id, ...status } of rows) if (owner_id !== null) states.set(owner_id, status);
  return states;
}
