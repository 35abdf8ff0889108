/**
 * The embedded API's process (api/start-in-process.ts forks it): waits for its options over IPC, then either prepares
 * a new database and exits, or starts the API, answers where it listens, closes when asked, and stops when the web
 * server that forked it goes away.
 */
import { prepareDatabase, startApi } from "./start";
import type { FromApiProcess, ToApiProcess } from "./start-in-process";

const send = (message: FromApiProcess) => new Promise<void>((resolve) => process.send!(message, () => resolve()));
const failed = (error: unknown) => send({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) }).then(() => process.exit(1));

process.once("message", async (message: ToApiProcess) => {
  if ("prepare" in message) {
    await prepareDatabase(message.prepare).catch(failed);
    await send({ prepared: true });
    process.exit(0);
  }
  if (!("start" in message)) return;
  const api = await startApi(message.start).catch(failed);
  if (!api) return;
  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await api.close();
    process.exit(0);
  };
  process.on("message", (next: ToApiProcess) => {
    if ("close" in next) void close();
  });
  // the web server died or was killed without asking: nothing will ever reach this API again
  process.on("disconnect", () => void close());
  // a Ctrl-C in the terminal signals the whole process group, this process too: close the database, not just die
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void close());
  await send({ started: api.url });
});
