import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Database } from "../../api/db/open";
import { jobs, type Job } from "../../api/db/tables/jobs";
import { claimJobs, enqueue, jobStatesOf } from "../../api/jobs/queue";
import { createJobWorker, jobHandler, PermanentJobError, type JobHandlers, type WorkerOptions } from "../../api/jobs/worker";
import { openPreparedDatabase } from "../prepared-database";
import { testClock, type TestClock } from "./helpers";

// The durable job queue (issue 23, DESIGN §4b) on the test's database: in-memory PGlite, or a PostgreSQL copy when
// DATABASE_URL is set (CI runs this file on both). Jobs are picked by their kind, which each test makes its own.

let database: Database;
let clock: TestClock;
beforeAll(async () => {
  database = await openPreparedDatabase({ kind: "migrated" });
  clock = testClock(new Date("2031-03-10T08:00:00Z"));
});
afterAll(async () => {
  await database?.close();
});

let serial = 0;
/** A kind no other test uses, so each test sees only its own jobs. */
const newKind = (name: string) => `test.${name}.${++serial}`;

const worker = (handlers: JobHandlers, opts: Partial<WorkerOptions> = {}) =>
  createJobWorker({ database, now: clock, handlers, random: () => 0, idleMs: { min: 60_000, max: 60_000 }, ...opts });

const jobsOf = (kind: string) => database.db.select().from(jobs).where(eq(jobs.kind, kind)).orderBy(jobs.id);
const only = async (kind: string): Promise<Job> => {
  const rows = await jobsOf(kind);
  expect(rows).toHaveLength(1);
  return rows[0]!;
};
const queue = (kind: string, payload: Record<string, unknown> = {}, extra: Partial<Parameters<typeof enqueue>[1]> = {}) =>
  enqueue(database.db, { kind, payload, ...extra }, clock());

/** Resolves when `check` holds, failing the test after `ms` (a worker woken by NOTIFY runs on its own time). */
async function eventually(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = performance.now() + ms;
  while (!(await check())) {
    if (performance.now() > until) throw new Error("the condition did not hold in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("enqueue", () => {
  it("belongs to the caller's transaction: rolled back, no job; committed, a job a sleeping worker is woken for", async () => {
    const kind = newKind("tx");
    const ran: number[] = [];
    const w = worker({ [kind]: jobHandler({ payload: z.object({ n: z.number() }), run: async ({ n }) => void ran.push(n) }) });
    w.start();
    try {
      await database.db
        .transaction(async (tx) => {
          await enqueue(tx, { kind, payload: { n: 1 } }, clock());
          throw new Error("the change failed");
        })
        .catch(() => {});
      expect(await jobsOf(kind)).toHaveLength(0);

      // the worker polls once a minute here: only the NOTIFY of the commit can make it run the job in time
      await database.db.transaction((tx) => enqueue(tx, { kind, payload: { n: 2 } }, clock()));
      await eventually(async () => (await only(kind)).state === "succeeded");
      expect(ran).toEqual([2]);
    } finally {
      await w.stop();
    }
  });

  it("queues a dedupe key once while its job is pending, and again once it finished", async () => {
    const kind = newKind("dedupe");
    const first = await queue(kind, { v: 1 }, { dedupeKey: `${kind}:x` });
    expect(first).toBeTypeOf("number");
    expect(await queue(kind, { v: 2 }, { dedupeKey: `${kind}:x` })).toBeNull();
    expect(await queue(kind, { v: 3 }, { dedupeKey: `${kind}:y` })).toBeTypeOf("number");
    // inside a transaction the duplicate does not abort it
    await database.db.transaction(async (tx) => {
      expect(await enqueue(tx, { kind, payload: { v: 4 }, dedupeKey: `${kind}:x` }, clock())).toBeNull();
      expect(await enqueue(tx, { kind, payload: { v: 5 } }, clock())).toBeTypeOf("number");
    });
    expect((await jobsOf(kind)).map((j) => j.payload)).toEqual([{ v: 1 }, { v: 3 }, { v: 5 }]);

    expect(await worker({ [kind]: jobHandler({ payload: z.object({}).passthrough(), run: async () => {} }) }).drain()).toBe(3);
    expect(await queue(kind, { v: 6 }, { dedupeKey: `${kind}:x` })).toBeTypeOf("number");
  });

  it("refuses a payload over its bound before writing anything", async () => {
    const kind = newKind("big");
    await expect(queue(kind, { text: "x".repeat(9000) })).rejects.toThrow(/over 8192/);
    expect(await jobsOf(kind)).toHaveLength(0);
  });
});

describe("a failing job", () => {
  it("is retried with a doubling backoff on the API's clock, then dead with its last error", async () => {
    const kind = newKind("fail");
    let calls = 0;
    const w = worker({
      [kind]: jobHandler({
        payload: z.object({}),
        backoff: { baseSeconds: 10, maxSeconds: 3600 },
        run: async () => {
          throw new Error(`refused, attempt ${++calls}`);
        },
      }),
    });
    const id = await queue(kind, {}, { maxAttempts: 3 });
    expect(await w.drain()).toBe(1);
    let job = await only(kind);
    expect(job).toMatchObject({ state: "failed", attempts: 1, last_error: "refused, attempt 1", locked_by: null });
    // jitter pinned to 0: half the step, 10 s → 5 s, then 20 s → 10 s
    expect(job.run_at.getTime() - clock().getTime()).toBe(5000);
    expect(await w.drain()).toBe(0);
    clock.advance(4);
    expect(await w.drain()).toBe(0);
    clock.advance(1);
    expect(await w.drain()).toBe(1);
    job = await only(kind);
    expect(job).toMatchObject({ state: "failed", attempts: 2, last_error: "refused, attempt 2" });
    expect(job.run_at.getTime() - clock().getTime()).toBe(10_000);
    clock.advance(10);
    expect(await w.drain()).toBe(1);
    job = await only(kind);
    expect(job).toMatchObject({ state: "dead", attempts: 3, last_error: "refused, attempt 3" });
    expect(job.finished_at).toEqual(clock());
    clock.advance(3600);
    expect(await w.drain()).toBe(0);
    expect(calls).toBe(3);
    // the owner's view of it
    const owned = await queue(kind, {}, { owner: { table: "test_owner", id: id! } });
    const states = await jobStatesOf(database.db, "test_owner", [id!, 999_999]);
    expect([...states.keys()]).toEqual([id]);
    expect(states.get(id!)).toMatchObject({ job_id: owned, state: "queued", attempts: 0, last_error: null });
  });

  it("dies at once when trying again cannot help: a permanent error, a payload its handler cannot read", async () => {
    const kind = newKind("permanent");
    const w = worker({
      [kind]: jobHandler({
        payload: z.object({ id: z.number() }),
        run: async ({ id }) => {
          throw new PermanentJobError(`record ${id} is gone`);
        },
      }),
    });
    await queue(kind, { id: 7 });
    await queue(kind, { id: "seven" });
    expect(await w.drain()).toBe(2);
    const [gone, unreadable] = await jobsOf(kind);
    expect(gone).toMatchObject({ state: "dead", attempts: 1, last_error: "record 7 is gone" });
    expect(unreadable).toMatchObject({ state: "dead", attempts: 1 });
    expect(unreadable!.last_error).toMatch(/payload does not match/);
  });

  it("fails an attempt that runs past its timeout, its signal aborted", async () => {
    const kind = newKind("slow");
    let aborted = false;
    const w = worker({
      [kind]: jobHandler({
        payload: z.object({}),
        timeoutMs: 50,
        run: (_, { signal }) =>
          new Promise<void>((resolve) => {
            signal.addEventListener("abort", () => {
              aborted = true;
              resolve();
            });
          }),
      }),
    });
    await queue(kind);
    expect(await w.drain()).toBe(1);
    expect(await only(kind)).toMatchObject({ state: "failed", attempts: 1, last_error: "timed out after 50 ms" });
    expect(aborted).toBe(true);
  });
});

describe("workers", () => {
  it("never run one job twice, however many take from the queue at once", async () => {
    const kind = newKind("parallel");
    const runs = new Map<number, number>();
    const byWorker = new Map<string, number>();
    const handlers = (name: string): JobHandlers => ({
      [kind]: jobHandler({
        payload: z.object({ n: z.number() }),
        run: async ({ n }) => {
          runs.set(n, (runs.get(n) ?? 0) + 1);
          byWorker.set(name, (byWorker.get(name) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      }),
    });
    const total = 120;
    await database.db.insert(jobs).values(Array.from({ length: total }, (_, n) => ({ kind, payload: { n }, max_attempts: 3, run_at: clock(), created_at: clock() })));
    const workers = ["a", "b", "c"].map((name) => worker(handlers(name), { concurrency: 4, id: `worker-${name}` }));
    const ran = await Promise.all(workers.map((w) => w.drain()));
    expect(ran.reduce((a, b) => a + b, 0)).toBe(total);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    expect((await jobsOf(kind)).every((j) => j.state === "succeeded" && j.attempts === 1)).toBe(true);
  });

  it("take again a job whose worker crashed, once its lock ran out; a job that exhausted its attempts so is dead", async () => {
    const kind = newKind("crash");
    const ran: number[] = [];
    const w = worker({ [kind]: jobHandler({ payload: z.object({ n: z.number() }), run: async ({ n }) => void ran.push(n) }) });
    await queue(kind, { n: 1 });
    await queue(kind, { n: 2 }, { maxAttempts: 1 });
    // a worker takes both and dies: nobody marks them
    const lockedUntil = new Date(clock().getTime() + 120_000);
    expect(await claimJobs(database.db, "crashed-worker", [kind], 10, clock(), lockedUntil)).toHaveLength(2);
    expect(await w.drain()).toBe(0);
    clock.advance(119);
    expect(await w.drain()).toBe(0);
    clock.advance(1);
    expect(await w.drain()).toBe(1);
    expect(ran).toEqual([1]);
    const [retaken, buried] = await jobsOf(kind);
    expect(retaken).toMatchObject({ state: "succeeded", attempts: 2 });
    expect(buried).toMatchObject({ state: "dead", attempts: 1 });
    expect(buried!.last_error).toContain("crashed-worker");
  });

  it("stop: a job that does not finish within the grace is given back, its attempt not counted", async () => {
    const kind = newKind("stop");
    let release!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const w = worker(
      {
        [kind]: jobHandler({
          payload: z.object({}),
          run: () => {
            started();
            return new Promise<void>((resolve) => (release = resolve));
          },
        }),
      },
      { stopGraceMs: 20, idleMs: { min: 10, max: 10 } },
    );
    await queue(kind);
    w.start();
    await running;
    await w.stop();
    expect(await only(kind)).toMatchObject({ state: "failed", attempts: 0, locked_by: null, last_error: "released unfinished when its worker stopped" });
    release();
    // the released job is another worker's to run
    const ran: string[] = [];
    expect(await worker({ [kind]: jobHandler({ payload: z.object({}), run: async () => void ran.push("again") }) }).drain()).toBe(1);
    expect(ran).toEqual(["again"]);
    expect((await database.db.select().from(jobs).where(and(eq(jobs.kind, kind), inArray(jobs.state, ["succeeded"])))).length).toBe(1);
  });
});
