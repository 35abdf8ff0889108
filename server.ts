/**
 * The one HTTP entry (DESIGN §1). Serves the Remix build; with UPSTREAM_URL unset it also starts the
 * cargo API on 127.0.0.1:API_PORT over the embedded PGlite database (or DATABASE_URL), in a process of its own.
 * Why the Node ↔ Fetch bridge rather than @remix-run/express's createRequestHandler: app/lib/http/web-server.server.ts.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { type AppConfig, ConfigError, loadConfig } from "./app/lib/config.server";
import { createAppHandler } from "./app/lib/http/app-handler.server";
import { createWebServer } from "./app/lib/http/web-server.server";
import { ensureBuild } from "./scripts/ensure-build";
import { collectGarbage } from "./api/collect-garbage";

async function main() {
  let config: AppConfig;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const closers: Array<() => Promise<void>> = [];
  if (config.embeddedApi) {
    // in a process of its own: database work must not wait behind page rendering on one event loop (issue 9 §4),
    // and its memory is returned and measured apart from the BFF's (docs/memory.md)
    const { startApiInProcess } = await import("./api/start-in-process");
    const api = await startApiInProcess({
      port: config.apiPort,
      host: "127.0.0.1",
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      // handed over, never in the environment, so the API believes the client address only this BFF forwards
      config: { CLIENT_ADDRESS_SECRET: config.clientAddressSecret },
    });
    closers.push(api.close);
    console.log(`cargo API on ${api.url} (${config.databaseUrl ? "PostgreSQL" : `PGlite in ${config.dataDir}`})`);
  }

  ensureBuild();
  const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  const handle = createAppHandler(build, config);

  const app = createWebServer(handle, config);

  const server = app.listen(config.port, config.host, () => {
    // loading the build left its garbage (module sources, compilation) to a collection an idle server never runs
    collectGarbage();
    console.log(`Cargo Desk on http://localhost:${config.port} (tenants: http://s7.localhost:${config.port}, ...)`);
  });
  // Behind a load balancer (npm run cluster) the balancer must be the side that closes an idle kept-alive
  // connection: Node's 5 s default closed connections HAProxy was about to reuse, and the request on one was lost.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    for (const close of closers) await close();
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
