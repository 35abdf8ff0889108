import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, { type FastifyInstance, type FastifyServerOptions } from "fastify";
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { configuredClock, type Clock } from "./clock";
import { loadConfig, type ApiConfig } from "./config";
import type { Database } from "./db/open";
import { frameworkErrors, installErrorHandling } from "./http/errors";
import { installQueryLimits, installUnreadBodies, serverLimits } from "./http/request-limits";
import { createMailer, type Mailer } from "./mail/mailer";
import { registerRoutes } from "./routes";
import type { ApiDeps } from "./deps";
import { jobHandlers } from "./jobs/handlers";
import { createJobWorker, type WorkerOptions } from "./jobs/worker";
import type { FileStore } from "./attachments/file-store";
import { fileStoreFrom } from "./attachments/store-from-config";

export interface BuildApiOptions {
  database: Database;
  /** Overrides on top of the environment (process.env). */
  config?: Partial<ApiConfig>;
  /** Tests move time with their own clock; default: the system clock, or CARGO_NOW onwards when set. */
  clock?: Clock;
  /** Replace the mailer the `mail` job sends through (default: SMTP when SMTP_URL is set, else the outbox table). */
  mailer?: Mailer;
  /** The job worker's settings (it is built here, started by startApi or a test: `app.jobs.start()`). */
  jobs?: Pick<WorkerOptions, "concurrency" | "idleMs" | "stopGraceMs" | "random" | "id">;
  /** Replace the attachment store (default: the one the config names). */
  files?: FileStore;
  /** Fastify logger option; default off so embedding and tests stay quiet. */
  logger?: FastifyServerOptions["logger"];
}

/** The cargo API as a Fastify instance, ready for inject() or listen(). */
export async function buildApi(opts: BuildApiOptions): Promise<FastifyInstance> {
  const config = { ...loadConfig(process.env), ...opts.config };
  const app = Fastify({
    logger: opts.logger ?? false,
    trustProxy: config.TRUST_PROXY,
    // its type is generic over every route's reply type, which a handler that answers before routing never has
    frameworkErrors: frameworkErrors as FastifyServerOptions["frameworkErrors"],
    ...serverLimits,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const deps: ApiDeps = {
    db: opts.database.db,
    config,
    now: opts.clock ?? configuredClock(config),
    mailer: opts.mailer ?? createMailer(config),
    files: opts.files ?? fileStoreFrom(config),
    log: app.log,
  };
  app.decorate("deps", deps);
  const jobs = createJobWorker({ ...opts.jobs, database: opts.database, now: deps.now, handlers: jobHandlers(deps), log: app.log });
  app.decorate("jobs", jobs);
  // a closing API finishes (or gives back) the jobs it runs before its database closes
  app.addHook("onClose", () => jobs.stop());
  app.decorateRequest("auth", null as never);
  installErrorHandling(app);
  installQueryLimits(app);
  installUnreadBodies(app);

  await app.register(swagger, {
    openapi: {
      info: { title: "Cargo Desk API", version: "1.0.0", description: "Upstream cargo API (spec document 3)." },
      components: {
        securitySchemes: { bearerAuth: { type: "http", scheme: "bearer" } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  await registerRoutes(app);
  return app;
}
