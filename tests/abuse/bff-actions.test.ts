/**
 * Issue 8 §5, BFF half: every route of the Remix build that has an action gets generated hostile posts
 * (tests/abuse/bff-forms.ts) with a valid CSRF token, as a signed-in user the route lets in (the first demo
 * account whose GET of the page answers 200) or anonymously for the public pages. Each answer must be under
 * 500, in time, not blank, not the input echoed back at size; a route's run may change only its own API
 * tables (none when every post was refused), and the site must answer GET /signIn within a second afterwards.
 */
import fc from "fast-check";
import { afterAll, expect, test } from "vitest";
import { Browser, hiddenInput, linksOf, parseSetCookie, startBff, textOf } from "../bff/harness";
import { AbuseTally, ALIVE_MS, RUNS_PER_ROUTE, seedFor, timed } from "./abuse-tally";
import { encodeFormBody, formBodyArbitrary, formShapeOf, type FormBody, type FormShape } from "./bff-forms";
import { tablesOwnedBy, tablesTouchedWhenRefused } from "./bff-tables";
import { describeValue } from "./hostile-values";
import { describeProbe, PROBE_MIN_SAMPLES, PROBE_P99_MS, SignInProbe } from "./sign-in-probe";
import { changedTables, tableChecksums, tableNames } from "./table-checksums";
import { routePatternOf } from "./route-pattern";
import { refusalOf } from "~/lib/http/form-refusals.server";

/** An answer may be this much larger than its request before it counts as echoing the input at size. */
const MAX_AMPLIFIED_BYTES = 512 * 1024;

const bff = await startBff();
const tables = await tableNames(bff.api.database);
const tally = new AbuseTally("BFF abuse");
// every other user's view of the run: the sign-in page, asked for in the same process while the posts go on
const probe = new SignInProbe(async () => (await bff.handle(new Request("http://localhost/signIn"))).status);
probe.start();

afterAll(async () => {
  console.log(tally.summary());
  await probe.stop();
  await bff.close();
});

interface ActionRoute {
  id: string;
  /** `/dashboard/flights/:id` */
  pattern: string;
  /** An index route's action is reached with `?index`. */
  index: boolean;
}

const patternOf = (id: string) => routePatternOf(bff.build, id);

const actionRoutes: ActionRoute[] = Object.values(bff.build.routes)
  .filter((route) => route.module.action)
  .map((route) => ({ id: route.id, pattern: patternOf(route.id), index: Boolean(route.index) }))
  .sort((a, b) => a.pattern.localeCompare(b.pattern));
for (const route of actionRoutes) tally.routes.add(route.pattern);

/** Static path segments of the app's routes: a link's segment equal to one of these is no parameter value. */
const STATIC_SEGMENTS = new Set(actionRoutes.flatMap((r) => r.pattern.split("/")).filter((s) => s && !s.startsWith(":")));
for (const route of Object.values(bff.build.routes)) for (const s of route.path?.split("/") ?? []) if (!s.startsWith(":")) STATIC_SEGMENTS.add(s);

/** Demo accounts tried in turn as a route's audience; signed in on first use. */
const AUDIENCES: ReadonlyArray<{ email: string; host: string }> = [
  { email: "s7.manager@cargodesk.test", host: "s7.localhost" },
  { email: "platform@cargodesk.test", host: "localhost" },
  { email: "forwarder@cargodesk.test", host: "localhost" },
  { email: "forwarder@cargodesk.test", host: "cargo.localhost" },
  { email: "s7.admin@cargodesk.test", host: "s7.localhost" },
  { email: "forwarder.admin@cargodesk.test", host: "localhost" },
  { email: "s7.manager@cargodesk.test", host: "staging-s7.localhost" },
];

interface Visitor {
  label: string;
  browser: Browser;
  host: string;
  csrf: string;
  /** Same-host links seen on the pages this visitor opened: where demo record ids come from. */
  links: Set<string>;
}

const signedIn = new Map<number, Promise<Visitor>>();

async function visitorFor(index: number): Promise<Visitor> {
  const audience = AUDIENCES[index]!;
  let visitor = signedIn.get(index);
  if (!visitor) {
    visitor = (async () => {
      const browser = bff.browser();
      const { landing } = await browser.signIn(audience.host, audience.email);
      const profile = await browser.request(audience.host, "/dashboard/profile");
      const csrf = hiddenInput(profile.body, "csrf") ?? hiddenInput(landing.body, "csrf");
      if (!csrf) throw new Error(`no csrf token for ${audience.email} at ${audience.host}`);
      return { label: `${audience.email}@${audience.host}`, browser, host: audience.host, csrf, links: new Set([...linksOf(landing.body), ...linksOf(profile.body)]) };
    })();
    signedIn.set(index, visitor);
  }
  return visitor;
}

async function anonymousVisitor(pagePath: string): Promise<{ visitor: Visitor; page: string }> {
  const browser = bff.browser();
  const { csrf, page } = await browser.signInForm("localhost");
  const own = pagePath === "/signIn" ? page : await browser.request("localhost", pagePath);
  return {
    visitor: { label: "anonymous@localhost", browser, host: "localhost", csrf: hiddenInput(own.body, "csrf") ?? csrf, links: new Set() },
    page: own.status === 200 ? own.body : "",
  };
}

/** Parameter values for a pattern from the links its list page (the path before the first parameter) shows. */
async function concretePath(visitor: Visitor, pattern: string): Promise<string> {
  const params = [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  if (!params.length) return pattern;
  const listPath = pattern.slice(0, pattern.indexOf("/:")) || "/";
  const list = await visitor.browser.get(visitor.host, listPath, { follow: true });
  for (const link of linksOf(list.body)) visitor.links.add(link);
  const upToLastParam = pattern.slice(0, pattern.lastIndexOf(":")) + pattern.slice(pattern.lastIndexOf(":")).replace(/\/.*$/, "");
  const matcher = new RegExp(`^${upToLastParam.replace(/:\w+/g, "([^/?#]+)")}(?:[/?#]|$)`);
  for (const link of visitor.links) {
    const values = link.match(matcher)?.slice(1);
    if (values && values.every((v) => !STATIC_SEGMENTS.has(v))) {
      let i = 0;
      return pattern.replace(/:\w+/g, () => values[i++] ?? "1");
    }
  }
  return pattern.replace(/:\w+/g, "1");
}

/** The visitor the route lets in, the concrete path to post to, and the page's form fields. */
async function audienceOf(route: ActionRoute): Promise<{ visitor: Visitor; path: string; shape: FormShape }> {
  if (!route.pattern.startsWith("/dashboard") && route.pattern !== "/signOut") {
    const { visitor, page } = await anonymousVisitor(route.pattern);
    return { visitor, path: route.pattern, shape: formShapeOf(page) };
  }
  if (route.pattern === "/signOut") {
    // its own session: a valid post signs out, and the other routes still need theirs
    const browser = bff.browser();
    const { landing } = await browser.signIn("localhost", "platform@cargodesk.test");
    const csrf = hiddenInput((await browser.request("localhost", "/dashboard/profile")).body, "csrf") ?? hiddenInput(landing.body, "csrf") ?? "";
    return { visitor: { label: "platform@localhost (own session)", browser, host: "localhost", csrf, links: new Set() }, path: "/signOut", shape: formShapeOf("") };
  }
  let fallback: { visitor: Visitor; path: string; shape: FormShape } | undefined;
  for (let i = 0; i < AUDIENCES.length; i++) {
    const visitor = await visitorFor(i);
    const path = await concretePath(visitor, route.pattern);
    const page = await visitor.browser.request(visitor.host, path);
    if (page.status === 200) return { visitor, path, shape: formShapeOf(page.body) };
    fallback ??= { visitor, path, shape: formShapeOf("") };
  }
  // an action without a page of its own (preferences): any signed-in user
  return fallback!;
}

async function post(visitor: Visitor, path: string, index: boolean, body: FormBody) {
  const { contentType, payload } = await encodeFormBody(body);
  // no Origin, as the harness's browser: with a Request built by hand Remix would find no Host to compare it with
  const headers = new Headers();
  const cookie = visitor.browser.cookieHeader(visitor.host);
  if (cookie) headers.set("Cookie", cookie);
  if (contentType) headers.set("Content-Type", contentType);
  const url = `http://${visitor.host}${path}${index ? "?index" : ""}`;
  // the server logs a 500's cause with console.error: keep it for the finding (posts go one at a time)
  const logged: string[] = [];
  const consoleError = console.error;
  console.error = (...args: unknown[]) => {
    logged.push(args.map((a) => (a instanceof Error ? `${a.name}: ${a.message}` : String(a))).join(" ").replace(/\s+/g, " ").slice(0, 300));
  };
  let response: Response;
  try {
    response = await bff.handle(new Request(url, { method: "POST", headers, body: payload }));
  } finally {
    console.error = consoleError;
  }
  for (const line of response.headers.getSetCookie()) {
    const c = parseSetCookie(line);
    if (c.value === "" || c.attributes["max-age"] === "0") visitor.browser.jar.get(visitor.host)?.delete(c.name);
    else visitor.browser.setCookie(visitor.host, c.name, c.value);
  }
  const text = await response.text();
  // a form's refusal answers 200 (form-refusals.server.ts): what counts here is that it was refused
  return { status: refusalOf(response) ?? response.status, text, logged, location: response.headers.get("Location"), requestBytes: typeof payload === "string" ? Buffer.byteLength(payload) : payload.byteLength };
}

function describeBody(body: FormBody): string {
  if (body.kind === "raw") return `${body.contentType ?? "(no content type)"} ${describeValue(body.payload)}`;
  const fields = body.entries.filter(([name]) => name !== "csrf");
  return `${body.kind} ${describeValue(new URLSearchParams(fields).toString())}`;
}

test.each(actionRoutes.map((route) => ({ ...route, name: route.pattern })))(
  "POST $name: hostile forms with a valid CSRF token answer 4xx or a page, store nothing and leave the site answering",
  async (route) => {
    const name = route.pattern;
    const { visitor, path, shape } = await audienceOf(route);
    const bodies = fc.sample(formBodyArbitrary(shape, visitor.csrf), { numRuns: RUNS_PER_ROUTE, seed: seedFor(name) });
    const before = await tableChecksums(bff.api.database, tables);
    let accepted = false;
    for (const body of bodies) {
      const { value: answer, ms } = await timed(post(visitor, path, route.index, body));
      const what = `as ${visitor.label} POST ${path} ${describeBody(body)}`;
      if (!answer) {
        tally.found({ route: name, kind: "hang", detail: `no answer within the limit ${what}` });
        continue;
      }
      tally.answered(name, ms, answer.status);
      if (answer.status < 400) accepted = true;
      if (answer.status >= 500) {
        tally.found({ route: name, kind: "5xx", detail: `${answer.status} ${what} → ${answer.logged[0] ?? describeValue(textOf(answer.text))}` });
      } else if (answer.status >= 300 && answer.status < 400 ? !answer.location : !textOf(answer.text)) {
        tally.found({ route: name, kind: "no message", detail: `${answer.status} blank answer ${what}` });
      }
      const answerBytes = Buffer.byteLength(answer.text);
      if (answerBytes > MAX_AMPLIFIED_BYTES && answerBytes > 2 * answer.requestBytes) {
        tally.found({ route: name, kind: "echo at size", detail: `${answer.status} with ${answerBytes} bytes for ${answer.requestBytes} sent ${what}` });
      }
    }

    const after = await tableChecksums(bff.api.database, tables);
    const allowed = new Set([...tablesTouchedWhenRefused(route.pattern), ...(accepted ? tablesOwnedBy(route.pattern) : [])]);
    const unexpected = changedTables(before, after).filter((table) => !allowed.has(table));
    if (unexpected.length) {
      tally.found({ route: name, kind: "tables changed", detail: `${unexpected.join(", ")} (${accepted ? "some posts were accepted" : "every post was refused"})` });
    }

    const { value: alive, ms } = await timed(bff.browser().request("localhost", "/signIn"));
    if (!alive || alive.status !== 200 || ms > ALIVE_MS) {
      tally.found({ route: name, kind: "not answering", detail: `GET /signIn ${alive?.status ?? "no answer"} after ${Math.round(ms)} ms` });
    }

    expect(tally.findingsOf(name).map((f) => `${f.kind}: ${f.detail}`)).toEqual([]);
  },
  600_000,
);

test(`the sign-in page answered within ${PROBE_P99_MS} ms at the 99th percentile while every route was posted to`, async () => {
  const seen = await probe.stop();
  console.log(describeProbe(seen));
  expect(seen.count).toBeGreaterThanOrEqual(PROBE_MIN_SAMPLES);
  expect(seen.p99).toBeLessThan(PROBE_P99_MS);
});
