/**
 * Issue 8 §3 through the real handler and the real API: nobody can lock another user out (the client's
 * address reaches the API with the shared secret), the CSRF token changes with who is signed in,
 * signed-in answers are never cached, a sibling tenant's form is refused with the access-denied page,
 * and every answer carries the security headers (pages, data requests, static files through server.ts's app).
 */
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { createWebServer } from "~/lib/http/web-server.server";
import { Browser, DEMO_PASSWORD, hiddenInput, textOf, useBff, type Answer } from "./harness";

const CLIENT_ADDRESS_SECRET = "bff-test-client-address-secret-0123456789";

const bff = useBff({ apiConfig: { CLIENT_ADDRESS_SECRET }, env: { CLIENT_ADDRESS_SECRET } });
let handle: ReturnType<typeof createAppHandler>;

beforeAll(async () => {
  handle = createAppHandler(bff.build, bff.config);
});

/** A browser on its own machine: every request arrives from this socket address, as server.ts passes it. */
const browserAt = (remoteAddress: string, opts?: { acceptLanguage?: string }) =>
  new Browser((request) => handle(request, { remoteAddress }), opts);

const host = "s7.localhost";

describe("sign-in throttling is per client address", () => {
  it("ten wrong passwords from one address lock that address out, and the owner still signs in from another", async () => {
    const email = "s7.billing@cargodesk.test";
    const attacker = browserAt("203.0.113.66");
    for (let i = 0; i < 10; i++) {
      const answer = await attacker.submitSignIn(host, email, { password: `wrong-password-${i}` });
      expect([answer.status, answer.refused]).toEqual([200, 400]);
      expect(textOf(answer.body)).toContain("Invalid e-mail or password");
    }
    const refused = await attacker.submitSignIn(host, email);
    expect(refused.status).toBe(429);
    expect(textOf(refused.body)).toContain("Too many sign-in attempts. Wait a few minutes and try again.");

    const owner = browserAt("198.51.100.7");
    const { posted } = await owner.signIn(host, email);
    expect(posted.status).toBe(302);
    // and in Russian for the attacker's Russian browser: the message is translated
    const ru = await browserAt("203.0.113.66", { acceptLanguage: "ru" }).submitSignIn(host, email);
    expect(ru.status).toBe(429);
    expect(textOf(ru.body)).not.toContain("Too many sign-in attempts");
  });

  it("behind TRUST_PROXY=1 the client is the last X-Forwarded-For address; a forged one further left does not help", async () => {
    const config = { ...bff.config, trustProxy: 1 };
    const proxied = createAppHandler(bff.build, config);
    // every browser reaches us through the one load balancer at 10.0.0.2
    const via = (forwardedFor: string) =>
      new Browser((request) => {
        const headers = new Headers(request.headers);
        headers.set("X-Forwarded-For", forwardedFor);
        return proxied(new Request(request, { headers }), { remoteAddress: "10.0.0.2" });
      });
    const email = "s7.inspector@cargodesk.test";
    for (let i = 0; i < 10; i++) {
      // the attacker writes a different address on each try; the balancer appends the real one
      const answer = await via(`192.0.2.${i}, 203.0.113.77`).submitSignIn(host, email, { password: "wrong-password" });
      expect([answer.status, answer.refused]).toEqual([200, 400]);
    }
    expect((await via("192.0.2.200, 203.0.113.77").submitSignIn(host, email)).status).toBe(429);
    expect((await via("198.51.100.9").submitSignIn(host, email)).status).toBe(302);
  });
});

describe("CSRF token rotation", () => {
  it("the token of the sign-in form stops working once signed in, and the signed-in one after sign-out", async () => {
    const browser = browserAt("198.51.100.20");
    const { csrf: before } = await browser.signInForm(host);
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const profile = await browser.get(host, "/dashboard/profile");
    const signedIn = hiddenInput(profile.body, "csrf")!;
    expect(signedIn).toBeTruthy();
    expect(signedIn).not.toBe(before);
    const timeMode = (csrf: string) =>
      browser.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "timeMode", value: "utc", redirectTo: "/dashboard/profile" } });
    expect((await timeMode(before)).status).toBe(403);
    expect((await timeMode(signedIn)).status).toBe(302);

    const signedOut = await browser.request(host, "/signOut", { method: "POST", form: { csrf: signedIn } });
    expect(signedOut.status).toBe(302);
    const { csrf: after } = await browser.signInForm(host);
    expect(after).not.toBe(signedIn);
    // the old token does not sign anybody in on the signed-out session
    const replay = await browser.request(host, "/signIn", {
      method: "POST",
      form: { csrf: signedIn, email: "s7.manager@cargodesk.test", password: DEMO_PASSWORD, redirect: "", website: "" },
    });
    expect(replay.status).toBe(403);
  });
});

describe("caching of signed-in answers", () => {
  it("every answer to a signed-in request is private, no-store: documents, data requests, redirects", async () => {
    const browser = browserAt("198.51.100.21");
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const answers = [
      await browser.request(host, "/dashboard/profile"),
      await browser.request(host, "/dashboard/profile?_data=root"),
      await browser.request(host, "/dashboard/profile?_data=routes%2Fdashboard.profile"),
      await browser.request(host, "/dashboard/settings"),
      await browser.request(host, "/dashboard/no-such-page"),
    ];
    for (const answer of answers) {
      // none of these changed the session, so it is the signed-in request that makes them private
      expect(answer.setCookies, answer.url).toEqual([]);
      expect(answer.headers.get("Cache-Control"), answer.url).toBe("private, no-store");
    }
  });

  it("a page says in Server-Timing how long it waited for the API and how many calls it made (npm run bench reads both)", async () => {
    const browser = browserAt("198.51.100.23");
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const timing = async (path: string) => (await browser.request(host, path)).headers.get("Server-Timing") ?? "";
    await timing("/dashboard/settings/airline-customers");
    // the shell's own calls are cached for the session by now: the list page makes its list call, the not-found page none
    expect(await timing("/dashboard/settings/airline-customers")).toMatch(/^upstream;dur=\d+\.\d;desc="1 calls", app;dur=\d+\.\d$/);
    expect(await timing("/dashboard/no-such-page")).toMatch(/^upstream;dur=0\.0;desc="0 calls", /);
  });
});

describe("a form posted from a sibling tenant", () => {
  it.each([
    ["a page's action", "/dashboard/settings/handlers/create", { name: "Sibling Handler" }],
    ["the sign-out action", "/signOut", {}],
  ])("is refused on %s with the translated access-denied page (403), and changes nothing", async (_label, path, fields) => {
    const browser = browserAt("198.51.100.22");
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const page = await browser.get(host, "/dashboard/profile");
    const csrf = hiddenInput(page.body, "csrf")!;
    // even with a valid token (the sibling cannot read it, but assume it could) the Origin decides
    const answer = await browser.request(host, path, { method: "POST", headers: { Origin: "http://su.localhost:3000" }, form: { csrf, ...fields } });
    expect(answer.status).toBe(403);
    expect(answer.headers.get("Content-Type")).toContain("text/html");
    expect(textOf(answer.body)).toContain("Access denied");
    // still signed in: the sign-out did not run
    expect((await browser.request(host, "/dashboard/profile")).status).toBe(200);
  });

  it("in Russian for a Russian browser, and an anonymous sign-in post the same", async () => {
    const browser = browserAt("198.51.100.23", { acceptLanguage: "ru" });
    const { csrf } = await browser.signInForm(host);
    const answer = await browser.request(host, "/signIn", {
      method: "POST",
      headers: { Origin: "http://su.localhost:3000" },
      form: { csrf, email: "s7.manager@cargodesk.test", password: DEMO_PASSWORD, redirect: "", website: "" },
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toContain('<html lang="ru"');
    expect(textOf(answer.body)).not.toContain("Access denied");
    expect((await browser.request(host, "/dashboard/profile")).location).toBe("/signIn?redirect=%2Fdashboard%2Fprofile");
  });

  it("the tenant's own Origin posts as before", async () => {
    const browser = browserAt("198.51.100.24");
    const { csrf } = await browser.signInForm(host);
    const answer = await browser.request(host, "/signIn", {
      method: "POST",
      // server.ts's requests carry Host (Remix compares Origin with it); the harness's do not by default
      headers: { Origin: `http://${host}`, Host: host },
      form: { csrf, email: "s7.manager@cargodesk.test", password: DEMO_PASSWORD, redirect: "", website: "" },
    });
    expect(answer.status).toBe(302);
  });
});

/** The nonce of the answer's CSP, and every <script> of the page carries it. */
function expectNonceOnEveryScript(answer: Answer) {
  const csp = answer.headers.get("Content-Security-Policy") ?? "";
  const nonce = csp.match(/script-src 'self' 'nonce-([^']+)'/)?.[1];
  expect(nonce, csp).toBeTruthy();
  const scripts = answer.body.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(2);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  return nonce!;
}

function expectPolicy(headers: Headers) {
  const csp = headers.get("Content-Security-Policy") ?? "";
  for (const directive of ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'", "base-uri 'self'", "form-action 'self'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(headers.get("X-Content-Type-Options")).toBe("nosniff");
  expect(headers.get("X-Frame-Options")).toBe("DENY");
}

describe("security headers", () => {
  it("a page carries a CSP whose per-request nonce is on every inline script", async () => {
    const browser = browserAt("198.51.100.25");
    const first = await browser.request(host, "/signIn");
    expectPolicy(first.headers);
    const nonce = expectNonceOnEveryScript(first);
    const second = await browser.request(host, "/signIn");
    expect(expectNonceOnEveryScript(second)).not.toBe(nonce);
    expect(first.headers.get("Strict-Transport-Security")).toBeNull();
    await browser.signIn(host, "s7.manager@cargodesk.test");
    const page = await browser.request(host, "/dashboard/profile");
    expectPolicy(page.headers);
    expectNonceOnEveryScript(page);
    // data requests and error pages too
    expectPolicy((await browser.request(host, "/dashboard/profile?_data=root")).headers);
    expectPolicy((await browser.request(host, "/dashboard/no-such-page")).headers);
  });

  it("HSTS in production", async () => {
    const production = createAppHandler(bff.build, { ...bff.config, env: "production" });
    const answer = await production(new Request(`http://${host}/signIn`));
    expect(answer.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d{7,}/);
  });

  it("static files served by server.ts's app carry the headers; its pages get the socket address through", async () => {
    let seen: string | undefined;
    const web = createWebServer(async (request, connection) => {
      seen = connection?.remoteAddress;
      return handle(request, connection);
    }, bff.config);
    const server: Server = await new Promise((resolve) => {
      const s = web.listen(0, "127.0.0.1", () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const icon = await fetch(`${base}/favicon.svg`);
      expect(icon.status).toBe(200);
      expect(icon.headers.get("Content-Type")).toContain("svg");
      expectPolicy(icon.headers);
      // the icon browsers ask for on their own is there too (issue 22 §10: it was a 404)
      const ico = await fetch(`${base}/favicon.ico`);
      expect([ico.status, ico.headers.get("Content-Type")]).toEqual([200, expect.stringMatching(/icon/)]);
      expect(Buffer.from(await ico.arrayBuffer()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
      const page = await fetch(`${base}/signIn`, { headers: { Host: host } });
      expect(page.status).toBe(200);
      expectPolicy(page.headers);
      expect(seen).toMatch(/127\.0\.0\.1$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
