/**
 * What `npm start` holds in memory (DESIGN §6: the embedded default steady under 400 MB RSS, the BFF alone under
 * 150 MB; docs/memory.md). Spawns `npm start` as a user runs it, on free ports and a fresh data directory (so the
 * figures include creating and seeding the database), samples the resident memory of every process of its tree,
 * waits until the sign-in page answers, signs in and loads a handful of pages, lets it idle, and prints the peak
 * and the idle figures of the tree and of each process in it. Then the same for the BFF alone: a second `npm start`
 * with UPSTREAM_URL aimed at the first one's API, so it starts no API of its own. Printed, never asserted.
 *
 * `npm run bench` runs it; `npx tsx tests/bench/memory.ts` runs it alone. Linux only (it reads /proc).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { ChildProcess } from "node:child_process";
import { freePort, spawnLogged, stopProcess } from "../../scripts/cluster/processes";
import { ensureBuild } from "../../scripts/ensure-build";
import { printWhenRun } from "./print-when-run";
import { get, signIn } from "./ssr";

const ROOT = path.resolve(import.meta.dirname, "../..");
/** Pages a signed-in S7 manager opens first: lists, a settings page, the profile. */
const PAGES = [
  "/dashboard/air-waybills",
  "/dashboard/air-waybills?tab=all",
  "/dashboard/flights/tabs/all",
  "/dashboard/bookings",
  "/dashboard/settings/agreements",
  "/dashboard/settings/airline-customers",
  "/dashboard/profile",
];
const IDLE_MS = 10_000;
const SAMPLE_MS = 250;
const PAGE_SIZE = 4096;

interface Proc {
  pid: number;
  role: string;
  rssBytes: number;
}

/** The processes of the tree under `root`, each with its resident memory (what `ps -o rss` shows) and a role. */
function tree(root: number): Proc[] {
  const found: Proc[] = [];
  const visit = (pid: number) => {
    try {
      const rssPages = Number(fs.readFileSync(`/proc/${pid}/statm`, "utf8").split(" ")[1]);
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean);
      found.push({ pid, role: roleOf(cmd), rssBytes: rssPages * PAGE_SIZE });
      for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
        const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
        for (const child of children ? children.split(" ") : []) visit(Number(child));
      }
    } catch {
      // the process ended while we read it
    }
  };
  visit(root);
  return found;
}

/** What a process of `npm start`'s tree is, from its command line. */
function roleOf(cmd: string[]): string {
  const line = cmd.join(" ");
  if (/\bnpm(-cli\.js)?\b/.test(line) && !line.includes("server")) return "npm (its CLI)";
  if (cmd[0]?.endsWith("sh")) return "sh";
  if (line.includes("esbuild")) return "esbuild (tsx's compiler)";
  if (line.includes("remix") && line.includes("build")) return "remix build";
  if (/tsx(\/dist\/cli\.mjs)? server\.ts/.test(line) && !line.includes("--import") && !line.includes("--require")) return "tsx (its CLI)";
  if (line.includes("api-process") || line.includes("api/main")) return "API";
  if (line.includes("server")) return "server";
  return cmd.slice(0, 2).join(" ").slice(0, 40);
}

const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`.padStart(7);

/** Samples the tree until stopped: the peak of its sum and of each role, and the last sample. */
function sampler(root: number) {
  let peak = 0;
  const peakByRole = new Map<string, number>();
  let last: Proc[] = [];
  const take = () => {
    last = tree(root);
    peak = Math.max(peak, last.reduce((sum, p) => sum + p.rssBytes, 0));
    const byRole = new Map<string, number>();
    for (const p of last) byRole.set(p.role, (byRole.get(p.role) ?? 0) + p.rssBytes);
    for (const [role, bytes] of byRole) peakByRole.set(role, Math.max(peakByRole.get(role) ?? 0, bytes));
  };
  const timer = setInterval(take, SAMPLE_MS);
  take();
  return {
    stop() {
      clearInterval(timer);
      take();
      return { peak, peakByRole, idle: last };
    },
  };
}

/** `npm start` on free ports and a fresh DATA_DIR, measured from its spawn to after the idle wait. */
async function measureStart(label: string, extraEnv: Record<string, string>) {
  const [port, apiPort] = [await freePort(), await freePort()];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-bench-memory-"));
  const logFile = path.join(tmp, "server.log");
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: "127.0.0.1", PORT: String(port), API_PORT: String(apiPort), DATA_DIR: path.join(tmp, "data") };
  for (const key of ["UPSTREAM_URL", "DATABASE_URL", "SMTP_URL", "APP_DOMAIN", "FORWARDER_DOMAIN", "NODE_ENV", "SESSION_SECRET"]) delete env[key];
  Object.assign(env, extraEnv);
  const started = performance.now();
  const child: ChildProcess = spawnLogged("npm", ["start"], env, logFile);
  const samples = sampler(child.pid!);
  const stop = async () => {
    await stopProcess(child);
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`npm start exited:\n${fs.readFileSync(logFile, "utf8")}`);
      const answered = await get(port, "/signIn", "").catch(() => undefined);
      if (answered?.status === 200) break;
      if (Date.now() > deadline) throw new Error(`npm start did not answer within 300 s:\n${fs.readFileSync(logFile, "utf8")}`);
      await new Promise((r) => setTimeout(r, SAMPLE_MS));
    }
    const readyS = (performance.now() - started) / 1000;
    const cookie = await signIn(port);
    for (const page of PAGES) {
      const res = await get(port, page, cookie);
      if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const { peak, peakByRole, idle } = samples.stop();
    const idleTotal = idle.reduce((sum, p) => sum + p.rssBytes, 0);
    const lines = [`    ${label}: ready after ${readyS.toFixed(0)} s; peak ${mb(peak).trim()}, idle ${mb(idleTotal).trim()} (the whole tree)`];
    for (const p of idle) lines.push(`      ${p.role.padEnd(28)} idle ${mb(p.rssBytes)}   peak ${mb(peakByRole.get(p.role) ?? 0)}`);
    return { lines, apiPort, stop };
  } catch (error) {
    samples.stop();
    await stop();
    throw error;
  }
}

export async function memoryFigures(): Promise<string[]> {
  if (process.platform !== "linux") return ["  memory: skipped (reads /proc, Linux only)"];
  ensureBuild(ROOT);
  const lines = [
    `  memory of npm start (resident, sampled every ${SAMPLE_MS} ms; fresh DATA_DIR, ${PAGES.length} pages signed in, then ${IDLE_MS / 1000} s idle)`,
  ];
  const embedded = await measureStart("embedded default (BFF + API + PGlite)", {});
  try {
    lines.push(...embedded.lines);
    const alone = await measureStart("BFF alone (UPSTREAM_URL: the API above)", { UPSTREAM_URL: `http://127.0.0.1:${embedded.apiPort}` });
    lines.push(...alone.lines);
    await alone.stop();
  } finally {
    await embedded.stop();
  }
  lines.push("    budget: the embedded default's tree idle under 400 MB; the BFF alone under 150 MB (DESIGN §6)");
  return lines;
}

printWhenRun(import.meta.url, memoryFigures);
