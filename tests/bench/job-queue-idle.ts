/**
 * What the idle job worker costs the API on PGlite (issue 23): PGlite runs one statement at a time in one session,
 * so a request that arrives while the worker polls waits behind that poll. Times GET /api/v3/profiles/me through
 * the real API (fastify.inject), one request at a time, with the worker stopped, idle at its default cadence (a poll
 * doubling from 250 ms to 5 s), and polling every 50 ms (twenty times the default's steady rate: the worst case a
 * busy queue comes near), and the duration of one empty poll. `npx tsx tests/bench/job-queue-idle.ts` runs it alone.
 */
import { buildApi } from "../../api/app";
import { claimJobs } from "../../api/jobs/queue";
import { openPreparedPglite } from "../prepared-database";
import { seedToday, signIn } from "../api/helpers";
import { printWhenRun } from "./print-when-run";

const REQUESTS = Number(process.env.QUEUE_BENCH_REQUESTS ?? 400);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

async function timedRequests(run: () => Promise<void>): Promise<{ p50: number; p95: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), p99: percentile(times, 99) };
}

export async function jobQueueIdleFigures(): Promise<string[]> {
  const database = await openPreparedPglite({ kind: "seeded", today: seedToday() });
  const lines: string[] = [];
  try {
    const config = { SMTP_URL: undefined, NODE_ENV: "test" };
    const measure = async (label: string, idleMs?: { min: number; max: number }) => {
      const app = await buildApi({ database, config, jobs: idleMs ? { idleMs } : undefined });
      try {
        const tokens = await signIn(app, "s7.operator@cargodesk.test");
        const profile = () => app.inject({ method: "GET", url: "/api/v3/profiles/me", headers: { authorization: `Bearer ${tokens.access_token}` } }).then(() => {});
        for (let i = 0; i < 30; i++) await profile(); // warm-up
        if (idleMs) app.jobs.start();
        // the default's cadence settles at its longest wait after a few empty polls
        await new Promise((resolve) => setTimeout(resolve, idleMs ? idleMs.max + 100 : 0));
        const { p50, p95, p99 } = await timedRequests(profile);
        lines.push(`  API with ${label.padEnd(26)} p50 ${fmt(p50)}  p95 ${fmt(p95)}  p99 ${fmt(p99)}  (profiles/me, ${REQUESTS} req, PGlite)`);
      } finally {
        await app.close();
      }
    };
    await measure("no job worker");
    await measure("idle worker (default)", { min: 250, max: 5000 });
    await measure("worker polling every 50 ms", { min: 50, max: 50 });
    const polls: number[] = [];
    for (let i = 0; i < 200; i++) {
      const start = performance.now();
      await claimJobs(database.db, "bench", ["mail"], 4, new Date(), new Date(Date.now() + 60_000));
      polls.push(performance.now() - start);
    }
    polls.sort((a, b) => a - b);
    lines.push(`  one empty job poll         p50 ${fmt(percentile(polls, 50))}  p99 ${fmt(percentile(polls, 99))}  (PGlite: a request arriving meanwhile waits this long at most)`);
  } finally {
    await database.close();
  }
  return lines;
}

printWhenRun(import.meta.url, jobQueueIdleFigures);
