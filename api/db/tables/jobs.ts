import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, timestamptz } from "./columns";

/**
 * A job's life (api/jobs/README in docs/jobs.md): `queued` → `running` → `succeeded`; a failed attempt goes to
 * `failed` (waiting for its retry at run_at, then `running` again) until max_attempts, then `dead`.
 */
export const JOB_STATES = ["queued", "running", "succeeded", "failed", "dead"] as const;
export type JobState = (typeof JOB_STATES)[number];
export const jobStateEnum = pgEnum("job_state", JOB_STATES);

/** The states in which a job still has work ahead of it: its dedupe key is taken while it is in one. */
export const PENDING_JOB_STATES = ["queued", "running", "failed"] as const satisfies readonly JobState[];

/** The largest payload, in bytes of its JSON text: a job carries ids and small facts, never documents. */
export const JOB_PAYLOAD_MAX_BYTES = 8192;

/**
 * The durable job queue (api/jobs/queue.ts): work that may fail or wait (mail, telegrams) written in the same
 * transaction as the change that calls for it, and taken by one worker at a time with `FOR UPDATE SKIP LOCKED`.
 * Every moment is the API's clock (CARGO_NOW), never the database's, so tests move time instead of sleeping.
 */
export const jobs = pgTable(
  "jobs",
  {
    ...identity,
    /** Which handler runs it (api/jobs/handlers.ts). */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    state: jobStateEnum("state").notNull().default("queued"),
    /** Attempts started so far (a claim counts one, so a worker that dies mid-job used it up). */
    attempts: integer("attempts").notNull().default(0),
    max_attempts: integer("max_attempts").notNull(),
    /** Not before: when it was queued, or when its retry is due. */
    run_at: timestamptz("run_at").notNull(),
    /** The worker running it and until when: past that moment another worker takes it again (its worker crashed). */
    locked_by: text("locked_by"),
    locked_until: timestamptz("locked_until"),
    last_error: text("last_error"),
    /** The same work is not queued twice: unique among the pending jobs (PENDING_JOB_STATES). */
    dedupe_key: text("dedupe_key"),
    /** The record the job works for (`outbox_emails` and its id): its page reads the job's state through it. */
    owner_table: text("owner_table"),
    owner_id: integer("owner_id"),
    created_at: timestamptz("created_at").notNull(),
    finished_at: timestamptz("finished_at"),
  },
  (t) => [
    // the claim's two branches: due jobs in run order, and running jobs whose lock ran out
    index("jobs_due_idx").on(t.run_at, t.id).where(sql`${t.state} in ('queued', 'failed')`),
    index("jobs_lock_expiry_idx").on(t.locked_until).where(sql`${t.state} = 'running'`),
    uniqueIndex("jobs_pending_dedupe_key").on(t.dedupe_key).where(sql`${t.state} in ('queued', 'running', 'failed') and ${t.dedupe_key} is not null`),
    index("jobs_owner_idx").on(t.owner_table, t.owner_id, t.id),
    // finished jobs are swept by age
    index("jobs_finished_idx").on(t.finished_at).where(sql`${t.finished_at} is not null`),
    check("jobs_payload_size", sql`octet_length(${t.payload}::text) <= ${sql.raw(String(JOB_PAYLOAD_MAX_BYTES))}`),
    check("jobs_attempts", sql`${t.attempts} >= 0 and ${t.max_attempts} >= 1`),
  ],
);

export type Job = typeof jobs.$inferSelect;
