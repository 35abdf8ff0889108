import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { expect, inject, onTestFinished } from "vitest";

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

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
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
  failOnCspViolations(page);
  return { context, page };
}

/**
 * A script the Content-Security-Policy refuses (an inline script without the answer's nonce) leaves the
 * page unhydrated with no page error, only a console line: any such line fails the test that opened the page.
 */
function failOnCspViolations(page: Page): void {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
  });
  try {
    onTestFinished(() => {
      expect(violations, "Content-Security-Policy violations").toEqual([]);
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

/** Signs in at the tenant's host and waits for the landing page (anything but /signIn). */
export async function signIn(page: Page, base: string, email: string, password = DEMO_PASSWORD): Promise<void> {
  await openSignIn(page, base);
  await submitSignIn(page, email, password);
  await page.waitForURL((url) => url.pathname.startsWith("/dashboard"));
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

/** The e-mails the API would have sent (development outbox), newest first. */
export async function outbox(email: string): Promise<Array<{ to: string; subject: string; body: string }>> {
  const res = await fetch(`http://127.0.0.1:${apiPort()}/api/dev/outbox?email=${encodeURIComponent(email)}`);
  if (!res.ok) throw new Error(`outbox answered ${res.status}`);
  return ((await res.json()) as { data: Array<{ to: string; subject: string; body: string }> }).data;
}

/** A unique suffix per run, so e-mails created by a run never collide with an earlier one on a reused server. */
export const RUN_ID = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
