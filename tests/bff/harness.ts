/**
 * BFF test harness: the real Remix build and the real cargo API, wired the way server.ts wires them,
 * with the handler called directly (`Request → Response`) and a small cookie-keeping browser.
 *
 * - The Remix build is rebuilt when stale (scripts/ensure-build.ts), under a cross-process lock so
 *   test files starting in parallel do not run two `remix build`s into one directory.
 * - The API listens on a free 127.0.0.1 port over an in-memory PGlite seeded with the demo data (a copy
 *   of the prepared database shared by every test file: tests/prepared-database.ts). DATABASE_URL is
 *   deliberately not used here: the BFF talks HTTP to the API, and tests/api covers both drivers. Its
 *   clock is the BFF's own (CARGO_NOW onwards, or the system clock) plus a skew the test can set, so a
 *   test can sign in "three hours ago" and get a token that is expired for both the BFF and the API (no
 *   rewritten sessions). The demo data is seeded on that clock's date (seedToday).
 * - msw is listening (unhandled requests pass through), so a test can spy on or fault any upstream
 *   call the BFF makes with the global fetch.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import type { FastifyInstance } from "fastify";
import { setupServer } from "msw/node";
import { buildApi } from "../../api/app";
import type { ApiConfig } from "../../api/config";
import type { Database } from "../../api/db/open";
import { openPreparedPglite } from "../prepared-database";
import { DEMO_PASSWORD } from "../../api/seed-data";
import { configuredNow, seedToday, startedForFile, TEST_ATTACHMENTS_DIR } from "../api/helpers";
import { ensureBuild } from "../../scripts/ensure-build";
import { loadConfig, type AppConfig } from "~/lib/config.server";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { refusalOf } from "~/lib/http/form-refusals.server";
import { SESSION_COOKIE_NAME } from "~/lib/session/storage.server";

export { DEMO_PASSWORD, SESSION_COOKIE_NAME };
/** "Now" of the service under test (CARGO_NOW onwards, or the system clock) and the date the demo data is relative to. */
export { configuredNow, seedToday };

const ROOT = path.resolve(__dirname, "../..");

/** Every demo account and the host of its home tenant. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ email: string; host: string }> = [
  { email: "platform@cargodesk.test", host: "localhost" },
  { email: "su.manager@cargodesk.test", host: "su.localhost" },
  { email: "s7.operator@cargodesk.test", host: "s7.localhost" },
  { email: "s7.manager@cargodesk.test", host: "s7.localhost" },
  { email: "s7.comcor@cargodesk.test", host: "s7.localhost" },
  { email: "s7.billing@cargodesk.test", host: "s7.localhost" },
  { email: "s7.inspector@cargodesk.test", host: "s7.localhost" },
  { email: "s7.admin@cargodesk.test", host: "s7.localhost" },
  { email: "c6.manager@cargodesk.test", host: "c6.localhost" },
  { email: "v0.manager@cargodesk.test", host: "v0.localhost" },
  { email: "forwarder@cargodesk.test", host: "localhost" },
  { email: "forwarder.admin@cargodesk.test", host: "localhost" },
  { email: "visitor@cargodesk.test", host: "localhost" },
  { email: "nocompany@cargodesk.test", host: "localhost" },
];

// ---------------------------------------------------------------------------------------------
// Build

let buildPromise: Promise<ServerBuild> | undefined;

/** The Remix server build, rebuilt first when older than its sources. */
export function loadBuild(): Promise<ServerBuild> {
  buildPromise ??= (async () => {
    ensureBuild(ROOT); // takes its own cross-process build lock
    return (await import(/* @vite-ignore */ pathToFileURL(path.join(ROOT, "build/index.js")).href)) as ServerBuild;
  })();
  return buildPromise;
}

// ---------------------------------------------------------------------------------------------
// API

export interface RunningApi {
  url: string;
  app: FastifyInstance;
  database: Database;
  /** Moves the API's clock (seconds, may be negative) relative to the real time. */
  setClockSkew(seconds: number): void;
  close(): Promise<void>;
}

/** `clock` is the service's (the BFF's, when both run): the API runs on it, shifted by the test's skew. */
export async function startTestApi(config: Partial<ApiConfig> = {}, clock: () => Date = configuredNow): Promise<RunningApi> {
  const database = await openPreparedPglite({ kind: "seeded", today: seedToday() });
  let skewMs = 0;
  const app = await buildApi({
    database,
    clock: () => new Date(clock().getTime() + skewMs),
    // mail goes to the outbox table (read back through /api/dev/outbox), never to a developer's SMTP_URL
    config: { SMTP_URL: undefined, NODE_ENV: "test", ATTACHMENTS_DIR: TEST_ATTACHMENTS_DIR, ...config },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  // as startApi does: mail leaves through the job queue
  app.jobs.start();
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    setClockSkew: (seconds) => {
      skewMs = seconds * 1000;
    },
    async close() {
      await app.close();
      await database.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------
// BFF

export type Handle = (request: Request) => Promise<Response>;

export interface Bff {
  api: RunningApi;
  build: ServerBuild;
  config: AppConfig;
  handle: Handle;
  /** msw, listening; `msw.use(...)` in a test, `msw.resetHandlers()` after it. */
  msw: ReturnType<typeof setupServer>;
  /** A fresh cookie-keeping client of this BFF. */
  browser(opts?: { acceptLanguage?: string }): Browser;
  /** A fresh client signed in as `email` at `host` through the real sign-in form, in `locale` when given (see chooseLanguage). */
  signedIn(host: string, email: string, opts?: { acceptLanguage?: string; locale?: string }): Promise<Browser>;
  close(): Promise<void>;
}

export const TEST_SESSION_SECRET = "bff-test-session-secret-0123456789-abcdefghijklmnop";

export async function startBff(opts: { apiConfig?: Partial<ApiConfig>; env?: Record<string, string> } = {}): Promise<Bff> {
  // one "now" for both sides (CARGO_NOW onwards, or the system clock): the API runs on it plus the test's skew
  const clock = configuredNow;
  const [build, api] = await Promise.all([loadBuild(), startTestApi(opts.apiConfig, clock)]);
  const config: AppConfig = {
    ...loadConfig({
      ...process.env,
      UPSTREAM_URL: api.url,
      SESSION_SECRET: TEST_SESSION_SECRET,
      NODE_ENV: "test",
      ...opts.env,
    }),
    clock,
  };
  const handle = createAppHandler(build, config);
  const msw = setupServer();
  msw.listen({ onUnhandledRequest: "bypass" });
  return {
    api,
    build,
    config,
    handle,
    msw,
    browser: (o) => new Browser(handle, o),
    async signedIn(host, email, o) {
      const browser = new Browser(handle, o);
      const { landing } = await browser.signIn(host, email);
      if (o?.locale) await chooseLanguage(browser, host, hiddenInput(landing.body, "csrf")!, o.locale);
      return browser;
    },
    async close() {
      msw.close();
      await api.close();
    },
  };
}

/** One BFF (and its API) for a whole test file: see startedForFile. */
export const useBff = (opts: Parameters<typeof startBff>[0] = {}): Bff => startedForFile(() => startBff(opts), 180_000);

// ---------------------------------------------------------------------------------------------
// Browser: cookie jar, manual redirects, the real sign-in form

export interface Answer {
  url: string;
  status: number;
  headers: Headers;
  body: string;
  /** Set-Cookie lines of this answer. */
  setCookies: string[];
  location: string | null;
  /** A form's refusal answers 200; the status it stands for (400, 409, 422) or null (app/lib/http/form-refusals.server.ts). */
  refused: number | null;
}

export interface CookieAttributes {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

export function parseSetCookie(line: string): CookieAttributes {
  const [pair, ...rest] = line.split(";");
  const eq = pair!.indexOf("=");
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [k, ...v] = part.trim().split("=");
    if (k) attributes[k.toLowerCase()] = v.length ? v.join("=") : true;
  }
  return { name: pair!.slice(0, eq).trim(), value: pair!.slice(eq + 1).trim(), attributes };
}

const expired = (c: CookieAttributes) => {
  if (c.value === "") return true;
  if (typeof c.attributes["max-age"] === "string" && Number(c.attributes["max-age"]) <= 0) return true;
  if (typeof c.attributes.expires === "string" && new Date(c.attributes.expires).getTime() <= Date.now()) return true;
  return false;
};

export class Browser {
  /** host → cookie name → value. Cookies are host-only (our session cookie has no Domain). */
  readonly jar = new Map<string, Map<string, string>>();
  /** Every answer this browser received, for whole-journey assertions. */
  readonly answers: Answer[] = [];

  constructor(
    private readonly handle: Handle,
    private readonly opts: { acceptLanguage?: string } = {},
  ) {}

  cookieHeader(host: string): string {
    const cookies = this.jar.get(host);
    return cookies ? [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") : "";
  }

  cookie(host: string, name = SESSION_COOKIE_NAME): string | undefined {
    return this.jar.get(host)?.get(name);
  }

  setCookie(host: string, name: string, value: string) {
    let cookies = this.jar.get(host);
    if (!cookies) this.jar.set(host, (cookies = new Map()));
    cookies.set(name, value);
  }

  /** A copy sharing nothing: another tab would share the jar, this is another browser with the same cookies. */
  clone(): Browser {
    const other = new Browser(this.handle, this.opts);
    for (const [host, cookies] of this.jar) other.jar.set(host, new Map(cookies));
    return other;
  }

  /** One request, no redirect following. */
  /** `form` posts url-encoded, `multipart` as a browser posts a form with a file (Request writes the boundary). */
  async request(
    host: string,
    pathAndQuery: string,
    init: { method?: string; form?: Record<string, string | string[]> | Array<[string, string]>; multipart?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Answer> {
    const url = `http://${host}${pathAndQuery}`;
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(host);
    if (cookie) headers.set("Cookie", cookie);
    if (this.opts.acceptLanguage && !headers.has("Accept-Language")) headers.set("Accept-Language", this.opts.acceptLanguage);
    let body: string | FormData | undefined;
    if (init.form) {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      // pairs go in their order; in a record, a list is the field posted once per value, as ticked boxes of one name are
      const pairs = Array.isArray(init.form) ? init.form : Object.entries(init.form).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]));
      body = new URLSearchParams(pairs).toString();
    } else if (init.multipart) {
      body = init.multipart;
    }
    const response = await this.handle(new Request(url, { method: init.method ?? (body ? "POST" : "GET"), headers, body }));
    const setCookies = response.headers.getSetCookie();
    for (const line of setCookies) {
      const c = parseSetCookie(line);
      if (expired(c)) this.jar.get(host)?.delete(c.name);
      else this.setCookie(host, c.name, c.value);
    }
    const answer: Answer = {
      url,
      status: response.status,
      headers: response.headers,
      body: await response.text(),
      setCookies,
      location: response.headers.get("Location"),
      refused: refusalOf(response),
    };
    this.answers.push(answer);
    return answer;
  }

  /** GET, following same-host redirects manually; `chain` holds every hop, the last is the answer. */
  async get(host: string, pathAndQuery: string, opts: { follow?: boolean; headers?: Record<string, string> } = {}): Promise<Answer & { chain: Answer[] }> {
    const chain: Answer[] = [];
    let target = pathAndQuery;
    for (let hop = 0; hop < 10; hop++) {
      const answer = await this.request(host, target, { headers: opts.headers });
      chain.push(answer);
      if (!opts.follow || !answer.location || answer.status < 300 || answer.status >= 400) return { ...answer, chain };
      const next = new URL(answer.location, answer.url);
      if (next.host !== host) return { ...answer, chain };
      target = `${next.pathname}${next.search}`;
    }
    throw new Error(`too many redirects from ${host}${pathAndQuery}`);
  }

  /** The hidden CSRF token of the sign-in form (GET /signIn also starts the session). */
  async signInForm(host: string, redirect = ""): Promise<{ csrf: string; page: Answer }> {
    const page = await this.request(host, `/signIn${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`);
    if (page.status !== 200) throw new Error(`GET /signIn answered ${page.status}`);
    const csrf = hiddenInput(page.body, "csrf");
    if (!csrf) throw new Error("no csrf input on /signIn");
    return { csrf, page };
  }

  /** The real form flow: GET /signIn, then POST it. Answers the POST (a 302 on success). */
  async submitSignIn(host: string, email: string, opts: { password?: string; redirect?: string; csrf?: string | null; website?: string } = {}): Promise<Answer> {
    const { csrf } = await this.signInForm(host, opts.redirect);
    const form: Record<string, string> = {
      email,
      password: opts.password ?? DEMO_PASSWORD,
      rememberMe: "on",
      redirect: opts.redirect ?? "",
      website: opts.website ?? "",
    };
    if (opts.csrf !== null) form.csrf = opts.csrf ?? csrf;
    return this.request(host, "/signIn", { method: "POST", form });
  }

  /** Signs in and follows the redirects to the landing page; throws unless signed in. */
  async signIn(host: string, email: string, opts: { password?: string; redirect?: string } = {}) {
    const posted = await this.submitSignIn(host, email, opts);
    if (posted.status !== 302) throw new Error(`sign-in of ${email} at ${host} answered ${posted.status}: ${textOf(posted.body).slice(0, 300)}`);
    const landing = await this.get(host, new URL(posted.location!, posted.url).pathname, { follow: true });
    return { posted, landing };
  }
}

/** The CSRF token of the page at `path` (every page carries it in its forms); throws unless the page is a 200 with one. */
/**
 * A form page as a browser opens it: a create page first redirects to its own address with its form instance
 * (`?form=`, app/lib/forms/form-seed.server.ts), which is followed; any other redirect is the answer.
 */
export async function formPageOf(browser: Browser, host: string, path: string): Promise<Answer> {
  const page = await browser.request(host, path);
  if (page.status !== 302 || !page.location) return page;
  const next = new URL(page.location, page.url);
  if (next.pathname !== new URL(path, page.url).pathname) return page;
  return browser.request(host, `${next.pathname}${next.search}`);
}

/**
 * The settings section opened by `browser` at `host`: it redirects to the first child page the user may open.
 * `location` is that child, `page` its answer; throws unless the section redirects and the child is a 200.
 */
export async function settingsSection(browser: Browser, host: string): Promise<{ location: string; page: Answer }> {
  const section = await browser.request(host, "/dashboard/settings");
  if (section.status !== 302 || !section.location) throw new Error(`GET /dashboard/settings answered ${section.status}, not a redirect`);
  const page = await browser.request(host, section.location);
  if (page.status !== 200) throw new Error(`GET ${section.location} answered ${page.status}`);
  return { location: section.location, page };
}

export async function csrfOf(browser: Browser, host: string, path: string): Promise<string> {
  const page = await formPageOf(browser, host, path);
  if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
  const csrf = hiddenInput(page.body, "csrf");
  if (!csrf) throw new Error(`no csrf input on ${path}`);
  return csrf;
}

/**
 * A form submitted as a browser without JavaScript does: GET `formPage` for its CSRF token, POST the fields to
 * `target` (by default the address the form page ended on, its form instance included).
 */
export async function submit(browser: Browser, host: string, formPage: string, fields: Record<string, string>, target?: string): Promise<Answer> {
  const page = await formPageOf(browser, host, formPage);
  if (page.status !== 200) throw new Error(`GET ${formPage} answered ${page.status}`);
  const csrf = hiddenInput(page.body, "csrf");
  if (!csrf) throw new Error(`no csrf input on ${formPage}`);
  const landed = new URL(page.url);
  return browser.request(host, target ?? `${landed.pathname}${landed.search}`, { method: "POST", form: { csrf, ...fields } });
}

/**
 * The header's language switch, as a user uses it; throws unless it answers 302. The choice is the account's and
 * outlives the session: a test that leaves the account in another language changes what later tests read.
 */
export async function chooseLanguage(browser: Browser, host: string, csrf: string, locale: string): Promise<void> {
  const switched = await browser.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "locale", value: locale, redirectTo: "/dashboard" } });
  if (switched.status !== 302) throw new Error(`language switch to ${locale} answered ${switched.status}`);
}

/** Runs `run` with the account switched to `locale`, and back to English after it, however it ends (see chooseLanguage). */
export async function inLanguage<T>(browser: Browser, host: string, locale: string, run: () => Promise<T>): Promise<T> {
  const csrf = await csrfOf(browser, host, "/dashboard/profile");
  await chooseLanguage(browser, host, csrf, locale);
  try {
    return await run();
  } finally {
    // unchecked: a failed switch back must not hide why `run` failed
    await browser.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "locale", value: "en", redirectTo: "/dashboard" } });
  }
}

/** The value of a hidden input, whatever the attribute order. */
export function hiddenInput(html: string, name: string): string | undefined {
  for (const tag of html.match(/<input\b[^>]*>/g) ?? []) {
    if (new RegExp(`\\bname="${name}"`).test(tag)) return tag.match(/\bvalue="([^"]*)"/)?.[1];
  }
  return undefined;
}

/** The error text Mantine draws under the input (or select) named `name` (its aria-describedby points at it): "beside the field". */
export function fieldErrorOf(html: string, name: string): string | undefined {
  const tag = (html.match(/<(?:input|select|textarea)\b[^>]*>/g) ?? []).find((t) => t.includes(`name="${name}"`));
  const ids = tag?.match(/aria-describedby="([^"]*)"/)?.[1]?.split(/\s+/) ?? [];
  for (const id of ids) {
    const m = html.match(new RegExp(`<[^>]*id="${id.replace(/[.[\]]/g, "\\$&")}"[^>]*>([\\s\\S]*?)</`));
    if (m && /error/.test(id)) return textOf(m[1]!);
  }
  return undefined;
}

/** Visible text, roughly: tags and scripts out, entities decoded. For "the page shows X" assertions. */
export function textOf(html: string): string {
  return html
    .replace(/<script\b[\s\S]*?<\/script>/g, " ")
    .replace(/<style\b[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Same-origin link targets of a page (`href="/..."`), decoded. */
export function linksOf(html: string): string[] {
  const out = new Set<string>();
  for (const m of html.matchAll(/<a\b[^>]*\bhref="([^"]+)"/g)) {
    const href = m[1]!.replace(/&amp;/g, "&");
    if (href.startsWith("/") && !href.startsWith("//")) out.add(href);
  }
  return [...out];
}

/** Route ids whose modules the page loaded (`window.__remixRouteModules = {"root":route0,...}`). */
export function routeIdsOf(html: string): string[] {
  const block = html.match(/window\.__remixRouteModules\s*=\s*\{([^}]*)\}/)?.[1] ?? "";
  return [...block.matchAll(/"([^"]+)"\s*:/g)].map((m) => m[1]!);
}
