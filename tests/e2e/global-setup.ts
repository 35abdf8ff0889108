import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { ensureBuild } from "../../scripts/ensure-build";

declare module "vitest" {
  export interface ProvidedContext {
    e2ePort: number;
    e2eApiPort: number;
    /** CARGO_NOW minus the real time when the server started (0 without CARGO_NOW): tests/e2e/helpers.ts serviceNow. */
    e2eClockOffsetMs: number;
    /** An empty directory per run where tests/e2e/helpers.ts signIn keeps each demo account's session. */
    e2eSessionDir: string;
  }
}

const ROOT = path.resolve(__dirname, "../..");
const START_TIMEOUT_MS = 180_000;

/** A port nobody listens on right now (the OS picks it; we close and hand it to the server). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitUntilAnswering(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server.ts exited (${child.exitCode ?? child.signalCode}) before answering:\n${log()}`);
    }
    try {
      const res = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(5_000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server.ts did not answer ${url} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/**
 * Builds when stale, then starts the real server (`npx tsx server.ts`: BFF + embedded cargo API on PGlite)
 * with a fresh DATA_DIR on free ports, and stops it after the run. E2E_PORT and E2E_API_PORT point the
 * tests at a server that is already running instead (its demo data must be fresh).
 */
export default async function setup(project: TestProject) {
  // the server runs from CARGO_NOW on (it inherits the variable); the browsers and the tests follow it
  const cargoNow = process.env.CARGO_NOW ? Date.parse(process.env.CARGO_NOW) : NaN;
  if (process.env.CARGO_NOW && Number.isNaN(cargoNow)) throw new Error(`CARGO_NOW is not an ISO instant: ${process.env.CARGO_NOW}`);
  const clockOffsetMs = () => (Number.isNaN(cargoNow) ? 0 : cargoNow - Date.now());
  if (process.env.E2E_PORT) {
    const sessionDir = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-e2e-sessions-"));
    project.provide("e2eClockOffsetMs", clockOffsetMs());
    project.provide("e2ePort", Number(process.env.E2E_PORT));
    project.provide("e2eApiPort", Number(process.env.E2E_API_PORT ?? 3001));
    project.provide("e2eSessionDir", sessionDir);
    return () => fs.rmSync(sessionDir, { recursive: true, force: true });
  }

  ensureBuild(ROOT);

  const [port, apiPort] = [await freePort(), await freePort()];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "cargo-e2e-"));
  const dataDir = path.join(tmp, "data");
  const logFile = path.join(tmp, "server.log");
  // sessions belong to this server's fresh data: they live and go with it
  const sessionDir = path.join(tmp, "sessions");
  fs.mkdirSync(sessionDir);
  const out = fs.openSync(logFile, "a");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "development",
    HOST: "127.0.0.1",
    PORT: String(port),
    API_PORT: String(apiPort),
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
  };
  // the embedded default: PGlite, outbox instead of SMTP, generated secrets
  for (const key of ["UPSTREAM_URL", "DATABASE_URL", "SMTP_URL", "SESSION_SECRET", "APP_DOMAIN", "FORWARDER_DOMAIN"]) delete env[key];

  // its own process group, so stopping it also stops the node process that npx and tsx start
  project.provide("e2eClockOffsetMs", clockOffsetMs());
  const child = spawn("npx", ["tsx", "server.ts"], { cwd: ROOT, env, detached: true, stdio: ["ignore", out, out] });
  const log = () => fs.readFileSync(logFile, "utf8").split("\n").slice(-60).join("\n");
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
    const exited = new Promise((r) => child.once("exit", r));
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      return;
    }
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 10_000);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitUntilAnswering(`http://127.0.0.1:${port}/signIn`, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  console.log(`e2e: server on http://localhost:${port} (API 127.0.0.1:${apiPort}), data in ${dataDir}`);
  project.provide("e2ePort", port);
  project.provide("e2eApiPort", apiPort);
  project.provide("e2eSessionDir", sessionDir);

  return async () => {
    await stop();
    fs.closeSync(out);
    if (process.env.E2E_KEEP_DATA) console.log(`e2e: kept ${tmp}`);
    else fs.rmSync(tmp, { recursive: true, force: true });
  };
}
