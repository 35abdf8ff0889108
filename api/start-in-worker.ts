/**
 * The embedded API in a worker thread (issue 9 §4): its own event loop, so page rendering in the BFF and
 * database work in PGlite run on two cores. server.ts starts it with the options startApi takes; the worker
 * inherits the environment (CARGO_NOW) and tsx's loader, and closes the API and its database when asked.
 */
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";
import type { StartApiOptions } from "./start";

type FromWorker = { started: string } | { failed: string } | { closed: true };

export function startApiInWorker(opts: StartApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  // a worker starts without tsx's loader (server.ts runs under tsx): register it, then load this file as TypeScript
  const bootstrap = `import("tsx/esm/api").then(({ register }) => { register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(bootstrap, { eval: true, workerData: { cargoApi: opts } });
  return new Promise((resolve, reject) => {
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the API worker exited (${code}) before listening`)));
    worker.once("message", (message: FromWorker) => {
      if ("failed" in message) return reject(new Error(message.failed));
      if (!("started" in message)) return;
      worker.removeAllListeners("exit");
      resolve({
        url: message.started,
        close: () =>
          new Promise<void>((done) => {
            worker.once("exit", () => done());
            worker.postMessage("close");
          }),
      });
    });
  });
}

if (!isMainThread && workerData?.cargoApi) {
  const { startApi } = await import("./start");
  try {
    const api = await startApi(workerData.cargoApi as StartApiOptions);
    parentPort!.on("message", async (message) => {
      if (message !== "close") return;
      await api.close();
      process.exit(0);
    });
    parentPort!.postMessage({ started: api.url } satisfies FromWorker);
  } catch (error) {
    parentPort!.postMessage({ failed: error instanceof Error ? (error.stack ?? error.message) : String(error) } satisfies FromWorker);
  }
}
