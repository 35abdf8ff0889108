import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { withDirLockSync } from "./dir-lock";

/** Sources whose change makes the Remix build stale. */
const SOURCES = ["app", "cargo", "locales", "remix.config.js", "postcss.config.cjs", "package-lock.json"];
const BUILD_ENTRY = "build/index.js";

export function newestMtime(target: string): number {
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

/**
 * One builder at a time per checkout (a server start, test files and the bench may all ask at once; two
 * builds writing build/ together corrupt it). A lock older than a build can take is stale.
 */
const BUILD_LOCK = { staleMs: 180_000, timeoutMs: 300_000 };

/** `npm start` builds when the build is missing or older than its sources. */
export function ensureBuild(root = process.cwd()): void {
  if (!buildIsStale(root)) return;
  withDirLockSync(path.join(root, "build.lock"), BUILD_LOCK, () => {
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
