import os from "node:os";
import path from "node:path";
import type { FastifyInstance, InjectOptions } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { eq } from "drizzle-orm";
import { buildApi } from "../../api/app";
import { demoPasswordHash } from "../../api/seed";
import { companies, userProfiles, users } from "../../api/db/schema";
import type { Role } from "../../api/db/tables/enums";
import { configuredClock, utcDateOf } from "../../api/clock";
import { loadConfig, type ApiConfig } from "../../api/config";
import type { Database } from "../../api/db/open";
import { openPreparedDatabase } from "../prepared-database";
import { DEMO_PASSWORD } from "../../api/seed-data";

export { DEMO_PASSWORD };

/**
 * "Now" as the service sees it: CARGO_NOW when set (validated as the API validates it), the system clock
 * otherwise. Tests that compute expected dates take them from here, never from `new Date()`.
 */
export const configuredNow: () => Date = configuredClock(loadConfig());

/** The seed's "today" (YYYY-MM-DD): the UTC date of the configured clock. Demo records are relative to it. */
/** Attachments the tests upload land in the temp directory, never in the developer's ./data. */
export const TEST_ATTACHMENTS_DIR = path.join(os.tmpdir(), "cargo-test-attachments");

export const seedToday = (): string => utcDateOf(configuredNow());

/** A clock the test moves by hand: token lifetimes, grace periods and rate windows without sleeping. */
export interface TestClock {
  (): Date;
  advance(seconds: number): void;
}

export function testClock(start: Date = configuredNow()): TestClock {
  let now = start.getTime();
  const clock = (() => new Date(now)) as TestClock;
  clock.advance = (seconds) => {
    now += seconds * 1000;
  };
  return clock;
}

export interface TestApi {
  app: FastifyInstance;
  database: Database;
  clock: TestClock;
  /** The date the demo data was seeded for (see seedToday). */
  today: string;
  close(): Promise<void>;
}

/**
 * A seeded API on a fresh copy of the prepared database (tests/prepared-database.ts): in-memory PGlite, or, when
 * DATABASE_URL is set, a new database `cargo_t_<random>` cloned on that server (dropped on close), so test files can
 * run in parallel on one PostgreSQL. The API's clock stands still at the configured now (CARGO_NOW or the system
 * clock) until the test advances it; a test that builds a dated world of its own passes `clockStart` (the demo data
 * stays on the configured date).
 */
export async function makeTestApi(opts: { config?: Partial<ApiConfig>; seed?: boolean; clockStart?: Date } = {}): Promise<TestApi> {
  const today = seedToday();
  const database = await openPreparedDatabase(opts.seed ?? true ? { kind: "seeded", today } : { kind: "migrated" });
  const clock = testClock(opts.clockStart);
  // Tests must not depend on the developer's environment (an SMTP_URL would send real mail).
  const app = await buildApi({ database, clock, config: { SMTP_URL: undefined, NODE_ENV: "test", ATTACHMENTS_DIR: TEST_ATTACHMENTS_DIR, ...opts.config } });
  return {
    app,
    database,
    clock,
    today,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  created_at: number;
  email: string;
}

/** Signs a demo (or any) user in with the password grant; throws with the answer when it fails. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  opts: { carrier?: string; password?: string; remember_me?: boolean } = {},
): Promise<Tokens> {
  const res = await app.inject({
    method: "POST",
    url: "/oauth/token",
    headers: opts.carrier ? { carrier: opts.carrier } : {},
    payload: {
      grant_type: "password",
      username: email,
      password: opts.password ?? DEMO_PASSWORD,
      remember_me: opts.remember_me ?? false,
    },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Headers of an authenticated call: bearer token and, off the default tenant, the carrier. */
/** An OAuth error answer as a test compares it: its status and its `error` code (RFC 6749 §5.2, RFC 6750 §3.1). */
export function oauthError(res: { statusCode: number; json(): { error?: unknown } }): { status: number; error: unknown } {
  return { status: res.statusCode, error: res.json().error };
}

export function authHeaders(token: string | Tokens, carrier?: string): Record<string, string> {
  const access = typeof token === "string" ? token : token.access_token;
  return { authorization: `Bearer ${access}`, ...(carrier ? { carrier } : {}) };
}

/** An authenticated inject: `call(app, tokens, "GET", "/api/v3/profiles/me")`. */
export function call(
  app: FastifyInstance,
  token: string | Tokens,
  method: InjectOptions["method"],
  url: string,
  opts: { carrier?: string; payload?: InjectOptions["payload"]; headers?: Record<string, string> } = {},
) {
  return app.inject({ method, url, headers: { ...authHeaders(token, opts.carrier), ...opts.headers }, payload: opts.payload });
}

/** Signs `email` in (on `carrier`'s tenant when given) and GETs `url` as them; anything but 200 fails the test. */
export async function readAs(app: FastifyInstance, email: string, url: string, carrier?: string) {
  const res = await call(app, await signIn(app, email, { carrier }), "GET", url, { carrier });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A multipart/form-data body with one file field, encoded by the platform's own FormData (as a browser would). */
export async function multipartFile(
  field: string,
  filename: string,
  content: Buffer | string,
  type = "application/octet-stream",
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  form.append(field, new Blob([typeof content === "string" ? content : new Uint8Array(content)], { type }), filename);
  const request = new Request("http://local/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { "content-type": request.headers.get("content-type")! } };
}

/**
 * The latest outbox e-mail to an address, read through the development route as an e2e test would. Mail leaves
 * through the job queue, whose worker a test API does not start: the jobs due now run first.
 */
export async function latestMail(app: FastifyInstance, email: string) {
  await app.jobs.drain();
  const res = await app.inject({ method: "GET", url: `/api/dev/outbox?email=${encodeURIComponent(email)}` });
  const mails = res.json().data as Array<{ id: number; to: string; subject: string; body: string; created_at: string }>;
  return mails[0];
}

/** The reset token carried by the link in an e-mail body. */
export function resetTokenFrom(body: string): string {
  const match = body.match(/reset_password_token=([A-Za-z0-9_-]+)/);
  if (!match) throw new Error(`no reset link in: ${body}`);
  return match[1]!;
}

/** Adds a user with the demo password and one (current) profile in a company, for tests that need another account. */
export async function addUser(t: Pick<TestApi, "database">, email: string, companyShortName: string, role: Role = "operator"): Promise<void> {
  const db = t.database.db;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, companyShortName));
  if (!company) throw new Error(`no company ${companyShortName}`);
  const [user] = await db.insert(users).values({ email, password_hash: await demoPasswordHash() }).returning({ id: users.id });
  await db.insert(userProfiles).values({ user_id: user!.id, company_id: company.id, role, current: true });
}

/**
 * The accounts API test files sign in as, by the name the tests call them, with the tenant each signs in on
 * (the tenant at sign-in is part of what a token may do). `addedTo`: not in the seed; added as an operator of
 * that company before signing in.
 */
const TEST_ACCOUNTS = {
  platform: { email: "platform@cargodesk.test" },
  s7Manager: { email: "s7.manager@cargodesk.test", carrier: "s7" },
  s7Comcor: { email: "s7.comcor@cargodesk.test", carrier: "s7" },
  s7Operator: { email: "s7.operator@cargodesk.test", carrier: "s7" },
  s7Billing: { email: "s7.billing@cargodesk.test", carrier: "s7" },
  s7Admin: { email: "s7.admin@cargodesk.test", carrier: "s7" },
  suManager: { email: "su.manager@cargodesk.test", carrier: "su" },
  c6Manager: { email: "c6.manager@cargodesk.test", carrier: "c6" },
  forwarder: { email: "forwarder@cargodesk.test" },
  forwarderOnS7: { email: "forwarder@cargodesk.test", carrier: "s7" },
  forwarderOnSu: { email: "forwarder@cargodesk.test", carrier: "su" },
  forwarderAdmin: { email: "forwarder.admin@cargodesk.test" },
  fwdTwo: { email: "fwdtwo.operator@cargodesk.test", addedTo: "FWDTWO" },
  fwdTwoOnS7: { email: "fwdtwo.s7@cargodesk.test", addedTo: "FWDTWO", carrier: "s7" },
} satisfies Record<string, { email: string; carrier?: string; addedTo?: string }>;

export type TestAccount = keyof typeof TEST_ACCOUNTS;

/**
 * Something a whole test file shares (an API, a BFF), started in beforeAll and closed in afterAll. The handle reads
 * through to it, so use it in tests and later hooks only; a file's own beforeAll registered after this call runs
 * once it is up.
 */
export function startedForFile<T extends { close(): Promise<void> }>(start: () => Promise<T>, timeoutMs: number): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(() => started?.close());
  return new Proxy({} as T, {
    get(_, key) {
      if (!started) throw new Error(`read ${String(key)} before the file's beforeAll started it: use it in a test or a later hook`);
      return Reflect.get(started, key);
    },
  });
}

/** One seeded API for a whole test file (see startedForFile) with the named accounts signed in, in `accounts` by name. */
export function useTestApi<Name extends TestAccount = never>(
  opts: { signIn?: readonly Name[]; config?: Partial<ApiConfig>; clockStart?: Date } = {},
): { t: TestApi; accounts: Record<Name, Tokens> } {
  const accounts = {} as Record<Name, Tokens>;
  const t = startedForFile(async () => {
    const api = await makeTestApi({ config: opts.config, clockStart: opts.clockStart });
    const names = opts.signIn ?? [];
    for (const name of names) {
      const account: { email: string; addedTo?: string } = TEST_ACCOUNTS[name];
      if (account.addedTo) await addUser(api, account.email, account.addedTo);
    }
    const tokens = await Promise.all(
      names.map((name) => {
        const account: { email: string; carrier?: string } = TEST_ACCOUNTS[name];
        return signIn(api.app, account.email, { carrier: account.carrier });
      }),
    );
    names.forEach((name, i) => {
      accounts[name] = tokens[i]!;
    });
    return api;
  }, 120_000);
  return { t, accounts };
}

/** Authenticated calls on one tenant (none: the default), the body as payload: `const s7 = callsOn(t, "s7"); s7(tokens, "GET", url)`. */
export function callsOn(t: TestApi, carrier?: string) {
  return (tokens: Tokens, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
    call(t.app, tokens, method, url, { carrier, payload });
}
