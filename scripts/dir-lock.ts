import fs from "node:fs";

/**
 * A lock between processes of one machine: whoever creates the directory holds it (mkdir is atomic). The Remix build
 * (scripts/ensure-build.ts) and the prepared test databases (tests/prepared-database.ts) are each made once while
 * several processes may ask for them at the same moment: a server start, parallel test files, the bench.
 *
 * A holder that died leaves its directory behind, so a lock older than `staleMs` (longer than the guarded work can
 * take) is taken over.
 */
export interface DirLockOptions {
  staleMs: number;
  /** Give up waiting after this long. */
  timeoutMs: number;
}

const POLL_MS = 200;

/** One attempt: true when this process now holds `lock`. */
function tryAcquire(lock: string, staleMs: number): boolean {
  try {
    fs.mkdirSync(lock);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    try {
      if (Date.now() - fs.statSync(lock).mtimeMs > staleMs) fs.rmSync(lock, { recursive: true, force: true });
    } catch {
      // released meanwhile
    }
    return false;
  }
}

const release = (lock: string) => fs.rmSync(lock, { recursive: true, force: true });
const timedOut = (lock: string) => new Error(`timed out waiting for the lock ${lock}`);

/** Runs `fn` holding `lock`, waiting without blocking the event loop. */
export async function withDirLock<T>(lock: string, options: DirLockOptions, fn: () => T | Promise<T>): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  while (!tryAcquire(lock, options.staleMs)) {
    if (Date.now() > deadline) throw timedOut(lock);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  try {
    return await fn();
  } finally {
    release(lock);
  }
}

/** The same for synchronous callers (a build run with execFileSync): the thread sleeps between attempts. */
export function withDirLockSync<T>(lock: string, options: DirLockOptions, fn: () => T): T {
  const deadline = Date.now() + options.timeoutMs;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  while (!tryAcquire(lock, options.staleMs)) {
    if (Date.now() > deadline) throw timedOut(lock);
    Atomics.wait(sleeper, 0, 0, POLL_MS);
  }
  try {
    return fn();
  } finally {
    release(lock);
  }
}
