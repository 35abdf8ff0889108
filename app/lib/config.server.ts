import { z } from "zod";
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { parseAirlineLists, type AirlineLists } from "../lib/access/airline-lists";
import { clockFrom, type Clock } from "./clock.server";

/** Every environment variable the product reads, validated once at start. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3001),
  UPSTREAM_URL: z.string().url().optional(),
  DATABASE_URL: z.string().url().optional(),
  DATA_DIR: z.string().default("./data"),
  /** "Now" for the whole service, an ISO instant (e.g. 2028-02-29T10:00:00Z); the clock runs on from it. Unset: the system clock. */
  CARGO_NOW: z.preprocess((v) => (v === "" ? undefined : v), z.string().datetime({ offset: true, message: "CARGO_NOW must be an ISO instant such as 2028-02-29T10:00:00Z" }).pipe(z.coerce.date()).optional()),
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters (comma-separated list for rotation; first one signs)").optional(),
  APP_DOMAIN: z.string().default("localhost"),
  FORWARDER_DOMAIN: z.string().optional(),
  PRODUCT_NAME: z.string().default("Cargo Desk"),
  SLOW_UPSTREAM_MS: z.coerce.number().int().positive().default(10_000),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
  /** How many proxies in front of the web server to trust: the client is the Nth X-Forwarded-For address from the right. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Shared with the cargo API (its CLIENT_ADDRESS_SECRET): lets the API believe the client address the BFF forwards. */
  CLIENT_ADDRESS_SECRET: z.preprocess((v) => (v === "" ? undefined : v), z.string().min(32, "CLIENT_ADDRESS_SECRET must be at least 32 characters").optional()),
  /**
   * 1: error pages and answers show the error's message and stack trace (Remix's development mode). Off by default in
   * every environment, development included: a stack names files on this machine. Errors always go to the console.
   */
  SHOW_ERROR_DETAILS: z.enum(["", "0", "1"], { message: "SHOW_ERROR_DETAILS must be 1 (show stack traces in error pages) or 0" }).default(""),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env["NODE_ENV"];
  port: number;
  host: string;
  apiPort: number;
  /** Base URL of the cargo API the BFF talks to (no trailing slash). */
  upstreamUrl: string;
  /** True when server.ts must start the cargo API itself. */
  embeddedApi: boolean;
  databaseUrl?: string;
  dataDir: string;
  sessionSecrets: string[];
  secureCookies: boolean;
  appDomain: string;
  forwarderDomain?: string;
  productName: string;
  /** The service's "now" (CARGO_NOW onwards, or the system clock): the same instant the cargo API works with. */
  clock: Clock;
  slowUpstreamMs: number;
  upstreamTimeoutMs: number;
  airlineLists: AirlineLists;
  /** Proxies in front of us whose X-Forwarded-For entries we believe (0: the socket address is the client). */
  trustProxy: number;
  /**
   * Sent with the browser's address on every upstream call; unset: no address is forwarded. The
   * embedded API gets a fresh random one at each start (server.ts hands it over in-process).
   */
  clientAddressSecret?: string;
  /** Stack traces in error pages and answers, only when the developer set SHOW_ERROR_DETAILS=1 (never in production). */
  showErrorDetails: boolean;
}

export class ConfigError extends Error {}

/**
 * Reads and validates the environment. In production a SESSION_SECRET is mandatory;
 * elsewhere one is generated once and kept in DATA_DIR so a newcomer's `npm start` needs no set-up.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  let secrets = env.SESSION_SECRET?.split(",").map((s) => s.trim()).filter(Boolean) ?? [];
  if (secrets.length === 0) {
    if (env.NODE_ENV === "production") {
      throw new ConfigError("SESSION_SECRET is required when NODE_ENV=production (at least 32 characters; comma-separated for key rotation).");
    }
    secrets = [readOrCreateLocalSecret(dataDir)];
  }
  const showErrorDetails = env.SHOW_ERROR_DETAILS === "1";
  if (showErrorDetails && env.NODE_ENV === "production") {
    throw new ConfigError("SHOW_ERROR_DETAILS=1 is refused when NODE_ENV=production: stack traces would show every visitor this server's files.");
  }
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    apiPort: env.API_PORT,
    upstreamUrl: (env.UPSTREAM_URL ?? `http://127.0.0.1:${env.API_PORT}`).replace(/\/+$/, ""),
    embeddedApi: !env.UPSTREAM_URL,
    databaseUrl: env.DATABASE_URL,
    dataDir,
    sessionSecrets: secrets,
    secureCookies: env.NODE_ENV === "production",
    appDomain: env.APP_DOMAIN.toLowerCase(),
    forwarderDomain: env.FORWARDER_DOMAIN?.toLowerCase(),
    productName: env.PRODUCT_NAME,
    clock: clockFrom(env.CARGO_NOW),
    slowUpstreamMs: env.SLOW_UPSTREAM_MS,
    upstreamTimeoutMs: env.UPSTREAM_TIMEOUT_MS,
    airlineLists: parseAirlineLists(source),
    trustProxy: env.TRUST_PROXY,
    clientAddressSecret: env.CLIENT_ADDRESS_SECRET ?? (env.UPSTREAM_URL ? undefined : crypto.randomBytes(32).toString("base64url")),
    showErrorDetails,
  };
}

function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, "secrets.json");
  try {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { sessionSecret?: string };
    if (stored.sessionSecret && stored.sessionSecret.length >= 32) return stored.sessionSecret;
  } catch {
    // first start: fall through and create it
  }
  const sessionSecret = crypto.randomBytes(32).toString("base64url");
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify({ sessionSecret }, null, 2), { mode: 0o600 });
  return sessionSecret;
}
