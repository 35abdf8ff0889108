import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { ensureServerBundle, serverBundlePath } from "../build-server";
import { ensureBuild } from "../ensure-build";
import { haproxyConfig } from "./haproxy-config";
import { freePort, spawnLogged, stopProcess, waitForPort } from "./processes";

const ROOT = path.resolve(import.meta.dirname, "../..");
/**
 * Our processes run as `npm start` runs them (package.json): the bundled JavaScript of build/server/
 * (scripts/build-server.ts), not TypeScript compiled as it loads, with the young generation capped at 4 MB (the BFF's
 * memory budget, docs/memory.md). Under the 100-user load the cap made no difference to pages/s (29.7 with it, 29.8
 * without, 2026-11-29), though the web servers spend a fifth of their time collecting garbage with it.
 */
const NODE_FLAGS = ["--max-semi-space-size=4"];
/** CLUSTER_CPU_PROFILE_DIR=dir: each web server and API process writes a CPU profile there when it stops. */
const profileFlags = () => {
  const dir = process.env.CLUSTER_CPU_PROFILE_DIR;
  return dir ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(dir)}`] : [];
};

export interface ClusterOptions {
  /** The PostgreSQL database every API process uses; created when missing. */
  databaseUrl: string;
  /** Where browsers connect (HAProxy's web frontend); 0 picks a free port. */
  webPort?: number;
  bffs?: number;
  apis?: number;
  /** Logs, the HAProxy configuration and the shared attachments directory; a new temporary directory by default. */
  workDir?: string;
}

export interface Cluster {
  webUrl: string;
  apiUrl: string;
  workDir: string;
  /** Kills API process `index` (0-based) at once, as a crash would. */
  killApi(index: number): Promise<void>;
  /** Starts API process `index` again on its port; resolves once it listens. */
  startApi(index: number): Promise<void>;
  stop(): Promise<void>;
}

/** Creates the database when it does not exist (connecting to the server's `postgres` database). */
async function ensureDatabase(databaseUrl: string) {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`database name "${name}": use lower-case letters, digits and _`);
  url.pathname = "/postgres";
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

function requireHaproxy() {
  try {
    execFileSync("haproxy", ["-v"], { stdio: "ignore" });
  } catch {
    throw new Error("HAProxy is not installed: `apt-get install -y haproxy` (Debian's package), then run again.");
  }
}

/**
 * The production shape on one machine: HAProxy in front of `bffs` BFF processes (server.ts, NODE_ENV=production,
 * one session secret, so a cookie any BFF set works on every other), which call `apis` API processes (api/main.ts)
 * through HAProxy's second frontend, all on one PostgreSQL. The first API process migrates and seeds an empty
 * database before the others start (migrations also take an advisory lock). Each BFF keeps its own caches (UI
 * settings, reference lists; their keys carry tenant, company and role, so a switch reads fresh data); the AWB
 * stock, bookings and the mail outbox live in the database, shared by every API process.
 */
export async function startCluster(opts: ClusterOptions): Promise<Cluster> {
  requireHaproxy();
  ensureBuild(ROOT);
  await ensureServerBundle(ROOT);
  await ensureDatabase(opts.databaseUrl);
  const workDir = opts.workDir ?? fs.mkdtempSync(path.join(os.tmpdir(), "cargo-cluster-"));
  fs.mkdirSync(path.join(workDir, "attachments"), { recursive: true });

  const secret = () => crypto.randomBytes(32).toString("base64url");
  const shared = {
    NODE_ENV: "production" as const,
    SESSION_SECRET: process.env.SESSION_SECRET || secret(),
    CLIENT_ADDRESS_SECRET: process.env.CLIENT_ADDRESS_SECRET || secret(),
    // every API process seals and opens the identity providers' client secrets with one key
    IDENTITY_SECRET_KEY: process.env.IDENTITY_SECRET_KEY || secret(),
  };
  const webPort = opts.webPort || (await freePort());
  const apiLbPort = await freePort();
  const apiPorts = await Promise.all(Array.from({ length: opts.apis ?? 2 }, () => freePort()));
  const bffPorts = await Promise.all(Array.from({ length: opts.bffs ?? 2 }, () => freePort()));
  const children: Array<ChildProcess | undefined> = [];
  const apiChildren: Array<ChildProcess | undefined> = [];

  const baseEnv = { ...process.env };
  for (const key of ["UPSTREAM_URL", "PORT", "API_PORT", "DATA_DIR", "DATABASE_URL"]) delete baseEnv[key];

  /** One of our Node processes (a bundle of build/server/), logged to `<label>.log` in the work directory, until it answers on `port`. */
  const startNode = async (
    label: string,
    bundle: Parameters<typeof serverBundlePath>[1],
    port: number,
    env: Record<string, string>,
    keep: (child: ChildProcess) => void,
  ) => {
    const logFile = path.join(workDir, `${label.toLowerCase().replace(" ", "-")}.log`);
    const args = [...NODE_FLAGS, ...profileFlags(), serverBundlePath(ROOT, bundle)];
    const child = spawnLogged(process.execPath, args, { ...baseEnv, ...shared, ...env }, logFile);
    keep(child);
    await waitForPort(port, label, child, logFile);
  };
  const startApi = (index: number) =>
    startNode(
      `API ${index + 1}`,
      "api-main",
      apiPorts[index]!,
      {
        API_PORT: String(apiPorts[index]),
        API_HOST: "127.0.0.1",
        DATABASE_URL: opts.databaseUrl,
        ATTACHMENTS_DIR: path.join(workDir, "attachments"),
      },
      (child) => (apiChildren[index] = child),
    );
  const startBff = (index: number) =>
    startNode(
      `BFF ${index + 1}`,
      "server",
      bffPorts[index]!,
      {
        PORT: String(bffPorts[index]),
        HOST: "127.0.0.1",
        UPSTREAM_URL: `http://127.0.0.1:${apiLbPort}`,
        // HAProxy appends the browser's address to X-Forwarded-For
        TRUST_PROXY: "1",
        DATA_DIR: path.join(workDir, `bff-${index + 1}`),
      },
      (child) => children.push(child),
    );

  const stop = async () => {
    await Promise.all([...children, ...apiChildren].map((child) => (child ? stopProcess(child) : undefined)));
  };
  try {
    await startApi(0); // migrates and seeds an empty database alone
    await Promise.all(apiPorts.slice(1).map((_, i) => startApi(i + 1)));
    await Promise.all(bffPorts.map((_, i) => startBff(i)));
    const configFile = path.join(workDir, "haproxy.cfg");
    fs.writeFileSync(configFile, haproxyConfig({ web: webPort, api: apiLbPort, bffs: bffPorts, apis: apiPorts }));
    const haproxyLog = path.join(workDir, "haproxy.log");
    const haproxy = spawnLogged("haproxy", ["-f", configFile, "-db"], process.env, haproxyLog);
    children.push(haproxy);
    await waitForPort(webPort, "HAProxy", haproxy, haproxyLog);
    await waitForPort(apiLbPort, "HAProxy", haproxy, haproxyLog);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    webUrl: `http://127.0.0.1:${webPort}`,
    apiUrl: `http://127.0.0.1:${apiLbPort}`,
    workDir,
    async killApi(index) {
      const child = apiChildren[index];
      if (child) await stopProcess(child, "SIGKILL");
    },
    startApi,
    stop,
  };
}
