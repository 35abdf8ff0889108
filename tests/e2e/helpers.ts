import fs from "node:fs";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Cookie, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, inject, onTestFinished } from "vitest";
import { sentMails, type OutboxMail } from "../outbox";

/** Every demo account's password (api/seed-data.ts). */
export const DEMO_PASSWORD = "cargodesk-demo";

/** DESIGN §5: Debian's Chromium, never a downloaded browser. */
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Debian's Chromium in its old headless shell (scripts/ensure-chromium.sh); CHROMIUM_PATH names another build. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", args: CHROMIUM_ARGS });
}

/**
 * One Chromium for the test file that calls this at its top level: launched before its first test, closed after its
 * last. The returned function gives that browser inside a test.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error("the browser is launched in beforeAll: ask for it inside a test");
    return browser;
  };
}

export const port = () => inject("e2ePort");
export const apiPort = () => inject("e2eApiPort");

/**
 * "Now" of the server under test: with CARGO_NOW the server runs from that instant on, so a test that computes a
 * date (a flight "in ten days") must take it from here, never from Date.now().
 */
export const serviceNow = (): Date => new Date(Date.now() + inject("e2eClockOffsetMs"));

/** `origin()` is the default tenant (localhost), `origin("s7")` the S7 tenant (Chromium resolves *.localhost itself). */
export function origin(tenant?: string): string {
  return `http://${tenant ? `${tenant}.` : ""}localhost:${port()}`;
}

/** The two ways every journey runs: JavaScript on (hydrated Remix) and off (plain HTML forms). */
export const JS_MODES = [
  { name: "JS on", javaScriptEnabled: true },
  { name: "JS off", javaScriptEnabled: false },
] as const;

/**
 * The modes this run takes of a journey's list (JS_MODES, or a journey's own variants of them). `E2E_JS_MODES=on`
 * keeps JS on only: the shifted-date rerun (scripts/test-dates.ts) sets it, because both modes post the same forms to
 * the same date maths on the server, and JS on also runs the browser's own date display; `npm test` runs both.
 */
export function jsModesOfRun<T extends { javaScriptEnabled: boolean }>(modes: readonly T[]): T[] {
  return process.env.E2E_JS_MODES === "on" ? modes.filter((mode) => mode.javaScriptEnabled) : [...modes];
}

export async function newPage(
  browser: Browser,
  opts: { javaScriptEnabled: boolean; locale?: string },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    javaScriptEnabled: opts.javaScriptEnabled,
    locale: opts.locale ?? "en-US",
  });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  // the browser's clock follows the server's (CARGO_NOW), so client code sees the same date; time still flows
  if (inject("e2eClockOffsetMs") !== 0) await context.clock.install({ time: serviceNow() });
  const page = await context.newPage();
  failOnBrokenClientCode(page);
  return { context, page };
}

/** Runs `journey` in a fresh context (as newPage opens it) and closes the context however the journey ends. */
export async function inPage(
  browser: Browser,
  opts: { javaScriptEnabled: boolean; locale?: string },
  journey: (page: Page, context: BrowserContext) => Promise<void>,
): Promise<void> {
  const { context, page } = await newPage(browser, opts);
  try {
    await journey(page, context);
  } finally {
    await context.close();
  }
}

/**
 * The page's uncaught errors, and its console errors that match `consoleErrors`, from now on, each as
 * `<address>: <message>`: a test opens its pages and then expects the list empty.
 */
export function collectScriptErrors(page: Page, consoleErrors?: RegExp): string[] {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(`${page.url()}: ${error.message}`));
  if (consoleErrors) {
    page.on("console", (m) => {
      // "Failed to load resource" does not say which: the location does (a fetch from the page, a sub-resource)
      const resource = m.location().url;
      const which = resource && resource !== page.url() ? ` (${resource})` : "";
      if (m.type() === "error" && consoleErrors.test(m.text())) errors.push(`${page.url()}: ${m.text()}${which}`);
    });
  }
  return errors;
}

/** Waits until Remix's router runs in the page: "load" can come before React has hydrated it. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    Boolean((window as unknown as { __remixRouter?: { state: { initialized: boolean } } }).__remixRouter?.state.initialized),
  );
}

/** Opens `url` (JS on) and waits for the page to load, hydrate and show its heading: its script errors have had their chance. */
export async function openHydrated(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await settle(page);
  await hydrated(page);
  await page.locator("h1").first().waitFor();
}

/**
 * Two faults leave a page without its client code and with no page error, only a console line; either fails the test
 * that opened the page. A script the Content-Security-Policy refuses (an inline script without the answer's nonce)
 * leaves the page unhydrated. A route module that throws while it loads (e.g. it uses, at its top level, a value
 * imported from a `.server` module, which the browser bundle empties) makes Remix reload the current address instead
 * of navigating: a redirect after a save stays on the form.
 */
function failOnBrokenClientCode(page: Page): void {
  const violations: string[] = [];
  const moduleErrors: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
    if (/Error loading route module/i.test(message.text())) moduleErrors.push(`${page.url()}: ${message.text()}`);
  });
  // the same module opened by its address throws out of the entry script: an uncaught error, the page stays unhydrated
  page.on("pageerror", (error) => moduleErrors.push(`${page.url()}: ${error.message}`));
  try {
    onTestFinished(() => {
      expect(violations, "Content-Security-Policy violations").toEqual([]);
      expect(moduleErrors, "client code that failed in the browser (route modules, uncaught errors)").toEqual([]);
    });
  } catch {
    // opened outside a test (a beforeAll): nothing to attach the check to
  }
}

/** Waits until hydration so a click goes through React (with JS off there is nothing to wait for). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("load");
}

export async function openSignIn(page: Page, base: string, query = ""): Promise<void> {
  await page.goto(`${base}/signIn${query}`);
  await settle(page);
}

/** Fills and submits the sign-in form; returns when the browser has left /signIn (or shows an error). */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  const form = page.locator("form", { has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.locator('button[type="submit"]').click();
}

/**
 * Signs in at the tenant's host and waits for the landing page (anything but /signIn). Through the form only the
 * first time per account and host in a run: then the saved session cookie is added to this page's fresh context
 * and `/` leads to the landing page, as the form's answer does. A journey whose subject is signing in or out
 * (sign-out revokes the session for every copy of it) calls signInThroughForm instead.
 */
export async function signIn(page: Page, base: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (await resumeSavedSession(page, base, email)) return;
  await signInThroughForm(page, base, email, password);
  await saveSession(page, base, email);
}

/** Signs in by filling the form, always (the auth journeys); the session is not saved for other journeys. */
export async function signInThroughForm(page: Page, base: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await openSignIn(page, base);
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
  await settle(page);
}

/**
 * A saved session is signed in again after this long: access tokens live 2 h (api/config.ts), and once one expires,
 * the first context to renew it rotates the refresh token that every other copy still holds.
 */
const SAVED_SESSION_MAX_AGE_MS = 30 * 60_000;

interface SavedSession {
  savedAt: number;
  cookies: Cookie[];
}

/** One file per host and account in the run's directory (global-setup makes it empty), so every test file shares it. */
function savedSessionPath(base: string, email: string): string {
  return path.join(inject("e2eSessionDir"), `${new URL(base).host}_${email}.json`.replace(/[^\w.@-]/g, "_"));
}

/**
 * The session is the encrypted, host-only cookie (DESIGN §3); localStorage holds only table layouts, which a
 * signed-in journey starts without, as after the form. Only this host's cookies are kept.
 */
async function saveSession(page: Page, base: string, email: string): Promise<void> {
  const host = new URL(base).hostname;
  const { cookies } = await page.context().storageState();
  const saved: SavedSession = { savedAt: Date.now(), cookies: cookies.filter((c) => c.domain === host) };
  const file = savedSessionPath(base, email);
  fs.writeFileSync(`${file}.tmp`, JSON.stringify(saved));
  fs.renameSync(`${file}.tmp`, file);
}

/** True when the saved session still opens the landing page; false (nothing saved, too old, revoked) → use the form. */
async function resumeSavedSession(page: Page, base: string, email: string): Promise<boolean> {
  const file = savedSessionPath(base, email);
  if (!fs.existsSync(file)) return false;
  const saved = JSON.parse(fs.readFileSync(file, "utf8")) as SavedSession;
  if (Date.now() - saved.savedAt > SAVED_SESSION_MAX_AGE_MS) return false;
  await page.context().addCookies(saved.cookies);
  await page.goto(`${base}/`);
  if (!pathOf(page).startsWith("/dashboard")) return false;
  await settle(page);
  return true;
}

/** Signs in at the tenant's host (signIn), then opens `path` there and waits for it to load. */
export async function openAs(page: Page, base: string, email: string, path: string): Promise<void> {
  await signIn(page, base, email);
  await page.goto(`${base}${path}`);
  await settle(page);
}

export const pathOf = (page: Page) => new URL(page.url()).pathname;

/** The hrefs of the sidebar's links, in order. */
export async function sidebarPaths(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId("sidebar");
  await sidebar.waitFor();
  return sidebar.locator("a").evaluateAll((links) => links.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
}

/** The error Mantine draws under the input named `name` (the message "beside the field"). */
export function fieldError(scope: Page | Locator, name: string): Locator {
  return scope
    .locator(`[name="${name}"]`)
    .locator("xpath=ancestor::div[contains(@class, 'mantine-InputWrapper-root')][1]")
    .locator(".mantine-InputWrapper-error");
}

export async function textOf(locator: Locator): Promise<string> {
  await locator.first().waitFor();
  return (await locator.first().innerText()).trim();
}

/** Polls until the locator's text contains `expected` (playwright-core has no auto-retrying expect). */
export async function expectText(locator: Locator, expected: string | RegExp, timeout = 10_000): Promise<void> {
  await expect
    .poll(async () => ((await locator.count()) ? (await locator.first().innerText()).trim() : ""), { timeout, interval: 100 })
    .toMatch(typeof expected === "string" ? new RegExp(expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) : expected);
}

/** Clicks the header's language button (EN, RU, ES) and waits for the page to come back. */
export async function switchLanguage(page: Page, code: "EN" | "RU" | "ES"): Promise<void> {
  await page.getByTestId("pref-locale").getByRole("button", { name: code, exact: true }).click();
  await expect
    .poll(() => page.locator("html").getAttribute("lang"), { timeout: 15_000 })
    .toBe(code.toLowerCase());
  await settle(page);
}

/**
 * The e-mails the API sent to `email` (development outbox), newest first. Mail leaves through the job queue after the
 * request answered: `atLeast` waits (bounded) until that many were sent.
 */
export function outbox(email: string, atLeast = 0): Promise<OutboxMail[]> {
  return sentMails(`http://127.0.0.1:${apiPort()}`, email, atLeast);
}

/** A unique suffix per run, so e-mails created by a run never collide with an earlier one on a reused server. */
export const RUN_ID = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;

/**
 * The cargo API's JSON answer to a GET as this demo account on its airline's tenant: test setup only, to find a record
 * by what it is (the flight a waybill was booked on, a flight with built-up cargo) rather than by its position.
 */
export async function apiGetAs<T>(email: string, carrier: string, path: string): Promise<T> {
  const api = `http://127.0.0.1:${apiPort()}`;
  const token = await fetch(`${api}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/json", carrier },
    body: JSON.stringify({ grant_type: "password", username: email, password: DEMO_PASSWORD }),
  }).then((r) => r.json() as Promise<{ access_token: string }>);
  const answer = await fetch(`${api}/${path}`, { headers: { authorization: `Bearer ${token.access_token}`, carrier } });
  if (!answer.ok) throw new Error(`GET ${path} as ${email} answered ${answer.status}`);
  return (await answer.json()) as T;
}
