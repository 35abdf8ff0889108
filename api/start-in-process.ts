/**
 * The embedded API in a process of its own (issue 9 §4, issue 22): page rendering in the BFF and database work in
 * PGlite run on two cores, and each process's memory is its own to measure and to return (docs/memory.md): the API's
 * WebAssembly database and the allocator's arenas never count against the BFF. server.ts starts it with the options
 * startApi takes; the child inherits the environment (CARGO_NOW) and, from sources, tsx's loader.
 */
import { fork } from "node:child_process";
import { fileURLToPath } from "node:url";
import { embeddedDatabaseExists } from "./db/embedded-dir";
import type { StartApiOptions } from "./start";

export type ToApiProcess = { start: StartApiOptions } | { prepare: StartApiOptions } | { close: true };
export type FromApiProcess = { started: string } | { prepared: true } | { failed: string };

/**
 * Under `npm start` the bundled process: scripts/build-server.ts sets CARGO_SERVER_BUNDLE to the bundles' directory
 * (relative to the checkout; import.meta.url is this source file's even in the bundle). Under tsx (tests,
 * `npm run dev`) the TypeScript source: tsx's loader comes along in process.execArgv.
 */
const ENTRY = process.env.CARGO_SERVER_BUNDLE
  ? new URL(`../${process.env.CARGO_SERVER_BUNDLE}/api-process.mjs`, import.meta.url)
  : new URL("./api-process.ts", import.meta.url);

/**
 * glibc gives each thread that allocates its own 64 MB arena and keeps what it freed: PGlite's compilation on V8's
 * threads and scrypt on libuv's left about 200 MB resident at idle. Two arenas, and blocks over 128 KiB mapped and
 * unmapped on their own, give most of it back (measured in docs/memory.md).
 */
const ALLOCATOR_ENV = { MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" };
/**
 * V8 lets the young generation grow to 32 MB and keeps it when the process goes idle; an API answering one page's
 * calls at a time needs a fraction of it. And PGlite's 9 MB of WebAssembly runs on V8's baseline compiler only:
 * optimising it (TurboFan) cost 60 MB of compiler memory the allocator kept, and the API's list calls measured no
 * slower without it (docs/memory.md).
 */
const V8_FLAGS = ["--max-semi-space-size=4", "--liftoff-only"];

/** Forks the API's process with `message`; resolves with its first answer, rejects if it fails or exits first. */
function apiProcess(message: ToApiProcess) {
  const child = fork(fileURLToPath(ENTRY), [], {
    env: { ...process.env, ...ALLOCATOR_ENV },
    execArgv: [...new Set([...process.execArgv, ...V8_FLAGS])],
    stdio: "inherit",
  });
  const answer = new Promise<Exclude<FromApiProcess, { failed: string }>>((resolve, reject) => {
    const exited = (code: number | null) => reject(new Error(`the API process exited (${code}) before answering`));
    child.once("error", reject);
    child.once("exit", exited);
    child.once("message", (reply: FromApiProcess) => {
      child.off("exit", exited);
      if ("failed" in reply) reject(new Error(reply.failed));
      else resolve(reply);
    });
  });
  child.send(message);
  return { child, answer };
}

export async function startApiInProcess(opts: StartApiOptions): Promise<{ url: string; close(): Promise<void> }> {
  // A new embedded database is created, migrated and seeded by a process of its own, which then exits: initdb's
  // instances and the seed's garbage left about 90 MB in the allocator of a process that went on serving.
  if (!opts.databaseUrl && !embeddedDatabaseExists(opts.dataDir)) {
    const preparing = apiProcess({ prepare: opts });
    await preparing.answer;
    await new Promise((resolve) => (preparing.child.exitCode === null ? preparing.child.once("exit", resolve) : resolve(null)));
  }
  const { child, answer } = apiProcess({ start: opts });
  const reply = await answer;
  if (!("started" in reply)) throw new Error("the API process did not start");
  return {
    url: reply.started,
    close: () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        child.once("exit", () => done());
        // a Ctrl-C reaches the whole process group: the API may already be closing on its own signal
        if (child.connected) child.send({ close: true } satisfies ToApiProcess);
      }),
  };
}
