import type { AddressInfo } from "node:net";
import path from "node:path";
import { buildApi } from "./app";
import { collectGarbage } from "./collect-garbage";
import type { ApiConfig } from "./config";
import { openDatabase, type Database } from "./db/open";
import { seedReferenceData } from "./reference/seed";
import { seedDemoData } from "./seed";
import { startSmtpReceiver } from "./messages/smtp-receiver";
import { localSecretKey } from "./auth/local-secret-key";

export interface StartApiOptions {
  port: number;
  host?: string;
  databaseUrl?: string;
  dataDir?: string;
  /** Seed the demo data when the database has no users (default true). */
  seed?: boolean;
  logger?: boolean;
  /** Settings on top of the environment (server.ts hands the embedded API the client-address secret). */
  config?: Partial<ApiConfig>;
}

/** Opens (and migrates) the database and seeds an empty one. */
async function openAndSeed(opts: StartApiOptions): Promise<Database> {
  const database = await openDatabase({ databaseUrl: opts.databaseUrl, dataDir: opts.dataDir });
  try {
    // Reference lists load on every start when their tables are empty, demo data or not.
    await seedReferenceData(database);
    if (opts.seed ?? true) await seedDemoData(database);
    return database;
  } catch (err) {
    await database.close();
    throw err;
  }
}

/** Creates, migrates and seeds the database, then closes it (api/start-in-process.ts: a fresh embedded one). */
export async function prepareDatabase(opts: StartApiOptions): Promise<void> {
  await (await openAndSeed(opts)).close();
}

/** Opens (and migrates) the database, seeds an empty one, and listens. Used by main.ts and server.ts. */
export async function startApi(opts: StartApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  const database = await openAndSeed(opts);
  try {
    // attachments sit beside the embedded database unless ATTACHMENTS_DIR says otherwise
    const attachmentsDir = process.env.ATTACHMENTS_DIR || (opts.dataDir ? path.join(opts.dataDir, "attachments") : undefined);
    // the embedded default keeps its own sealing key beside its database, so a newcomer's `npm start` needs no set-up
    const identityKey = process.env.IDENTITY_SECRET_KEY || (opts.dataDir ? localSecretKey(opts.dataDir) : undefined);
    const config = {
      ...(attachmentsDir ? { ATTACHMENTS_DIR: attachmentsDir } : {}),
      ...(identityKey ? { IDENTITY_SECRET_KEY: identityKey } : {}),
      ...opts.config,
    };
    const app = await buildApi({ database, logger: opts.logger ?? false, config });
    // what opening, migrating and seeding left (initdb's instances on a fresh data directory) goes before the idle wait
    collectGarbage();
    const host = opts.host ?? "127.0.0.1";
    await app.listen({ port: opts.port, host });
    // every API instance works the queue: SKIP LOCKED hands each job to one of them
    app.jobs.start();
    // incoming mail, when configured: stored as messages into the same database (api/messages/smtp-receiver.ts)
    const { SMTP_INBOUND_PORT, SMTP_INBOUND_HOST } = app.deps.config;
    const smtp =
      SMTP_INBOUND_PORT === undefined
        ? null
        : await startSmtpReceiver({ port: SMTP_INBOUND_PORT, host: SMTP_INBOUND_HOST, db: app.deps.db, now: app.deps.now, log: app.log }).catch(async (err: unknown) => {
            await app.close();
            throw err;
          });
    const { port } = app.server.address() as AddressInfo;
    const shownHost = host.includes(":") ? `[${host}]` : host === "0.0.0.0" ? "127.0.0.1" : host;
    return {
      url: `http://${shownHost}:${port}`,
      async close() {
        await smtp?.close();
        await app.close();
        await database.close();
      },
    };
  } catch (err) {
    await database.close();
    throw err;
  }
}
