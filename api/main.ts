// npm run api: the cargo API on its own (the BFF's server.ts can also start it in-process).
import { startApi } from "./start";

const api = await startApi({
  port: Number(process.env.API_PORT ?? 3001),
  host: process.env.API_HOST || undefined,
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || undefined,
  logger: true,
});
console.log(`Cargo API listening on ${api.url} (docs: ${api.url}/api/docs)`);

let closing = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    api.close().then(
      () => process.exit(0),
      (err) => {
        console.error(err);
        process.exit(1);
      },
    );
  });
}
