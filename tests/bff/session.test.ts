/**
 * The session through the real handler and the real API (DESIGN §2.4, §3; spec 1 §4 "Session"):
 * renewal single flight, tokens never reaching the browser, the cookie's attributes, CSRF and honeypot.
 */
import { http, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { loadConfig } from "~/lib/config.server";
import {
  DEMO_ACCOUNTS,
  SESSION_COOKIE_NAME,
  TEST_SESSION_SECRET,
  Browser,
  hiddenInput,
  parseSetCookie,
  routeIdsOf,
  useBff,
  textOf,
  type Answer,
} from "./harness";
import { collectTokens, decodeCookie, expectNoTokenIn } from "./token-leaks";

const bff = useBff();

afterEach(() => {
  bff.msw.resetHandlers();
  bff.api.setClockSkew(0);
});

/** Counts the grants that reach the token endpoint, by grant type; the calls themselves pass through. */
function spyTokenEndpoint() {
  const grants: Array<{ grant_type: string; carrier: string | null }> = [];
  bff.msw.use(
    http.post(`${bff.api.url}/oauth/token`, async ({ request }) => {
      const body = (await request.clone().json()) as { grant_type: string };
      grants.push({ grant_type: body.grant_type, carrier: request.headers.get("carrier") });
      return passthrough();
    }),
  );
  return {
    grants,
    count: (type: string) => grants.filter((g) => g.grant_type === type).length,
  };
}

const sessionCookieOf = (answer: Answer) =>
  answer.setCookies.map(parseSetCookie).find((c) => c.name === SESSION_COOKIE_NAME);

describe("renewal of an expired access token", () => {
  it("two parallel requests with one expired cookie renew once, and both get the new session", async () => {
    const host = "s7.localhost";
    const browser = bff.browser();
    // Signed in three hours ago: the 2-hour access token is expired for the API as well as for the BFF;
    // the remember-me refresh token is still good.
    bff.api.setClockSkew(-3 * 3600);
    const posted = await browser.submitSignIn(host, "s7.manager@cargodesk.test");
    expect(posted.status).toBe(302);
    bff.api.setClockSkew(0);
    const expiredCookie = browser.cookie(host)!;

    const spy = spyTokenEndpoint();
    const [page, data] = await Promise.all([
      browser.clone().request(host, "/dashboard/profile"),
      browser.clone().request(host, "/dashboard/profile?_data=routes%2Fdashboard"),
    ]);

    expect(spy.count("refresh_token")).toBe(1);
    expect(spy.count("password")).toBe(0);
    expect(page.status).toBe(200);
    expect(textOf(page.body)).toContain("Maria Sidorova"); // the profile, loaded with the new token
    expect(data.status).toBe(200);
    expect(JSON.parse(data.body).user.email).toBe("s7.manager@cargodesk.test");

    const fromPage = sessionCookieOf(page);
    const fromData = sessionCookieOf(data);
    expect(fromPage?.value).toBeTruthy();
    expect(fromData?.value).toBeTruthy();
    expect(fromPage!.value).not.toBe(expiredCookie);
    expect(fromData!.value).not.toBe(expiredCookie);

    // Each new cookie carries a live token: using it needs no further renewal, and the API accepts it.
    for (const cookie of [fromPage!.value, fromData!.value]) {
      const next = new Browser(bff.handle);
      next.setCookie(host, SESSION_COOKIE_NAME, cookie);
      const again = await next.request(host, "/dashboard/profile");
      expect(again.status).toBe(200);
      expect(textOf(again.body)).toContain("Maria Sidorova");
    }
    expect(spy.count("refresh_token")).toBe(1);
  });

  it("a refused renewal signs the user out and tells them", async () => {
    const host = "s7.localhost";
    const browser = bff.browser();
    bff.api.setClockSkew(-3 * 3600);
    expect((await browser.submitSignIn(host, "s7.billing@cargodesk.test")).status).toBe(302);
    // forty days later even the remember-me refresh token (30 days) is dead
    bff.api.setClockSkew(40 * 86_400);
    const spy = spyTokenEndpoint();
    const answer = await browser.request(host, "/dashboard/profile");
    expect(spy.count("refresh_token")).toBe(1);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signed-out?reason=renewalFailed&redirect=%2Fdashboard%2Fprofile");
    expect(browser.cookie(host)).toBeUndefined();
    bff.api.setClockSkew(0);
    const notice = await browser.get(host, answer.location!);
    expect(notice.headers.get("Refresh")).toBe("2; url=/signIn?redirect=%2Fdashboard%2Fprofile");
    expect(textOf(notice.body)).toContain("Your session could not be renewed. Please sign in again.");
  });
});

describe("a session cookie taken to another tenant's host (issue 21 item 7)", () => {
  it("is signed out there without touching the real session, which still renews past the grace period", async () => {
    const real = bff.browser();
    bff.api.setClockSkew(-3 * 3600);
    expect((await real.submitSignIn("s7.localhost", "s7.operator@cargodesk.test")).status).toBe(302);
    bff.api.setClockSkew(0);
    const stolen = new Browser(bff.handle);
    stolen.setCookie("su.localhost", SESSION_COOKIE_NAME, real.cookie("s7.localhost")!);
    stolen.setCookie("localhost", SESSION_COOKIE_NAME, real.cookie("s7.localhost")!);

    const spy = spyTokenEndpoint();
    for (const host of ["su.localhost", "localhost"]) {
      const answer = await stolen.request(host, "/dashboard/profile");
      expect(answer.location, host).toBe("/signed-out?reason=renewalFailed&redirect=%2Fdashboard%2Fprofile");
    }
    expect(spy.grants).toEqual([
      { grant_type: "refresh_token", carrier: "su" },
      { grant_type: "refresh_token", carrier: null },
    ]);

    // past the API's 30 s grace: a refusal that had used the token up would sign the real user out now
    bff.api.setClockSkew(31);
    const page = await real.request("s7.localhost", "/dashboard/profile");
    expect(page.status, page.location ?? undefined).toBe(200);
    expect(spy.grants.at(-1)).toEqual({ grant_type: "refresh_token", carrier: "s7" });
  });

  it("does not get the real host's fresh renewal, even within the moments it is shared", async () => {
    const real = bff.browser();
    bff.api.setClockSkew(-3 * 3600);
    expect((await real.submitSignIn("s7.localhost", "s7.operator@cargodesk.test")).status).toBe(302);
    bff.api.setClockSkew(0);
    const copied = real.cookie("s7.localhost")!;
    const spy = spyTokenEndpoint();
    expect((await real.request("s7.localhost", "/dashboard/profile")).status).toBe(200);
    const stolen = new Browser(bff.handle);
    stolen.setCookie("su.localhost", SESSION_COOKIE_NAME, copied);
    const answer = await stolen.request("su.localhost", "/dashboard/profile");
    expect(answer.location).toBe("/signed-out?reason=renewalFailed&redirect=%2Fdashboard%2Fprofile");
    expect(spy.grants).toEqual([
      { grant_type: "refresh_token", carrier: "s7" },
      { grant_type: "refresh_token", carrier: "su" },
    ]);
  });
});

describe("tokens never reach the browser", () => {
  // The real tokens of every account signed in so far: an account's answers are searched for its own and the earlier
  // accounts' tokens. Every built page, each opened by a demo user, is searched the same way in every-page.test.ts
  // (a page's HTML carries its routes' loader data too); here each account's sign-in, its landing page and that
  // page's data answers, asked for each route the page loaded.
  let tokens = new Set<string>();

  it.each(DEMO_ACCOUNTS)("no answer of the sign-in and landing of $email at $host carries a token, nor a readable cookie", async ({ email, host }) => {
    const theirs = collectTokens(bff);
    const browser = bff.browser();
    const { landing } = await browser.signIn(host, email);
    expect(theirs.size, `the token answer of ${email} was seen`).toBeGreaterThanOrEqual(2);
    tokens = new Set([...tokens, ...theirs]);
    const here = new URL(landing.url);
    for (const routeId of routeIdsOf(landing.body)) {
      here.searchParams.set("_data", routeId);
      const data = await browser.request(host, `${here.pathname}${here.search}`);
      expect(data.status, `${here} answers`).toBeLessThan(500);
    }
    expect(browser.cookie(host), `${email} is still signed in`).toBeTruthy();
    expectNoTokenIn(browser.answers, tokens, email);
  });

  it("the session cookie is httpOnly, SameSite=Lax, host-only, Path=/, and opaque", async () => {
    const browser = bff.browser();
    const posted = await browser.submitSignIn("s7.localhost", "s7.operator@cargodesk.test");
    expect(posted.status).toBe(302);
    const cookie = sessionCookieOf(posted)!;
    expect(cookie).toBeDefined();
    expect(cookie.attributes.httponly).toBe(true);
    expect(String(cookie.attributes.samesite).toLowerCase()).toBe("lax");
    expect(cookie.attributes.path).toBe("/");
    // host-only: a cookie of s7.localhost is never sent to su.localhost or any sibling tenant
    expect(cookie.attributes).not.toHaveProperty("domain");
    // not Secure in tests (plain http), Secure in production: checked below
    expect(cookie.attributes).not.toHaveProperty("secure");
    // base64 JSON would give the tokens away; the value decodes to nothing readable
    const decoded = decodeCookie(cookie.value);
    for (const word of ["access", "refresh", "Token", "s7.operator", "Bearer", "profile"]) expect(decoded).not.toContain(word);
    // what is inside the base64 is the sealed envelope: a version and random-looking base64url
    expect(Buffer.from(decodeURIComponent(cookie.value), "base64").toString("utf8")).toMatch(/^"v1\.[A-Za-z0-9_-]{200,}"$/);
    // and another host of the same browser has no cookie
    expect(browser.cookie("su.localhost")).toBeUndefined();
    expect((await browser.request("su.localhost", "/dashboard/profile")).location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
  });

  it("the cookie is Secure in production", async () => {
    const config = loadConfig({ ...process.env, UPSTREAM_URL: bff.api.url, SESSION_SECRET: TEST_SESSION_SECRET, NODE_ENV: "production" });
    const browser = new Browser(createAppHandler(bff.build, config));
    const page = await browser.request("s7.localhost", "/signIn");
    expect(page.status).toBe(200);
    const cookie = page.setCookies.map(parseSetCookie).find((c) => c.name === "__Host-cargodesk")!;
    expect(cookie, "production session cookie carries the __Host- prefix").toBeDefined();
    expect(cookie.attributes.secure).toBe(true);
    expect(cookie.attributes.path).toBe("/");
    expect(cookie.attributes).not.toHaveProperty("domain");
    expect(cookie.attributes.httponly).toBe(true);
  });

  it("a tampered or foreign cookie is no session at all", async () => {
    const browser = bff.browser();
    await browser.signIn("s7.localhost", "s7.operator@cargodesk.test");
    const good = browser.cookie("s7.localhost")!;
    const raw = Buffer.from(decodeURIComponent(good), "base64").toString("utf8");
    const flipped = raw.slice(0, 40) + (raw[40] === "A" ? "B" : "A") + raw.slice(41);
    browser.setCookie("s7.localhost", SESSION_COOKIE_NAME, encodeURIComponent(Buffer.from(flipped).toString("base64")));
    expect((await browser.request("s7.localhost", "/dashboard/profile")).location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");

    // sealed with another secret: a different deployment's cookie opens nothing here
    const other = loadConfig({ ...process.env, UPSTREAM_URL: bff.api.url, SESSION_SECRET: "another-secret-another-secret-another-secret", NODE_ENV: "test" });
    const foreign = new Browser(createAppHandler(bff.build, other));
    await foreign.signIn("s7.localhost", "s7.operator@cargodesk.test");
    browser.setCookie("s7.localhost", SESSION_COOKIE_NAME, foreign.cookie("s7.localhost")!);
    expect((await browser.request("s7.localhost", "/dashboard/profile")).location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
  });
});

/** What a reader of the cookie value gets from it: URL-decoding, then base64. */

describe("CSRF and honeypot", () => {
  const host = "s7.localhost";
  const form = (csrf: string | undefined, extra: Record<string, string> = {}) => ({
    ...(csrf === undefined ? {} : { csrf }),
    email: "s7.manager@cargodesk.test",
    password: "cargodesk-demo",
    rememberMe: "on",
    redirect: "",
    website: "",
    ...extra,
  });

  it.each([
    ["without a csrf field", undefined],
    ["with an empty csrf", ""],
    ["with a wrong csrf", "wrong-token-wrong-token-wrong-tok"],
  ])("POST /signIn %s is 403 and signs nobody in", async (_label, csrf) => {
    const browser = bff.browser();
    await browser.signInForm(host);
    const spy = spyTokenEndpoint();
    const answer = await browser.request(host, "/signIn", { method: "POST", form: form(csrf) });
    expect(answer.status).toBe(403);
    expect(spy.grants).toHaveLength(0);
    expect((await browser.request(host, "/dashboard/profile")).location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
  });

  it("a token of another session does not do either", async () => {
    const attacker = bff.browser();
    const { csrf: attackersToken } = await attacker.signInForm(host);
    const victim = bff.browser();
    await victim.signInForm(host);
    const spy = spyTokenEndpoint();
    expect((await victim.request(host, "/signIn", { method: "POST", form: form(attackersToken) })).status).toBe(403);
    expect(spy.grants).toHaveLength(0);
    // with no session cookie at all, the same
    expect((await new Browser(bff.handle).request(host, "/signIn", { method: "POST", form: form(attackersToken) })).status).toBe(403);
  });

  it("a filled honeypot is 400 and reaches no token endpoint", async () => {
    const browser = bff.browser();
    const { csrf } = await browser.signInForm(host);
    const spy = spyTokenEndpoint();
    const answer = await browser.request(host, "/signIn", { method: "POST", form: form(csrf, { website: "http://spam.example" }) });
    expect(answer.status).toBe(400);
    expect(spy.grants).toHaveLength(0);
    // the same form, honeypot empty, signs in: the refusals above were the guards, not a broken form
    const ok = await browser.request(host, "/signIn", { method: "POST", form: form(csrf) });
    expect(ok.status).toBe(302);
    expect(spy.count("password")).toBe(1);
    expect(spy.grants[0]!.carrier).toBe("s7");
  });

  it("a signed-in action refuses a missing token too (preferences)", async () => {
    const browser = bff.browser();
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const refused = await browser.request(host, "/dashboard/preferences", {
      method: "POST",
      form: { intent: "timeMode", value: "utc", redirectTo: "/dashboard/profile" },
    });
    expect(refused.status).toBe(403);
    const page = await browser.get(host, "/dashboard/profile");
    const csrf = hiddenInput(page.body, "csrf")!;
    expect(csrf).toBeTruthy();
    const data = JSON.parse((await browser.request(host, "/dashboard/profile?_data=root")).body);
    expect(data.timeMode).toBe("local");
    const accepted = await browser.request(host, "/dashboard/preferences", {
      method: "POST",
      form: { csrf, intent: "timeMode", value: "utc", redirectTo: "/dashboard/profile" },
    });
    expect(accepted.status).toBe(302);
    expect(JSON.parse((await browser.request(host, "/dashboard/profile?_data=root")).body).timeMode).toBe("utc");
  });

  it("the sign-in token call carries the tenant's carrier header, and none on the default tenant", async () => {
    const spy = spyTokenEndpoint();
    await bff.browser().signIn("s7.localhost", "s7.comcor@cargodesk.test");
    await bff.browser().signIn("localhost", "platform@cargodesk.test");
    expect(spy.grants.map((g) => g.carrier)).toEqual(["s7", null]);
  });
});
