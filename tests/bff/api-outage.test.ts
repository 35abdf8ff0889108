/**
 * Issue 12 "Faults, mid-load" on the BFF: while the cargo API is down (its process killed: nothing listens) or
 * answers 503 (its database restarting), a signed-in user reads the translated "service unavailable" page and stays
 * signed in, also when the outage falls on the renewal of their access token; a slow API shows the slow-server notice
 * of spec 3 §8 and a slow save is still sent once.
 */
import net from "node:net";
import { eq } from "drizzle-orm";
import { delay, http, HttpResponse, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { agreements } from "../../api/db/schema";
import { loadConfig } from "~/lib/config.server";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { Browser, parseSetCookie, SESSION_COOKIE_NAME, submit, TEST_SESSION_SECRET, textOf, useBff, type Answer } from "./harness";

const bff = useBff();

afterEach(() => {
  bff.msw.resetHandlers();
  bff.api.setClockSkew(0);
});

const S7 = "s7.localhost";
const UNAVAILABLE = { en: "The service is unavailable at the moment. Try again in a few minutes.", ru: "Сервис сейчас недоступен. Повторите через несколько минут." };
/** What the API answers while its database restarts (api/http/errors.ts). */
const DATABASE_RESTARTING = { error: "service_unavailable", error_description: "The service cannot reach its database at the moment (it may be restarting); try again in a few seconds" };

/** A port nothing listens on: the API process was killed. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The same browser (its cookies) in front of another web server: one whose API is `upstreamUrl`. */
function sameBrowserVia(browser: Browser, upstreamUrl: string): Browser {
  const other = new Browser(createAppHandler(bff.build, { ...bff.config, upstreamUrl }));
  for (const [host, cookies] of browser.jar) other.jar.set(host, new Map(cookies));
  return other;
}

/** The session cookie was left alone: not cleared, and the browser still holds one. */
function expectSessionKept(answer: Answer, browser: Browser, host = S7) {
  const cleared = answer.setCookies.map(parseSetCookie).find((c) => c.name === SESSION_COOKIE_NAME && c.value === "");
  expect(cleared, "the answer clears the session cookie").toBeUndefined();
  expect(browser.cookie(host)).toBeTruthy();
}

describe("the API process down", () => {
  // two accounts: the language switch stores the language in the account's profile
  it.each([
    [S7, "s7.manager", "en"],
    ["localhost", "forwarder", "ru"],
  ] as const)("a signed-in page on %s (%s, %s): 503 with the translated notice; the session works again once the API is back", async (host, email, locale) => {
    const browser = await bff.signedIn(host, `${email}@cargodesk.test`, { locale });
    const down = sameBrowserVia(browser, `http://127.0.0.1:${await closedPort()}`);
    const started = performance.now();
    const page = await down.request(host, "/dashboard/settings/agreements");
    expect(performance.now() - started).toBeLessThan(10_000); // refused at once: the retries' pauses only
    expect(page.status).toBe(503);
    expect(textOf(page.body)).toContain(UNAVAILABLE[locale]);
    expect(page.location).toBeNull(); // not sent to sign in
    expectSessionKept(page, down, host);

    // the API is back (this web server's): the same cookie opens the page
    const back = sameBrowserVia(down, bff.api.url);
    const again = await back.request(host, "/dashboard/settings/agreements");
    expect(again.status).toBe(200);
    expect(again.body).toContain('data-testid="sidebar"');
  });

  it("the page that renews an expired access token: 503, still signed in, renewed once the API is back", async () => {
    const browser = bff.browser();
    bff.api.setClockSkew(-3 * 3600); // signed in three hours ago: the access token is expired, the refresh token good
    expect((await browser.submitSignIn(S7, "s7.manager@cargodesk.test")).status).toBe(302);
    bff.api.setClockSkew(0);
    const cookie = browser.cookie(S7);
    const down = sameBrowserVia(browser, `http://127.0.0.1:${await closedPort()}`);
    const page = await down.request(S7, "/dashboard/profile");
    expect(page.status).toBe(503);
    expect(textOf(page.body)).toContain(UNAVAILABLE.en);
    expectSessionKept(page, down);
    expect(down.cookie(S7)).toBe(cookie);

    const back = sameBrowserVia(down, bff.api.url);
    const again = await back.request(S7, "/dashboard/profile");
    expect(again.status).toBe(200);
    expect(textOf(again.body)).toContain("Maria Sidorova");
  });
});

describe("the API answering 503 (its database restarting)", () => {
  it("a signed-in page: 503 with the notice, not the 'contact technical support' of a defect", async () => {
    bff.msw.use(http.get(`${bff.api.url}/api/v3/agreements`, () => HttpResponse.json(DATABASE_RESTARTING, { status: 503, headers: { "Retry-After": "5" } })));
    const browser = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const page = await browser.request(S7, "/dashboard/settings/agreements");
    expect(page.status).toBe(503);
    expect(page.body).toContain('data-testid="sidebar"');
    expect(textOf(page.body)).toContain(UNAVAILABLE.en);
    expect(textOf(page.body)).not.toContain("Undefined Error");
  });

  it.each([
    ["answers 503", () => HttpResponse.json(DATABASE_RESTARTING, { status: 503 })],
    ["drops the connection", () => HttpResponse.error()],
  ])("the token service %s when the access token is renewed: still signed in, renewed on the next request", async (_, outage) => {
    const browser = bff.browser();
    bff.api.setClockSkew(-3 * 3600);
    expect((await browser.submitSignIn(S7, "s7.manager@cargodesk.test")).status).toBe(302);
    bff.api.setClockSkew(0);
    let refreshes = 0;
    bff.msw.use(
      http.post(`${bff.api.url}/oauth/token`, async ({ request }) => {
        if (((await request.clone().json()) as { grant_type: string }).grant_type !== "refresh_token") return passthrough();
        refreshes++;
        return outage();
      }),
    );
    const page = await browser.request(S7, "/dashboard/profile");
    expect(refreshes).toBe(1);
    expect(page.status).toBe(503);
    expect(textOf(page.body)).toContain(UNAVAILABLE.en);
    expect(textOf(page.body)).not.toContain("Your session could not be renewed");
    expectSessionKept(page, browser);

    bff.msw.resetHandlers();
    const again = await browser.request(S7, "/dashboard/profile");
    expect(again.status).toBe(200);
    expect(textOf(again.body)).toContain("Maria Sidorova");
  });

  it("a form saved meanwhile: sent once, 503 with the notice above the form, every typed value kept", async () => {
    let posts = 0;
    bff.msw.use(
      http.post(`${bff.api.url}/api/v3/agreements`, () => {
        posts++;
        return HttpResponse.json(DATABASE_RESTARTING, { status: 503 });
      }),
    );
    const browser = await bff.signedIn(S7, "s7.manager@cargodesk.test");
    const answer = await submit(browser, S7, "/dashboard/settings/agreements/create", agreement("OUTAGE/503"));
    expect(posts).toBe(1);
    expect(answer.status).toBe(503);
    expect(textOf(answer.body)).toContain(UNAVAILABLE.en);
    expect(answer.body).toContain('value="OUTAGE/503"');
    expect(await bff.api.database.db.select().from(agreements).where(eq(agreements.contract_number, "OUTAGE/503"))).toHaveLength(0);
  });
});

const agreement = (contract: string) => ({
  client: "FWDONE",
  account_number: "OUTAGE-1",
  contract_number: contract,
  currency: "EUR",
  effective_from: "2026-03-01",
  sales_origins: "OVB",
});

/** This file's web server with other upstream waits (SLOW_UPSTREAM_MS, UPSTREAM_TIMEOUT_MS). */
function browserWith(env: Record<string, string>): Browser {
  const config = loadConfig({ ...process.env, UPSTREAM_URL: bff.api.url, SESSION_SECRET: TEST_SESSION_SECRET, NODE_ENV: "test", ...env });
  return new Browser(createAppHandler(bff.build, { ...config, clock: bff.config.clock }));
}

/** Delays every create of an agreement by `ms` on its way to the API; counts them. */
function slowCreates(ms: number): { count: number } {
  const posts = { count: 0 };
  bff.msw.use(
    http.post(`${bff.api.url}/api/v3/agreements`, async () => {
      posts.count++;
      await delay(ms);
      return passthrough();
    }),
  );
  return posts;
}

describe("a slow API", () => {
  // The slow-server notice itself (spec 3 §8) on a slow page: reactions-and-access.test.ts.
  it("a save slower than SLOW_UPSTREAM_MS is sent once and makes one record", async () => {
    const browser = browserWith({ SLOW_UPSTREAM_MS: "1000" });
    await browser.signIn(S7, "s7.manager@cargodesk.test");
    const posts = slowCreates(1_200); // ordinary calls stay far below the 1 s threshold, even on a busy machine
    const answer = await submit(browser, S7, "/dashboard/settings/agreements/create", agreement("OUTAGE/SLOW"));
    expect(answer.status).toBe(302);
    expect(posts.count).toBe(1);
    expect(await bff.api.database.db.select().from(agreements).where(eq(agreements.contract_number, "OUTAGE/SLOW"))).toHaveLength(1);
  });

  it("a save past UPSTREAM_TIMEOUT_MS is not sent again (it may still be running): 503, the user told, the values kept", async () => {
    const browser = browserWith({ UPSTREAM_TIMEOUT_MS: "1500" });
    await browser.signIn(S7, "s7.manager@cargodesk.test");
    const posts = slowCreates(2_500);
    const answer = await submit(browser, S7, "/dashboard/settings/agreements/create", agreement("OUTAGE/TIMEOUT"));
    expect(posts.count).toBe(1);
    expect(answer.status).toBe(503);
    expect(textOf(answer.body)).toContain("The service did not answer in time");
    expect(answer.body).toContain('value="OUTAGE/TIMEOUT"');
  });
});
