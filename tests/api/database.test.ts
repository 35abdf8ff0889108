import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import { count, sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { openDatabase } from "../../api/db/open";
import { companies, users } from "../../api/db/schema";
import { seedDemoData } from "../../api/seed";
import { DEMO_USERS } from "../../api/seed-data";

const serverUrl = process.env.DATABASE_URL;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  await client.query(sql).finally(() => client.end());
}

// whatever DATABASE_URL says: .ci/run runs the API files on PostgreSQL, and this is the embedded default's own start
describe("embedded PGlite on disk", () => {
  it("migrates, seeds once, keeps the data across a restart, with small memory settings", { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "cargo-db-"));
    try {
      const first = await openDatabase({ dataDir });
      expect(first.driver).toBe("pglite");
      // not a server's defaults: PGlite holds what PostgreSQL allocates for good (128MB of buffers; docs/memory.md)
      const setting = async (name: string) =>
        ((await first.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Array<Record<string, string>> }).rows[0]![name];
      expect(await setting("shared_buffers")).toBe("16MB");
      expect(await setting("maintenance_work_mem")).toBe("16MB");
      expect(await seedDemoData(first)).toBe(true);
      await first.close();

      // Restart: migrations already applied, seed sees users and does nothing.
      const second = await openDatabase({ dataDir });
      expect(await seedDemoData(second)).toBe(false);
      const [n] = await second.db.select({ n: count() }).from(users);
      expect(n!.n).toBe(DEMO_USERS.length);
      // the demo password at scrypt's full cost (only the test suites' prepared databases seed a cheap one)
      const hashes = await second.db.selectDistinct({ hash: users.password_hash }).from(users);
      expect(hashes.map((h) => h.hash.split("$").slice(0, 4).join("$"))).toEqual(["scrypt$32768$8$1"]);
      await second.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe.runIf(serverUrl)("PostgreSQL through DATABASE_URL", () => {
  it("lets two instances start at once: migrations serialise and only one of them seeds", async () => {
    const name = `cargo_t_${randomBytes(6).toString("hex")}`;
    await admin(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    try {
      const [a, b] = await Promise.all([openDatabase({ databaseUrl: url.toString() }), openDatabase({ databaseUrl: url.toString() })]);
      try {
        expect(a.driver).toBe("postgres");
        const seeded = await Promise.all([seedDemoData(a), seedDemoData(b)]);
        expect(seeded.filter(Boolean)).toHaveLength(1);
        const [n] = await b.db.select({ n: count() }).from(companies);
        expect(n!.n).toBe(8);
      } finally {
        await a.close();
        await b.close();
      }
    } finally {
      await admin(`drop database if exists ${name} with (force)`);
    }
  });
});
