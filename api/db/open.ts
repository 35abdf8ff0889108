import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/**
 * One drizzle type for both drivers. The query builder is the same; only the raw `execute`
 * result differs (both carry `rows`), so code written against this type runs on either.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  driver: "pglite" | "postgres";
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** postgres://... — use a node-postgres pool. */
  databaseUrl?: string;
  /** Where the embedded database lives (`${dataDir}/pglite`); default ./data. */
  dataDir?: string;
  /** Embedded database in memory (tests). */
  inMemory?: boolean;
}

const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));
/** Arbitrary constant: serialises migrations when several API instances start on one server at once. */
const MIGRATION_LOCK_ID = 727_274_001;

export async function openDatabase(opts: OpenDatabaseOptions = {}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(opts);
}

async function openPostgres(databaseUrl: string): Promise<Database> {
  await migratePostgres(databaseUrl);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema });
  return { db, driver: "postgres", close: () => pool.end() };
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

async function openPglite(opts: OpenDatabaseOptions): Promise<Database> {
  let client: PGlite;
  if (opts.inMemory) {
    client = new PGlite();
  } else {
    const dir = path.resolve(opts.dataDir ?? "./data", "pglite");
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const pgliteDb = drizzlePglite(client, { schema });
  await migratePglite(pgliteDb, { migrationsFolder });
  return { db: pgliteDb as unknown as Db, driver: "pglite", close: () => client.close() };
}
