import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";

/** Sources whose change makes the Remix build stale. */
const SOURCES = ["app", "cargo", "locales", "remix.config.js", "postcss.config.cjs", "package-lock.json"];
const BUILD_ENTRY = "build/index.js";

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

export function buildIsStale(root = process.cwd()): boolean {
  const entry = path.join(root, BUILD_ENTRY);
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > built);
}

const sleep = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * One builder at a time per checkout (a server start, test files and the bench may all ask at once; two
 * builds writing build/ together corrupt it). mkdir is atomic; a lock older than a build can take is stale.
 */
function withBuildLock(root: string, fn: () => void): void {
  const lock = path.join(root, "build.lock");
  const deadline = Date.now() + 300_000;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      sleep(250);
    }
  }
  try {
    fn();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** `npm start` builds when the build is missing or older than its sources. */
export function ensureBuild(root = process.cwd()): void {
  if (!buildIsStale(root)) return;
  withBuildLock(root, () => {
    if (!buildIsStale(root)) return; // another process built it while we waited
    console.log("Building the web app (remix build)...");
    execFileSync(process.execPath, [path.join(root, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) ensureBuild();
