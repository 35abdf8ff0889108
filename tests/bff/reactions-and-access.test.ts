/**
 * Global reactions to 401 and 403 (spec 1 §4 "Session", spec 3 §8 "Global reactions") and the access
 * guard (DESIGN §2.3): a wrong user or a wrong tenant gets nothing.
 */
import { delay, http, HttpResponse, passthrough } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "~/lib/config.server";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { Browser, hiddenInput, parseSetCookie, SESSION_COOKIE_NAME, TEST_SESSION_SECRET, textOf, useBff, type Answer } from "./harness";

const bff = useBff();

afterEach(() => bff.msw.resetHandlers());

const S7_EMAILS = ["s7.admin", "s7.billing", "s7.comcor", "s7.inspector", "s7.manager", "s7.operator"].map((n) => `${n}@cargodesk.test`);
const FWDONE_EMAILS = ["forwarder@cargodesk.test", "forwarder.admin@cargodesk.test"];
const OTHER_EMAILS = ["platform@cargodesk.test", "su.manager@cargodesk.test", "c6.manager@cargodesk.test", "visitor@cargodesk.test"];

const sessionCookieOf = (answer: Answer) => answer.setCookies.map(parseSetCookie).find((c) => c.name === SESSION_COOKIE_NAME);

/** A cleared cookie: empty value and an expiry in the past. */
function expectCleared(answer: Answer) {
  const cookie = sessionCookieOf(answer);
  expect(cookie, "the answer sets the session cookie").toBeDefined();
  expect(cookie!.value).toBe("");
  expect(new Date(String(cookie!.attributes.expires)).getTime()).toBeLessThan(Date.now());
}

function emailsIn(body: string, emails: string[]) {
  return emails.filter((e) => body.includes(e));
}

describe("401 from the API signs the user out", () => {
  it("on the profile: redirect to the signed-out notice, cookie cleared, Refresh to /signIn after 2 s", async () => {
    const host = "s7.localhost";
    const browser = bff.browser();
    await browser.signIn(host, "s7.manager@cargodesk.test");
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/profiles/me`, () =>
        HttpResponse.json({ error: "invalid_token", error_description: "The access token is invalid" }, { status: 401 }),
      ),
    );
    const answer = await browser.request(host, "/dashboard/profile");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/signed-out?reason=unauthorized&redirect=%2Fdashboard%2Fprofile");
    expectCleared(answer);
    expect(browser.cookie(host)).toBeUndefined();

    const notice = await browser.get(host, answer.location!);
    expect(notice.status).toBe(200);
    expect(notice.headers.get("Refresh")).toBe("2; url=/signIn?redirect=%2Fdashboard%2Fprofile");
    expect(textOf(notice.body)).toContain("You are not authorised: your session is no longer valid. Please sign in again.");
    expect(notice.body).toContain('href="/signIn?redirect=%2Fdashboard%2Fprofile"'); // the no-wait link

    // the session is gone, not just the page: the API is fine again, and still the user must sign in
    bff.msw.resetHandlers();
    const after = await browser.request(host, "/dashboard/profile");
    expect(after.status).toBe(302);
    expect(after.location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
  });

  it("in Russian for a Russian browser", async () => {
    const browser = bff.browser({ acceptLanguage: "ru-RU,ru;q=0.9" });
    await browser.signIn("s7.localhost", "s7.comcor@cargodesk.test");
    bff.msw.use(http.get(`${bff.api.url}/api/v3/profiles/me`, () => HttpResponse.json({ error: "invalid_token" }, { status: 401 })));
    const answer = await browser.get("s7.localhost", "/dashboard/profile", { follow: true });
    expect(answer.chain[0]!.location).toMatch(/^\/signed-out\?reason=unauthorized/);
    expect(textOf(answer.body)).toContain("Вы не авторизованы: сессия больше не действительна. Войдите снова.");
  });

  it("on the users list of an admin (company user_profiles), for a page and for its data request", async () => {
    const host = "s7.localhost";
    const browser = bff.browser();
    await browser.signIn(host, "s7.admin@cargodesk.test");
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/companies/:id/user_profiles`, () => HttpResponse.json({ error: "invalid_token" }, { status: 401 })),
    );
    const data = await browser.clone().request(host, "/dashboard/settings/users?page=1&_data=routes%2Fdashboard.settings.users");
    // a data request gets Remix's redirect form, to the same place, without the _data parameter
    expect(data.status).toBe(204);
    expect(data.headers.get("X-Remix-Redirect")).toBe("/signed-out?reason=unauthorized&redirect=%2Fdashboard%2Fsettings%2Fusers%3Fpage%3D1");
    expectCleared(data);
    for (const email of S7_EMAILS.slice(1)) expect(data.body).not.toContain(email);

    const page = await browser.request(host, "/dashboard/settings/users");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/signed-out?reason=unauthorized&redirect=%2Fdashboard%2Fsettings%2Fusers");
    expectCleared(page);
  });
});

describe("403 from the API", () => {
  it("with available_urls: access denied, the URLs stored, then the profile shows them under the banner", async () => {
    const host = "s7.localhost";
    const browser = bff.browser();
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const offered = ["/dashboard/air-waybills", "/dashboard/flights"];
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/profiles/me`, () =>
        HttpResponse.json({ error: "Forbidden", available_urls: offered }, { status: 403 }),
      ),
    );
    const answer = await browser.request(host, "/dashboard/profile");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/accessDenied?next=profile");
    expect(sessionCookieOf(answer)?.value, "the URLs go into the session").toBeTruthy();

    const denied = await browser.request(host, answer.location!);
    expect(denied.status).toBe(403);
    expect(denied.headers.get("Refresh")).toBe("2; url=/dashboard/profile?accessDenied=true");
    const deniedText = textOf(denied.body);
    expect(deniedText).toContain("Access denied");
    expect(deniedText).toContain("In 2 seconds you will be taken to your profile to choose another company or role.");

    // where the Refresh leads, once the API lets the profile load again
    bff.msw.resetHandlers();
    const profile = await browser.request(host, "/dashboard/profile?accessDenied=true");
    expect(profile.status).toBe(200);
    const text = textOf(profile.body);
    expect(text).toContain("Your current company and role have no access to the page you opened.");
    expect(profile.body).toContain('data-testid="access-denied-banner"');
    const at = profile.body.indexOf('data-testid="offered-urls"');
    expect(at).toBeGreaterThan(0);
    const urls = profile.body.slice(at, at + 3000);
    for (const url of offered) expect(urls).toContain(url);
    const data = JSON.parse((await browser.request(host, "/dashboard/profile?_data=routes%2Fdashboard.profile")).body);
    expect(data.offeredUrls).toEqual(offered);
    expect(data.accessDenied).toBe(false);

    // without the flag there is no banner; the stored URLs stay listed
    const plain = await browser.request(host, "/dashboard/profile");
    expect(plain.body).not.toContain('data-testid="access-denied-banner"');
    expect(plain.body).toContain('data-testid="offered-urls"');
  });

  it("without available_urls: access denied, no move to the profile", async () => {
    const browser = bff.browser();
    await browser.signIn("s7.localhost", "s7.billing@cargodesk.test");
    bff.msw.use(http.get(`${bff.api.url}/api/v3/profiles/available_roles`, () => HttpResponse.json({ error: "Forbidden" }, { status: 403 })));
    const answer = await browser.request("s7.localhost", "/dashboard/profile");
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("/accessDenied");
    const denied = await browser.request("s7.localhost", "/accessDenied");
    expect(denied.status).toBe(403);
    expect(denied.headers.get("Refresh")).toBeNull();
    expect(textOf(denied.body)).toContain("Your current company and role have no access to this page.");
    // a 403 does not sign out
    bff.msw.resetHandlers();
    expect((await browser.request("s7.localhost", "/dashboard/profile")).status).toBe(200);
  });
});

describe("a slow API", () => {
  it("leaves the slow-server notice for the next page, once", async () => {
    const config = loadConfig({ ...process.env, UPSTREAM_URL: bff.api.url, SESSION_SECRET: TEST_SESSION_SECRET, NODE_ENV: "test", SLOW_UPSTREAM_MS: "1000" });
    const browser = new Browser(createAppHandler(bff.build, config));
    await browser.signIn("s7.localhost", "s7.manager@cargodesk.test");
    const notice = "The server is responding slowly, check your internet connection";
    bff.msw.use(
      http.get(`${bff.api.url}/api/v3/profiles/available_roles`, async () => {
        await delay(1_200); // ordinary calls stay far below the 1 s threshold, even on a busy machine
        return passthrough();
      }),
    );
    const slow = await browser.request("s7.localhost", "/dashboard/profile");
    expect(slow.status).toBe(200);
    bff.msw.resetHandlers();
    const next = await browser.request("s7.localhost", "/dashboard/profile");
    expect(textOf(next.body)).toContain(notice);
    const after = await browser.request("s7.localhost", "/dashboard/profile");
    expect(textOf(after.body)).not.toContain(notice);
  });
});

describe("a wrong user or a wrong tenant gets nothing", () => {
  it("s7.operator cannot open the users list: 404, no user e-mails, and the action is guarded too", async () => {
    const host = "s7.localhost";
    const browser = bff.browser();
    await browser.signIn(host, "s7.operator@cargodesk.test");
    const page = await browser.request(host, "/dashboard/settings/users");
    expect(page.status).toBe(404);
    expect(textOf(page.body)).toContain("404");
    expect(emailsIn(page.body, S7_EMAILS.filter((e) => !e.startsWith("s7.operator")))).toEqual([]);
    const data = await browser.request(host, "/dashboard/settings/users?_data=routes%2Fdashboard.settings.users");
    expect(data.status).toBe(404);
    expect(emailsIn(data.body, [...S7_EMAILS, ...FWDONE_EMAILS])).toEqual([]);
    // the settings section does not lead them there either (airline Default has handlers and agreements)
    const section = await browser.request(host, "/dashboard/settings");
    expect(section.status).toBe(302);
    expect(section.location).toMatch(/^\/dashboard\/settings\/(?!users)/);

    // a hand-made POST with a valid CSRF token is refused by the action's own guard; nobody is added
    const csrf = hiddenInput((await browser.request(host, "/dashboard/profile")).body, "csrf")!;
    const post = await browser.request(host, "/dashboard/settings/users", {
      method: "POST",
      form: { csrf, intent: "create", email: "intruder@cargodesk.test", role: "admin", description: "", stations_allowed: "", stations_denied: "" },
    });
    expect(post.status).toBe(404);
    const admin = bff.browser();
    await admin.signIn(host, "s7.admin@cargodesk.test");
    expect((await admin.request(host, "/dashboard/settings/users")).body).not.toContain("intruder@cargodesk.test");
  });

  it("forwarder@ on cargo.localhost cannot open it either", async () => {
    const browser = bff.browser();
    const { landing } = await browser.signIn("cargo.localhost", "forwarder@cargodesk.test");
    expect(landing.chain[0]!.url).toBe("http://cargo.localhost/");
    const page = await browser.request("cargo.localhost", "/dashboard/settings/users");
    expect(page.status).toBe(404);
    expect(emailsIn(page.body, ["forwarder.admin@cargodesk.test", ...S7_EMAILS])).toEqual([]);
  });

  it.each([
    { admin: "s7.admin@cargodesk.test", host: "s7.localhost", company: "S7", own: S7_EMAILS, others: [...FWDONE_EMAILS, ...OTHER_EMAILS] },
    { admin: "forwarder.admin@cargodesk.test", host: "localhost", company: "FWDONE", own: FWDONE_EMAILS, others: [...S7_EMAILS, ...OTHER_EMAILS] },
  ])("$admin's users list shows $company users only", async ({ admin, host, own, others }) => {
    const browser = bff.browser();
    await browser.signIn(host, admin);
    const page = await browser.request(host, "/dashboard/settings/users");
    expect(page.status).toBe(200);
    expect(emailsIn(page.body, own)).toEqual(own);
    expect(emailsIn(page.body, others)).toEqual([]);
  });

  it("an s7.localhost session replayed on su.localhost shows no S7 data", async () => {
    const s7 = bff.browser();
    await s7.signIn("s7.localhost", "s7.admin@cargodesk.test");
    const thief = new Browser(bff.handle);
    thief.setCookie("su.localhost", SESSION_COOKIE_NAME, s7.cookie("s7.localhost")!);
    const page = await thief.request("su.localhost", "/dashboard/settings/users");
    // the API refuses a token on a tenant it was not issued for: the BFF's 401 reaction ends that session
    expect(page.status).toBe(302);
    expect(page.location).toBe("/signed-out?reason=unauthorized&redirect=%2Fdashboard%2Fsettings%2Fusers");
    expectCleared(page);
    expect(emailsIn(page.body, S7_EMAILS.slice(1))).toEqual([]);
  });

  it("no session: a guarded page redirects to sign-in with the path it asked for", async () => {
    const browser = new Browser(bff.handle);
    const page = await browser.request("s7.localhost", "/dashboard/profile");
    expect(page.status).toBe(302);
    expect(page.location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
    const users = await browser.request("s7.localhost", "/dashboard/settings/users?page=2&q=s7");
    expect(users.location).toBe("/signIn?redirect=%2Fdashboard%2Fsettings%2Fusers%3Fpage%3D2%26q%3Ds7");
    expect(users.body).not.toContain("@cargodesk.test");
    const data = await browser.request("s7.localhost", "/dashboard/settings/users?_data=routes%2Fdashboard.settings.users");
    expect(data.status).toBe(204);
    expect(data.headers.get("X-Remix-Redirect")).toBe("/signIn?redirect=%2Fdashboard%2Fsettings%2Fusers");
    expect(data.body).not.toContain("@cargodesk.test");
    expect((await browser.request("s7.localhost", "/")).location).toBe("/signIn?redirect=%2F");
  });
});
