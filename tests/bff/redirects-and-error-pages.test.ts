/**
 * Issue 21 §2-3 through the real handler, the real API and (where Node's own header writing matters) the real web
 * server: a redirect target sends a user to this site only, whatever the browser would strip or rewrite; a control
 * or non-ASCII character in an address is a page or a 400, never a 500; and no error page shows a stack trace or a
 * path of this machine unless the developer set SHOW_ERROR_DETAILS=1, in production and in development alike.
 */
import path from "node:path";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppConfig, ConfigError, loadConfig } from "~/lib/config.server";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { redirect } from "~/lib/http/redirect";
import { BROWSER_NORMALISED_TRICKS } from "../abuse/redirect-tricks";
import { Browser, csrfOf, hiddenInput, textOf, useBff } from "./harness";
import { rawRequest, type RunningWebServer, serveWeb } from "./raw-http";

const bff = useBff();
const host = "s7.localhost";
const ROOT = path.resolve(__dirname, "../..");

/** A stack frame (`at fn (file:line:col)`) or any path of this checkout, in a page or its serialized data. */
function expectNoDetails(body: string) {
  expect(body).not.toContain(ROOT);
  expect(body).not.toContain("node_modules");
  expect(body).not.toMatch(/\bat \S+ \(\S+:\d+:\d+\)/);
}

/** What a browser does with a Location received at `from`: the host it opens. */
const hostOpened = (location: string, from: string) => new URL(location, from).host;

/** A header value Node sends as it is: printable ASCII, no space, no backslash. */
const SENDABLE = /^[\x21-\x5b\x5d-\x7e]+$/;

let signedIn: Browser;
beforeAll(async () => {
  signedIn = await bff.signedIn(host, "s7.manager@cargodesk.test");
});

describe("a redirect target sends the user to this site only", () => {
  it("a signed-in user opening /signIn?redirect=<trick> stays on the site, for every trick in the list", async () => {
    for (const trick of BROWSER_NORMALISED_TRICKS) {
      // URLSearchParams, as a browser's form would: a lone surrogate becomes U+FFFD (encodeURIComponent throws)
      const answer = await signedIn.request(host, `/signIn?${new URLSearchParams({ redirect: trick })}`);
      // a NUL anywhere in the address is refused whole (request-limits), before any page runs
      if (trick.includes("\u0000")) {
        expect(answer.status).toBe(400);
        continue;
      }
      expect(answer.status, JSON.stringify(trick)).toBe(302);
      expect(hostOpened(answer.location!, answer.url), JSON.stringify(trick)).toBe(host);
      expect(answer.location, JSON.stringify(trick)).toMatch(SENDABLE);
    }
  });

  it("a target of the site is kept, a non-ASCII one encoded as UTF-8", async () => {
    expect((await signedIn.request(host, "/signIn?redirect=%2Fdashboard%2Fprofile%3Ftab%3Droles")).location).toBe("/dashboard/profile?tab=roles");
    expect((await signedIn.request(host, `/signIn?redirect=${encodeURIComponent("/dashboard/日本?q=é")}`)).location).toBe("/dashboard/%E6%97%A5%E6%9C%AC?q=%C3%A9");
  });

  it("the same on a data request (JavaScript navigation): X-Remix-Redirect stays on the site and is sendable", async () => {
    for (const trick of ["/\t/evil.example", "/.//evil.example", "/dashboard/日"]) {
      const answer = await signedIn.request(host, `/signIn?${new URLSearchParams({ redirect: trick, _data: "routes/signIn" })}`);
      expect(answer.status).toBe(204);
      const target = answer.headers.get("X-Remix-Redirect")!;
      expect(hostOpened(target, answer.url)).toBe(host);
      expect(target).toMatch(SENDABLE);
    }
  });

  it("signing in with a trick as the target lands on the start page, and the sign-in form does not carry the trick", async () => {
    for (const trick of ["/\t/evil.example", "/%5Cevil.example", "/..//evil.example"]) {
      const browser = bff.browser();
      const { page } = await browser.signInForm(host, trick);
      expect(hiddenInput(page.body, "redirect")).toBe("");
      const posted = await browser.submitSignIn(host, "s7.manager@cargodesk.test", { redirect: trick });
      expect(posted.status).toBe(302);
      expect(posted.location).toBe("/");
    }
  });

  it("the header's switches go back only to a page of the site", async () => {
    const csrf = await csrfOf(signedIn, host, "/dashboard/profile");
    for (const trick of ["/\t/evil.example", "/%2F/evil.example", "/dashboard/profile"]) {
      const answer = await signedIn.request(host, "/dashboard/preferences", { method: "POST", form: { csrf, intent: "timeMode", value: "utc", redirectTo: trick } });
      expect(answer.status).toBe(302);
      expect(answer.location).toBe(trick === "/dashboard/profile" ? trick : "/dashboard");
    }
  });
});

/** The build with the sign-in page's loader replaced: a route of tomorrow that redirects to what it built, or fails. */
function buildWithSignInLoader(build: ServerBuild, loader: () => Response): ServerBuild {
  const route = build.routes["routes/signIn"]!;
  return { ...build, routes: { ...build.routes, "routes/signIn": { ...route, module: { ...route.module, loader } } } };
}

describe("every Location the BFF sends goes through the one encoder", () => {
  const config = () => ({ ...bff.config, showErrorDetails: false });

  /** The document and the data request's answers, and what Node actually sends for the document. */
  async function sent(handle: ReturnType<typeof createAppHandler>) {
    const web = await serveWeb(handle, config());
    try {
      const raw = await rawRequest(web.port, "/signIn");
      return {
        location: (await handle(new Request(`http://${host}/signIn`))).headers.get("Location"),
        dataRedirect: (await handle(new Request(`http://${host}/signIn?_data=routes%2FsignIn`))).headers.get("X-Remix-Redirect"),
        raw: { status: raw.status, location: raw.headers.get("location") },
      };
    } finally {
      await web.close();
    }
  }

  it("a route's redirect to a target built from a decoded parameter (non-ASCII, backslash, space, a leading //) is sent encoded, on the site", async () => {
    const cases: Array<[string, string]> = [
      // Fetch's Headers throws on this one: the route itself failed with a 500 before the encoder
      ["/dashboard/shipments/日本", "/dashboard/shipments/%E6%97%A5%E6%9C%AC"],
      ["/dashboard/a\\b c", "/dashboard/a%5Cb%20c"],
      ["//evil.example/x", "/evil.example/x"],
    ];
    for (const [built, expected] of cases) {
      const answer = await sent(createAppHandler(buildWithSignInLoader(bff.build, () => redirect(built)), config()));
      expect(answer).toEqual({ location: expected, dataRedirect: expected, raw: { status: 302, location: expected } });
    }
  });

  it("a redirect that did not come through it (Remix's own, a hand-made answer) is encoded on the way out", async () => {
    // Latin-1 and DEL pass Fetch's Headers; Node refused the DEL (a 500) and sent the é as a raw byte
    const handMade = () => new Response(null, { status: 302, headers: { Location: "//evil.example/caf\u00e9\u007f" } });
    const answer = await sent(createAppHandler(buildWithSignInLoader(bff.build, handMade), config()));
    expect(answer).toEqual({ location: "/evil.example/caf%C3%A9%7F", dataRedirect: "/evil.example/caf%C3%A9%7F", raw: { status: 302, location: "/evil.example/caf%C3%A9%7F" } });
  });
});

/** The two ways a developer or an operator runs it, both without SHOW_ERROR_DETAILS. */
const MODES: ReadonlyArray<AppConfig["env"]> = ["production", "development"];

describe.each(MODES)("NODE_ENV=%s: control and non-ASCII characters in an address, through the real web server", (env) => {
  let web: RunningWebServer;
  let cookie: string;
  beforeAll(async () => {
    const config = { ...bff.config, env, showErrorDetails: false };
    const handle = createAppHandler(bff.build, config);
    web = await serveWeb(handle, config);
    cookie = signedIn.cookieHeader(host);
  });
  afterAll(() => web.close());

  const get = (target: string | Buffer, headers: Record<string, string> = {}) => rawRequest(web.port, target, { headers: { Cookie: cookie, ...headers } });

  it("a redirect target with a non-ASCII character or DEL: a sendable Location on the site, not a 500", async () => {
    for (const target of ["/%E6%97%A5", "/caf%C3%A9", "/a%7Fb", "/a%0Ab", "/%09/evil.example", "/%F0%9F%9A%80"]) {
      const answer = await get(`/signIn?redirect=${target}`);
      expect(answer.status, target).toBe(302);
      expect(hostOpened(answer.headers.get("location")!, `http://${host}/`), target).toBe(host);
      expect(answer.headers.get("location"), target).toMatch(SENDABLE);
    }
  });

  it("a path with a control character: 400 with the translated message (or the not-found page), never a stack", async () => {
    for (const target of ["/dashboard/shipments/%0A", "/dashboard/settings/users/%7F/edit", "/dashboard/flights/tabs/%09", "/signIn/%0D%0ALocation:%20x"]) {
      const answer = await get(target);
      expect([400, 404], target).toContain(answer.status);
      if (answer.status === 400) expect(textOf(answer.body)).toContain("The request could not be read");
      expectNoDetails(answer.body);
    }
  });

  it("a path with a non-ASCII or undecodable part: a page, never a 500 or a stack", async () => {
    for (const target of ["/dashboard/%E6%97%A5", "/dashboard/shipments/%E6%97%A5", "/dashboard/%FF", "/%C0%AF", "/dashboard/settings/users?q=%E6%97%A5&page=%FF"]) {
      const answer = await get(target);
      expect(answer.status, target).toBeLessThan(500);
      expectNoDetails(answer.body);
    }
  });

  it("raw bytes Node's parser refuses, and a Host that is no host: 400, no stack", async () => {
    for (const target of [Buffer.from("/dashboard/日", "utf8"), Buffer.from("/dash\x01board", "latin1"), Buffer.from("/a\x7f", "latin1")]) {
      const answer = await get(target);
      expect(answer.status).toBe(400);
      expectNoDetails(answer.body);
    }
    for (const badHost of ["s7.localhost/evil", "a b", "evil.example@s7.localhost", "[zz]"]) {
      const answer = await rawRequest(web.port, "/signIn", { host: badHost });
      expect(answer.status, badHost).toBe(400);
      expectNoDetails(answer.body);
    }
  });

  it("a request line that starts with // stays on the addressed host: no page answers with another host's URL", async () => {
    const answer = await get("//evil.example/signIn");
    expect(answer.status).toBeLessThan(500);
    const location = answer.headers.get("location");
    if (location) expect(hostOpened(location, `http://${host}/`)).toBe(host);
    expect(answer.body).not.toContain("evil.example");
  });
});

/** The build with one route's loader failing as a bug would: an Error naming a file of this machine. */
const buildWithFailingSignIn = (build: ServerBuild) =>
  buildWithSignInLoader(build, () => {
    throw new Error(`loader failed reading ${ROOT}/data/secrets.json`);
  });

describe("error pages show no stack trace unless the developer asked", () => {
  it.each(MODES)("NODE_ENV=%s: a failing loader answers the translated error page with no message, stack or path", async (env) => {
    const handle = createAppHandler(buildWithFailingSignIn(bff.build), { ...bff.config, env, showErrorDetails: false });
    for (const url of [`http://${host}/signIn`, `http://${host}/signIn?_data=routes%2FsignIn`]) {
      const answer = await handle(new Request(url));
      expect(answer.status).toBe(500);
      const body = await answer.text();
      expect(body).not.toContain("loader failed");
      expectNoDetails(body);
      if (!url.includes("_data")) expect(textOf(body)).toContain("Undefined Error, please contact technical support");
    }
  });

  it("SHOW_ERROR_DETAILS=1: the page carries the error and its stack", async () => {
    const handle = createAppHandler(buildWithFailingSignIn(bff.build), { ...bff.config, env: "development", showErrorDetails: true });
    const body = await (await handle(new Request(`http://${host}/signIn`))).text();
    expect(body).toContain("loader failed");
    expect(body).toMatch(/\bat \S+ \(\S+:\d+:\d+\)/);
  });

  it.each(MODES)("NODE_ENV=%s: what fails outside Remix gets the translated sentence, the stack only in the console", async (env) => {
    const failing = async (): Promise<Response> => {
      throw new Error(`bridge failed at ${ROOT}/server.ts`);
    };
    const unsendable = async () => new Response("x", { status: 302, headers: { "X-Target": "/dashboard/日" } });
    for (const handle of [failing, unsendable]) {
      const web = await serveWeb(handle, { env, showErrorDetails: false });
      try {
        const answer = await rawRequest(web.port, "/signIn", { headers: { "Accept-Language": "ru" } });
        expect(answer.status).toBe(500);
        expect(answer.body).toBe("Неизвестная ошибка, обратитесь в техническую поддержку");
        expect(answer.headers.get("content-security-policy")).toBeTruthy();
        expect(answer.headers.has("x-target")).toBe(false);
      } finally {
        await web.close();
      }
    }
    const shown = await serveWeb(failing, { env, showErrorDetails: true });
    try {
      expect((await rawRequest(shown.port, "/signIn")).body).toContain("bridge failed");
    } finally {
      await shown.close();
    }
  });

  it("the cargo API answers a path it cannot decode with a bare 400, the address not quoted back", async () => {
    for (const url of ["/api/v3/air_waybills/%FF", "/api/v1/awb_stocks/%C0%AF", "/api/docs/%E6%97"]) {
      const answer = await bff.api.app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(400);
      expect(answer.json(), url).toEqual({ error: "Bad Request", code: "bad_request", params: {} });
    }
  });

  it("SHOW_ERROR_DETAILS is off unless set to 1, and refused in production", () => {
    const base = { SESSION_SECRET: "x".repeat(32), UPSTREAM_URL: "http://127.0.0.1:1" };
    expect(loadConfig({ ...base, NODE_ENV: "development" }).showErrorDetails).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: "development", SHOW_ERROR_DETAILS: "1" }).showErrorDetails).toBe(true);
    expect(() => loadConfig({ ...base, NODE_ENV: "production", SHOW_ERROR_DETAILS: "1" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, SHOW_ERROR_DETAILS: "yes" })).toThrow(ConfigError);
  });
});
