/**
 * Issue 21 §2-3 as generators: redirect targets built from browser-normalised tricks (tests/abuse/redirect-tricks.ts)
 * sent to every place that takes one (`/signIn?redirect=` signed in and anonymous, as a document and as a data
 * request, the signed-out page's way back, the header switches' `redirectTo`), and addresses of every route of the
 * build with hostile segments, queries and headers, through the real web server in production and development
 * modes. Every answer must be under 500 and show no stack trace or path of this machine; every redirect must be a
 * header Node can send and open this site, as a browser resolves it.
 */
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, test } from "vitest";
import type { AppConfig } from "~/lib/config.server";
import { createAppHandler } from "~/lib/http/app-handler.server";
import { csrfOf, startBff } from "../bff/harness";
import { type RawAnswer, rawRequest, type RunningWebServer, serveWeb } from "../bff/raw-http";
import { AbuseTally, RUNS_PER_ROUTE, seedFor, timed } from "./abuse-tally";
import { describeValue } from "./hostile-values";
import { redirectTrick } from "./redirect-tricks";
import { routePatternOf } from "./route-pattern";

const ROOT = path.resolve(__dirname, "../..");
const HOST = "s7.localhost";
/** Generated requests per place: `npm test` keeps it small (RUNS_PER_ROUTE 3 → 30), `npm run test:abuse` 40 → 400. */
const RUNS = RUNS_PER_ROUTE * 10;
/** A test's time: most answers take milliseconds, a page a few dozen, and the address test sends twice RUNS. */
const TEST_MS = 30_000 + RUNS * 600;

const bff = await startBff();
const tally = new AbuseTally("Redirect targets and hostile addresses");
const MODES: ReadonlyArray<AppConfig["env"]> = ["production", "development"];
const servers = new Map<AppConfig["env"], RunningWebServer>();
for (const env of MODES) {
  const config = { ...bff.config, env, showErrorDetails: false };
  servers.set(env, await serveWeb(createAppHandler(bff.build, config), config));
}
const signedIn = await bff.signedIn(HOST, "s7.manager@cargodesk.test");
const cookie = signedIn.cookieHeader(HOST);

afterAll(async () => {
  console.log(tally.summary());
  for (const server of servers.values()) await server.close();
  await bff.close();
});

/** A header value Node sends as it is: printable ASCII, no space, no backslash. */
const SENDABLE = /^[\x21-\x5b\x5d-\x7e]+$/;

/** What is wrong with an answer, or nothing: a 5xx, a stack or path of this machine, a redirect off the site or unsendable. */
function problemsOf(answer: { status: number; body: string; redirects: Array<string | null | undefined> }): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  if (answer.body.includes(ROOT) || answer.body.includes("node_modules") || /\bat \S+ \(\S+:\d+:\d+\)/.test(answer.body)) problems.push("shows a stack trace or a path");
  for (const target of answer.redirects) {
    if (target === null || target === undefined) continue;
    if (!SENDABLE.test(target)) problems.push(`redirect ${JSON.stringify(target)} is no sendable header`);
    else if (new URL(target, `http://${HOST}/signIn`).host !== HOST) problems.push(`redirect ${JSON.stringify(target)} leaves the site`);
  }
  return problems;
}

/** The URL inside a Refresh header (`2; url=/signIn?...`). */
const refreshTarget = (refresh: string | null | undefined) => refresh?.match(/url=(.*)$/i)?.[1];

/** Percent-encodes every byte: any string, lone surrogates too (as U+FFFD, what a browser's form sends). */
function encodedFully(value: string): string {
  return [...Buffer.from(value, "utf8")].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`).join("");
}

interface Sent {
  label: string;
  status: number;
  body: string;
  redirects: Array<string | null | undefined>;
}

/** Runs each input, tallies it under `place`, and answers every input that showed a problem, with what it showed. */
async function tryAll<T>(place: string, inputs: T[], send: (input: T) => Promise<Sent>): Promise<string[]> {
  tally.routes.add(place);
  const failures: string[] = [];
  for (const input of inputs) {
    const { value: sent, ms } = await timed(send(input));
    if (!sent) {
      failures.push(`${place}: no answer in time for ${describeValue(String(input))}`);
      continue;
    }
    tally.answered(place, ms, sent.status);
    const problems = problemsOf(sent);
    if (problems.length) failures.push(`${sent.label}: ${problems.join("; ")}`);
  }
  return failures;
}

const viaServer = async (env: AppConfig["env"], target: string, headers: Record<string, string> = {}): Promise<RawAnswer> =>
  rawRequest(servers.get(env)!.port, target, { headers });

describe.each(MODES)("NODE_ENV=%s", (env) => {
  test("/signIn?redirect=<trick>, signed in and anonymous, as a document and as a data request", async () => {
    const inputs = fc.sample(fc.tuple(redirectTrick, fc.boolean(), fc.boolean()), { numRuns: RUNS, seed: seedFor(`${env} signIn`) });
    const failures = await tryAll(`${env} GET /signIn?redirect=`, inputs, async ([trick, withSession, data]) => {
      const target = `/signIn?redirect=${encodedFully(trick)}${data ? "&_data=routes%2FsignIn" : ""}`;
      const answer = await viaServer(env, target, withSession ? { Cookie: cookie } : {});
      return {
        label: `${withSession ? "signed in" : "anonymous"} GET ${target}`,
        status: answer.status,
        body: answer.body,
        redirects: [answer.headers.get("location"), answer.headers.get("x-remix-redirect")],
      };
    });
    expect(failures).toEqual([]);
  }, TEST_MS);

  test("/signed-out?redirect=<trick>: its way back to sign in, and where that sends a signed-in user", async () => {
    const inputs = fc.sample(redirectTrick, { numRuns: RUNS, seed: seedFor(`${env} signed-out`) });
    const failures = await tryAll(`${env} GET /signed-out?redirect=`, inputs, async (trick) => {
      const target = `/signed-out?reason=unauthorized&redirect=${encodedFully(trick)}`;
      const page = await viaServer(env, target);
      const back = refreshTarget(page.headers.get("refresh"));
      // followed by a browser that is signed in again: the sign-in page sends it on at once
      const onward = back ? await viaServer(env, new URL(back, `http://${HOST}`).pathname + new URL(back, `http://${HOST}`).search, { Cookie: cookie }) : undefined;
      return {
        label: `GET ${target}, then ${back}`,
        status: Math.max(page.status, onward?.status ?? 0),
        body: page.body + (onward?.body ?? ""),
        redirects: [back, onward?.headers.get("location")],
      };
    });
    expect(failures).toEqual([]);
  }, TEST_MS);

  test("addresses of every route with hostile segments, queries and headers", async () => {
    const patterns = [...new Set(Object.keys(bff.build.routes).map((id) => routePatternOf(bff.build, id)))];
    const segment = fc.oneof(
      fc.constantFrom(...HOSTILE_SEGMENTS),
      fc.string({ unit: "binary", maxLength: 12 }).map(encodedFully),
      redirectTrick.map(encodedFully),
    );
    const address = fc.record({
      pattern: fc.constantFrom(...patterns),
      values: fc.array(segment, { minLength: 4, maxLength: 4 }),
      query: fc.option(fc.tuple(fc.constantFrom("redirect", "q", "page", "tab", "_data", "form", "dialog"), segment), { nil: undefined }),
      header: fc.option(fc.tuple(fc.constantFrom(...Object.keys(HOSTILE_HEADERS)), fc.nat()), { nil: undefined }),
      withSession: fc.boolean(),
    });
    const inputs = fc.sample(address, { numRuns: RUNS * 2, seed: seedFor(`${env} addresses`) });
    const failures = await tryAll(`${env} GET <route with hostile parts>`, inputs, async ({ pattern, values, query, header, withSession }) => {
      let i = 0;
      const pathname = pattern.replace(/:\w+\??|\*/g, () => values[i++ % values.length]!);
      const target = query ? `${pathname}?${query[0]}=${query[1]}` : pathname;
      const headers: Record<string, string> = withSession ? { Cookie: cookie } : {};
      if (header) {
        const choices = HOSTILE_HEADERS[header[0]]!;
        headers[header[0]] = choices[header[1] % choices.length]!;
      }
      const answer = await viaServer(env, target, headers);
      return {
        label: `${withSession ? "signed in" : "anonymous"} GET ${target} ${header ? `${header[0]}: ${JSON.stringify(headers[header[0]])}` : ""}`,
        status: answer.status,
        body: answer.body,
        redirects: [answer.headers.get("location"), answer.headers.get("x-remix-redirect")],
      };
    });
    expect(failures).toEqual([]);
  }, TEST_MS);
});

test("the header switches' redirectTo: back to a page of the site, or the dashboard", async () => {
  const csrf = await csrfOf(signedIn, HOST, "/dashboard/profile");
  const inputs = fc.sample(fc.tuple(redirectTrick, fc.constantFrom("timeMode", "colorScheme")), { numRuns: RUNS, seed: seedFor("preferences") });
  const failures = await tryAll("POST /dashboard/preferences redirectTo", inputs, async ([trick, intent]) => {
    const value = intent === "timeMode" ? "local" : "light";
    const answer = await signedIn.request(HOST, "/dashboard/preferences", { method: "POST", form: { csrf, intent, value, redirectTo: trick } });
    return { label: `POST /dashboard/preferences redirectTo=${describeValue(trick)}`, status: answer.status, body: answer.body, redirects: [answer.location] };
  });
  expect(failures).toEqual([]);
}, TEST_MS);

/** Path segments as they arrive encoded: controls, look-alike and encoded slashes, non-ASCII, bad UTF-8, dot segments. */
const HOSTILE_SEGMENTS: readonly string[] = [
  "%0A",
  "%0D%0ALocation:%20https://evil.example",
  "%09",
  "%7F",
  "%C2%85",
  "%00",
  "%E6%97%A5%E6%9C%AC",
  "%F0%9F%9A%80",
  "%E2%80%AE",
  "%EF%BC%8F%EF%BC%8Fevil.example",
  "%FF",
  "%C0%AF",
  "%E6%97",
  "%2F%2Fevil.example",
  "%5Cevil.example",
  "%252F",
  "..",
  "%2e%2e",
  "a%20b",
  "555-12345675",
  "1",
  "x".repeat(300),
];

/** Header values a client may send that Node's parser lets through (it refuses controls other than tab itself). */
const HOSTILE_HEADERS: Record<string, readonly string[]> = {
  Host: ["s7.localhost/evil", "a b", "evil.example@s7.localhost", "[zz]", "s7.localhost:99999999", "", "s7.localhost\t"],
  "Accept-Language": ["\u00e9\u00ff", "ru;q=NaN", "x".repeat(4000), "*;q=1,,,"],
  Cookie: ["__session=\u00e9\u00ff", "__session=%", "__session=x; __session=y", "a".repeat(4000)],
  "X-Forwarded-For": ["\u00ff", "1.1.1.1, , ,", "::ffff:999.1.1.1"],
  "X-Forwarded-Host": ["evil.example", "\u00e9", "a b"],
  Origin: ["null", "http://evil.example", "\u00e9"],
  "X-Remix-Redirect": ["//evil.example"],
};
