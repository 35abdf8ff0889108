/**
 * Test databases start from a prepared one (DESIGN §5), never from initdb + migrations + seed per file: that costs
 * about 17 s of CPU (PGlite's initdb ≈ 9 s, 16 migrations ≈ 1.3 s, the demo seed ≈ 6.6 s) and there are some eighty
 * files. A preparation is made once per tree state, seed date and kind, under a lock, and copied per file:
 *
 * - PGlite (no DATABASE_URL): a gzipped dump of the data directory in the temp directory, loaded into a new
 *   in-memory PGlite;
 * - PostgreSQL (DATABASE_URL): a template database on that server, cloned with CREATE DATABASE … TEMPLATE.
 *
 * A preparation's name carries the hash of everything that shapes it: every file under api/ (migrations, the seed, and
 * the API code the demo modules seed through) and the PGlite version. A new migration or seed change makes a new one;
 * the stale ones of older tree states are removed when a new one is made.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { openDatabase, pgliteDatabase, pgliteStartParams, type Database } from "../api/db/open";
import { hashPassword } from "../api/auth/passwords";
import { seedDemoData } from "../api/seed";
import { DEMO_PASSWORD } from "../api/seed-data";
import { withDirLock } from "../scripts/dir-lock";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** "seeded": migrated and demo-seeded for a date; "migrated": the schema alone, for tests that build their own world. */
export type Preparation = { kind: "seeded"; today: string } | { kind: "migrated" };

/** What shapes a prepared database besides its kind and date. */
const INPUTS = ["api", "node_modules/@electric-sql/pglite/package.json"];
/** Making one takes under a minute even on a busy machine; a lock older than this was left by a dead process. */
const LOCK = { staleMs: 180_000, timeoutMs: 300_000 };

function filesUnder(target: string): string[] {
  if (!fs.existsSync(target)) return [];
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs
    .readdirSync(target)
    .sort()
    .flatMap((entry) => filesUnder(path.join(target, entry)));
}

let treeHash: string | undefined;
/** Hash of the inputs as they are now: read once per process (a test run does not change api/). */
function inputsHash(): string {
  if (!treeHash) {
    const hash = crypto.createHash("sha1");
    for (const file of INPUTS.flatMap((p) => filesUnder(path.join(ROOT, p)))) {
      hash.update(path.relative(ROOT, file)).update(fs.readFileSync(file));
    }
    treeHash = hash.digest("hex").slice(0, 12);
  }
  return treeHash;
}

/** `cargo_tpl_<tree>_seeded_20270430`, `cargo_tpl_<tree>_migrated`: a valid, unquoted PostgreSQL name and file stem. */
function preparationName(p: Preparation): string {
  const suffix = p.kind === "seeded" ? `seeded_${p.today.replaceAll("-", "")}` : "migrated";
  return `${PREFIX}${inputsHash()}_${suffix}`;
}
const PREFIX = "cargo_tpl_";

/**
 * The demo password hashed at scrypt's N=2^10 instead of 2^15: the suites sign the demo accounts in about a thousand
 * times a run (≈ 130 ms each at full cost on this machine, 4 ms at this one). Verifying reads the cost from the hash,
 * so the code path is the product's; accounts registered or invited in a test are hashed at full cost
 * (tests/api/passwords.test.ts), and so is the demo seed outside the tests (tests/api/database.test.ts).
 */
const cheapDemoHash = () => hashPassword(DEMO_PASSWORD, { N: 1024, r: 8, p: 1 });

/** Migrates (openDatabase does) and, for "seeded", seeds a freshly opened database. */
async function prepare(open: () => Promise<Database>, p: Preparation): Promise<Database> {
  const database = await open();
  if (p.kind === "seeded") await seedDemoData(database, { today: p.today, demoPasswordHash: await cheapDemoHash() });
  return database;
}

// ---------------------------------------------------------------------------------------------
// PGlite

const dumpOf = (name: string) => path.join(os.tmpdir(), `${name}.tar.gz`);

async function ensureDump(p: Preparation): Promise<string> {
  const name = preparationName(p);
  const dump = dumpOf(name);
  if (fs.existsSync(dump)) return dump;
  await withDirLock(path.join(os.tmpdir(), `${name}.lock`), LOCK, async () => {
    if (fs.existsSync(dump)) return; // made by another process while this one waited
    const database = await prepare(() => openDatabase({ inMemory: true }), p);
    try {
      const client = (database.db as unknown as { $client: PGlite }).$client;
      const blob = await client.dumpDataDir("gzip");
      const partial = `${dump}.${process.pid}`;
      fs.writeFileSync(partial, Buffer.from(await blob.arrayBuffer()));
      fs.renameSync(partial, dump);
    } finally {
      await database.close();
    }
    removeStaleDumps();
  });
  return dump;
}

/** Dumps of other tree states: each is a few MB, and every commit to api/ makes new ones. */
function removeStaleDumps(): void {
  const current = `${PREFIX}${inputsHash()}_`;
  for (const entry of fs.readdirSync(os.tmpdir())) {
    if (entry.startsWith(PREFIX) && !entry.startsWith(current) && entry.endsWith(".tar.gz")) {
      fs.rmSync(path.join(os.tmpdir(), entry), { force: true });
    }
  }
}

/** A new in-memory PGlite holding a copy of the preparation. */
export async function openPreparedPglite(p: Preparation): Promise<Database> {
  const read = async () => fs.readFileSync(await ensureDump(p));
  const bytes = await read().catch((error: NodeJS.ErrnoException) => {
    // removed as stale by a checkout of another tree state testing on this machine at the same time: make it again
    if (error.code !== "ENOENT") throw error;
    return read();
  });
  const client = new PGlite({ loadDataDir: new Blob([bytes]), startParams: pgliteStartParams() });
  return pgliteDatabase(client);
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL

async function adminQuery(serverUrl: string, text: string, values: unknown[] = []): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

function urlOfDatabase(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * The template database of a preparation on the server, made when missing. Processes of one run (and runs of other
 * checkouts on the same server) meet at a PostgreSQL advisory lock; the template is built under another name and
 * renamed into place, so a clone never copies half of one.
 */
async function ensureTemplate(serverUrl: string, p: Preparation): Promise<string> {
  const name = preparationName(p);
  const exists = async () => (await adminQuery(serverUrl, "select 1 from pg_database where datname = $1", [name])).rowCount === 1;
  if (await exists()) return name;
  const lock = new pg.Client({ connectionString: serverUrl });
  await lock.connect();
  try {
    await lock.query("select pg_advisory_lock(hashtext($1))", [name]);
    if (await exists()) return name;
    const partial = `${name}_partial`;
    await adminQuery(serverUrl, `drop database if exists ${partial} with (force)`);
    await adminQuery(serverUrl, `create database ${partial}`);
    const database = await prepare(() => openDatabase({ databaseUrl: urlOfDatabase(serverUrl, partial) }), p);
    await database.close();
    // a template nobody connects to: CREATE DATABASE … TEMPLATE refuses a source with open connections
    await adminQuery(serverUrl, `alter database ${partial} rename to ${name}`);
    await adminQuery(serverUrl, `alter database ${name} with is_template true allow_connections false`);
    await removeStaleTemplates(serverUrl);
  } finally {
    await lock.end();
  }
  return name;
}

async function removeStaleTemplates(serverUrl: string): Promise<void> {
  const stale = await adminQuery(serverUrl, "select datname from pg_database where datname like $1 and datname not like $2", [
    `${PREFIX}%`,
    `${PREFIX}${inputsHash()}_%`,
  ]);
  for (const { datname } of stale.rows as Array<{ datname: string }>) {
    await adminQuery(serverUrl, `alter database ${datname} with is_template false`).catch(() => {});
    await adminQuery(serverUrl, `drop database if exists ${datname} with (force)`).catch(() => {});
  }
}

/** A new database `cargo_t_<random>` on the server of `serverUrl`, cloned from the preparation; `drop` removes it. */
export async function createPreparedPostgres(serverUrl: string, p: Preparation): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const template = await ensureTemplate(serverUrl, p);
  const name = `cargo_t_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(serverUrl, `create database ${name} template ${template}`);
  return {
    name,
    url: urlOfDatabase(serverUrl, name),
    drop: async () => {
      await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Either

/**
 * A copy of the preparation on the test's database: a new database on DATABASE_URL's server when it is set (dropped on
 * close), an in-memory PGlite otherwise.
 */
export async function openPreparedDatabase(p: Preparation): Promise<Database> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return openPreparedPglite(p);
  const copy = await createPreparedPostgres(serverUrl, p);
  const database = await openDatabase({ databaseUrl: copy.url });
  return {
    ...database,
    async close() {
      await database.close();
      await copy.drop();
    },
  };
}
