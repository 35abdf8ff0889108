import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "./clock";
import type { ApiConfig } from "./config";
import type { Db } from "./db/open";
import type { Mailer } from "./mail/mailer";
import type { FileStore } from "./attachments/file-store";
import type { JobWorker } from "./jobs/worker";

/** What every route needs, built once in buildApi and hung on the Fastify instance as `app.deps`. */
export interface ApiDeps {
  db: Db;
  config: ApiConfig;
  now: Clock;
  mailer: Mailer;
  /** Where attachment bytes live (a directory or an S3-compatible bucket). */
  files: FileStore;
  log: FastifyBaseLogger;
}

declare module "fastify" {
  interface FastifyInstance {
    deps: ApiDeps;
    /** The job queue's worker of this API (api/jobs/worker.ts): startApi starts it; tests drain it. */
    jobs: JobWorker;
  }
}
