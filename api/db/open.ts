import { mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { embeddedDatabaseDir } from "./embedded-dir";

/**
 * One drizzle type for both drivers. The query builder is the same; only the raw `execute`
 * result differs (both carry `rows`), so code written against this type runs on either.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  /**
   * LISTEN on `channel` (the job queue's wake-up, api/jobs/worker.ts): `onNotify` runs for each NOTIFY committed on
   * it, by this process or another on the same database. Resolves to the unsubscribe. On PostgreSQL a connection of
   * its own, outside the pool; `onLost` says it went away (a restart), and the caller listens again later.
   */
  listen(channel: string, onNotify: () => void, onLost: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... — use a node-postgres pool. */
  databaseUrl?: string;
  /** Where the embedded database lives (`${dataDir}/pglite`); default ./data. */
  dataDir?: string;
  /** Embedded database in memory (tests). */
  inMemory?: boolean;
  /** PostgreSQL only: shorter waits than POOL_TIMEOUTS (tests of an unreachable or silent server). */
  timeouts?: Partial<PoolTimeouts>;
}

export interface PoolTimeouts {
  /** How long a request waits for a connection: a free one of the pool, or a new one to the server. */
  connectMs: number;
  /** The server cancels a statement that runs longer (57014). */
  statementMs: number;
  /** The driver stops waiting for an answer: a server that went silent (a cut network) never sends one. */
  queryMs: number;
}

/**
 * Every wait on the database is bounded, so a request during a PostgreSQL restart or outage ends as a 503
 * (db/outage.ts) instead of hanging: well below the BFF's 60 s upstream timeout (UPSTREAM_TIMEOUT_MS), so the API
 * answers before the BFF gives up on it. A restarting server refuses connections at once; connectMs matters for one
 * that went silent, and also bounds the wait for a free connection of the pool, which a burst of bookings queued on
 * one flight's row lock may hold for seconds: hence 10 s, not less. The driver's own limit sits above the server's
 * statement_timeout, which is the one that normally fires (and leaves the connection usable).
 */
export const POOL_TIMEOUTS: PoolTimeouts = { connectMs: 10_000, statementMs: 30_000, queryMs: 35_000 };

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Arbitrary constant: serialises migrations when several API instances start on one server at once. */
const MIGRATION_LOCK_ID = 727_274_001;

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, { ...POOL_TIMEOUTS, ...opts.timeouts });
  return openPglite(opts);
}

/**
 * Closes a client's connection once the driver stopped waiting for an answer (query_timeout): the query may still be
 * running on it, so the next query would queue behind it. Closed, its queued queries fail at once and the pool drops
 * it on release (drizzle releases a transaction's client without telling the pool about the error).
 */
function closeAfterReadTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((error: unknown) => {
        if ((error as Error | undefined)?.message !== "Query read timeout") return;
        (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
      });
    }
    return result;
  }) as typeof client.query;
}

async function openPostgres(databaseUrl: string, timeouts: PoolTimeouts): Promise<Database> {
  await migratePostgres(databaseUrl);
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: timeouts.connectMs,
    statement_timeout: timeouts.statementMs,
    query_timeout: timeouts.queryMs,
    // a peer that vanished without closing the connection is noticed by the kernel, not only by the next query
    keepAlive: true,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  // Nor a checked-out one between two queries (a transaction awaiting other work when the server restarts): the pool
  // listens only to idle clients, and an "error" event nobody listens to throws. Its next query fails instead, and
  // the pool drops it on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
    closeAfterReadTimeout(client);
  });
  const db = drizzlePg(pool, { schema });
  return { db, driver: "postgres", listen: (channel, onNotify, onLost) => listenPostgres(databaseUrl, timeouts, channel, onNotify, onLost), close: () => pool.end() };
}

/** A LISTEN needs a session that stays: one client of its own, not the pool's (which hands connections around). */
async function listenPostgres(
  databaseUrl: string,
  timeouts: PoolTimeouts,
  channel: string,
  onNotify: () => void,
  onLost: () => void,
): Promise<() => Promise<void>> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeouts.connectMs, keepAlive: true });
  let closing = false;
  const lost = () => {
    if (!closing) onLost();
    closing = true;
  };
  client.on("error", lost);
  client.on("end", lost);
  client.on("notification", (message) => {
    if (message.channel === channel) onNotify();
  });
  try {
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
  } catch (error) {
    closing = true;
    await client.end().catch(() => {});
    throw error;
  }
  return async () => {
    closing = true;
    await client.end().catch(() => {});
  };
}

/** Migrate on a single connection so the advisory lock and the migrator share one session. */
async function migratePostgres(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
    await client.end();
  }
}

/**
 * PGlite runs PostgreSQL inside one WebAssembly memory, which grows and never shrinks: what PostgreSQL allocates
 * once stays in the process for good (docs/memory.md). Its defaults are a server's: 128 MB of shared buffers took
 * 160 MB of the API's resident memory. The embedded database is a few tens of MB and the operating system caches its
 * files anyway, so 16 MB of buffers keeps the hot pages; index builds (migrations, the seed) get 16 MB instead of 64.
 */
export const PGLITE_SETTINGS = ["shared_buffers=16MB", "maintenance_work_mem=16MB", "max_connections=10"] as const;
/** PGlite's own start parameters and PGLITE_SETTINGS: every embedded database (and the tests' copies) starts with them. */
export const pgliteStartParams = (): string[] => [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ["-c", s])];

async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
  let client: PGlite;
  if (opts.inMemory) {
    client = new PGlite({ startParams: pgliteStartParams() });
  } else {
    const dir = embeddedDatabaseDir(opts.dataDir);
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir, { startParams: pgliteStartParams() });
  }
  const database = pgliteDatabase(client);
  await migratePglite(database.db as unknown as Parameters<typeof migratePglite>[0], { migrationsFolder });
  return database;
}

/** The Database of an open PGlite (also the tests' copies of a prepared one): LISTEN runs in its single session. */
export function pgliteDatabase(client: PGlite): Database {
  return {
    db: drizzlePglite(client, { schema }) as unknown as Db,
    driver: "pglite",
    listen: (channel, onNotify) => client.listen(channel, () => onNotify()),
    close: () => client.close(),
  };
}
