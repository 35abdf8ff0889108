/**
 * The cluster under load with faults, as CI runs it (issue 12): a fresh PostgreSQL database, `npm run cluster`'s
 * processes, `npm run load` against HAProxy, and mid-load one API process killed (SIGKILL) and started again; with
 * --pg-restart also PostgreSQL restarted (pg_ctlcluster, so only on a machine whose PostgreSQL nothing else uses).
 * Exits with the load run's status: non-zero on any 5xx, lost, duplicated or over-booked record, or a user signed
 * out. The database is dropped afterwards.
 *
 *   npx tsx scripts/cluster/check.ts --users 20 --seconds 15 [--ramp S] [--think MS] [--out FILE] [--json FILE] [--pg-restart] [--keep-database]
 */
import { spawn, execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { startCluster } from "./cluster";

const ROOT = path.resolve(import.meta.dirname, "../..");
const { values } = parseArgs({
  options: {
    users: { type: "string", default: "20" },
    seconds: { type: "string", default: "15" },
    out: { type: "string" },
    json: { type: "string" },
    think: { type: "string" },
    ramp: { type: "string" },
    "pg-restart": { type: "boolean", default: false },
    "keep-database": { type: "boolean", default: false },
    server: { type: "string", default: "postgres://postgres@127.0.0.1:5432" },
  },
});
const seconds = Number(values.seconds);
const database = `cargo_load_${Date.now()}`;
const databaseUrl = `${values.server}/${database}`;
const log = (text: string) => console.log(`[cluster-check ${new Date().toISOString().slice(11, 19)}] ${text}`);

async function dropDatabase() {
  const client = new pg.Client({ connectionString: `${values.server}/postgres` });
  await client.connect();
  await client.query(`drop database if exists ${database} with (force)`).finally(() => client.end());
}

function pgRestart() {
  const version = fs.readdirSync("/etc/postgresql").sort((a, b) => Number(a) - Number(b)).at(-1)!;
  execFileSync("pg_ctlcluster", ["--skip-systemctl-redirect", version, "main", "restart"], { stdio: "inherit" });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

log(`starting the cluster on ${database}`);
const cluster = await startCluster({ databaseUrl });
let status = 1;
try {
  log(`cluster up: ${cluster.webUrl} (logs ${cluster.workDir}); load ${values.users} users for ${seconds} s`);
  const args = ["--import", "tsx", "scripts/load/run.ts", "--users", values.users!, "--seconds", values.seconds!, "--base", cluster.webUrl, "--database-url", databaseUrl];
  if (values.out) args.push("--out", values.out);
  if (values.json) args.push("--json", values.json);
  if (values.think) args.push("--think", values.think);
  if (values.ramp) args.push("--ramp", values.ramp);
  const load = spawn(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "inherit", "pipe"] });
  const finished = new Promise<number>((resolve) => load.once("exit", (code) => resolve(code ?? 1)));
  // The faults count from the timed run's start ("running N s ...", after the driver's preparation, when the users
  // start arriving over the ramp), not from the driver's start: its preparation took over 5 s on a slow machine and a
  // kill falling into it measured nothing. The first fault comes at least 3 s in, when the first users are signed in
  // and taking journeys; the sign-ins of those still arriving meet it too, and are counted and tried again.
  const running = new Promise<boolean>((resolve) => {
    load.stderr!.on("data", (chunk: Buffer) => {
      process.stderr.write(chunk);
      if (/^running /m.test(chunk.toString())) resolve(true);
    });
    void finished.then(() => resolve(false));
  });

  // the faults, at fixed points of the run
  const faults = (async () => {
    if (!(await running)) return;
    await sleep(Math.max(3, seconds / 3) * 1000);
    log("fault: API process 1 killed (SIGKILL)");
    await cluster.killApi(0);
    await sleep(3000);
    await cluster.startApi(0);
    log("API process 1 started again");
    if (values["pg-restart"]) {
      await sleep(Math.max(2, seconds / 4) * 1000);
      log("fault: PostgreSQL restarted");
      pgRestart();
      log("PostgreSQL back");
    }
  })();
  status = await finished;
  await faults;
} finally {
  await cluster.stop();
  if (!values["keep-database"]) await dropDatabase().catch((error) => log(`could not drop ${database}: ${error.message}`));
}
log(status === 0 ? "passed" : `failed (load run exited ${status})`);
process.exit(status);
