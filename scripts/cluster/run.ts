/**
 * `npm run cluster`: HAProxy, two BFF processes and two API processes on one PostgreSQL, in the foreground until
 * Ctrl-C, which stops them all (README, "Scaling out"). Options: --database-url (default DATABASE_URL, else the
 * machine's PostgreSQL, database cargo_cluster), --port (browsers' port, default 8080), --bffs, --apis.
 */
import { parseArgs } from "node:util";
import { startCluster } from "./cluster";

const { values } = parseArgs({
  options: {
    "database-url": { type: "string" },
    port: { type: "string", default: "8080" },
    bffs: { type: "string", default: "2" },
    apis: { type: "string", default: "2" },
  },
});

const count = (text: string, what: string) => {
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1 || n > 8) throw new Error(`--${what} takes 1 to 8`);
  return n;
};

const databaseUrl = values["database-url"] || process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/cargo_cluster";
const cluster = await startCluster({
  databaseUrl,
  webPort: Number(values.port),
  bffs: count(values.bffs!, "bffs"),
  apis: count(values.apis!, "apis"),
}).catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
const port = new URL(cluster.webUrl).port;
console.log(`Cargo Desk cluster on http://localhost:${port} (tenants: http://s7.localhost:${port}, http://cargo.localhost:${port}, ...)`);
console.log(`  HAProxy -> ${values.bffs} BFF processes -> ${cluster.apiUrl} (HAProxy) -> ${values.apis} API processes -> ${databaseUrl.replace(/\/\/[^@]*@/, "//")}`);
console.log(`  logs and configuration: ${cluster.workDir}; Ctrl-C stops everything`);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // void: a failed stop stays an unhandled rejection, which Node prints before exiting with 1
    void cluster.stop().then(() => process.exit(0));
  });
}
