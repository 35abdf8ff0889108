/**
 * Issue 21 §5/§6 as generators, over real sockets to server.ts's web server: every kind of refused body, at every
 * path and with the body sent in part or in full, is answered 4xx at once, and the connection is then either closed
 * or answers the browser's next request on it at once (it never waits behind the unread rest of the body). Twenty
 * parallel anonymous 10 MB uploads cost the other users nothing. A probe times the sign-in page throughout.
 */
import net from "node:net";
import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import { Worker } from "node:worker_threads";
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { createWebServer } from "~/lib/http/web-server.server";
import { SESSION_COOKIE_NAME, startBff } from "../bff/harness";
import { AbuseTally, HANG_MS, RUNS_PER_ROUTE, SEED } from "./abuse-tally";
import { describeProbe, PROBE_MIN_SAMPLES, PROBE_P99_MS, SignInProbe } from "./sign-in-probe";
import { FREEZE_BOUND_MS } from "../freeze-bound";

const bff = await startBff();
const tally = new AbuseTally("HTTP refusals");
let server: Server;
let port: number;
let probe: SignInProbe;
/** Session cookies: a visitor who opened the sign-in page (a valid token, not signed in) and a signed-in manager. */
let visitorCookie: string;
let managerCookie: string;
let managerCsrf: string;

const HOST = "s7.localhost";
const MB = 1024 * 1024;

beforeAll(async () => {
  server = await new Promise((resolve) => {
    const s = createWebServer(bff.handle, bff.config).listen(0, "127.0.0.1", () => resolve(s));
  });
  server.keepAliveTimeout = 65_000;
  port = (server.address() as AddressInfo).port;
  const visitor = bff.browser();
  await visitor.signInForm(HOST);
  visitorCookie = visitor.cookieHeader(HOST);
  const manager = await bff.signedIn(HOST, "s7.manager@cargodesk.test");
  managerCookie = manager.cookieHeader(HOST);
  managerCsrf = (await manager.request(HOST, "/dashboard/profile")).body.match(/name="csrf" value="([^"]+)"/)![1]!;
  probe = new SignInProbe(async () => {
    const answer = await exchange(`GET /signIn HTTP/1.1\r\nHost: ${HOST}\r\nConnection: close\r\n\r\n`);
    answer.socket.destroy();
    return answer.status;
  }, 100);
  probe.start();
});

afterAll(async () => {
  console.log(tally.summary());
  await probe?.stop();
  await new Promise((resolve) => server?.close(resolve));
  await bff.close();
});

interface Answer {
  status: number;
  headers: string;
  socket: net.Socket;
  closed: () => boolean;
}

/** Writes `head` (and `body`, when given) on a new socket and resolves at the answer's head. */
function exchange(head: string, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let received = "";
    let closed = false;
    socket.on("error", () => {}); // a reset after the answer is one way of closing
    socket.on("close", () => {
      closed = true;
      reject(new Error(`closed before answering: ${received.slice(0, 120)}`));
    });
    const onData = (chunk: Buffer) => {
      received += chunk.toString("latin1");
      const end = received.indexOf("\r\n\r\n");
      if (end < 0) return;
      socket.off("data", onData);
      const headers = received.slice(0, end).toLowerCase();
      resolve({ status: Number(headers.split(" ")[1]), headers, socket, closed: () => closed });
    };
    socket.on("data", onData);
    socket.write(head);
    if (body !== undefined) socket.write(body);
  });
}

/**
 * Whether what came after the refusal's head holds the next answer's whole head with status 200. The refusal's own
 * body comes first when it did not fit the packet of its head (a page of a few dozen KB), so the next head is looked
 * for after it, not at the start.
 */
const answeredOk = (received: string) => /HTTP\/1\.1 200 [^\r\n]*\r\n(?:[^\r\n]+\r\n)*\r\n/.test(received);

/** What a browser does next on the connection: ask for another page. Resolves with how that went within a second. */
function nextRequestOn(answer: Answer): Promise<"answered" | "closed" | "stuck"> {
  return new Promise((resolve) => {
    if (answer.closed()) return resolve("closed");
    let received = "";
    const timer = setTimeout(() => resolve("stuck"), 1_000);
    answer.socket.on("close", () => {
      clearTimeout(timer);
      resolve(answeredOk(received) ? "answered" : "closed");
    });
    answer.socket.on("data", (chunk: Buffer) => {
      received += chunk.toString("latin1");
      if (answeredOk(received)) {
        clearTimeout(timer);
        resolve("answered");
      }
    });
    answer.socket.write(`GET /signIn HTTP/1.1\r\nHost: ${HOST}\r\n\r\n`, () => {});
  });
}

interface Refusal {
  kind: string;
  path: string;
  headers: Record<string, string>;
  /** The whole body the client means to send; `sent` says how much of it goes out before the answer. */
  bodyBytes: number;
  body?: string;
  /** Statuses it may get: what is refused first depends on what the headers already show. */
  expected: readonly number[];
  /** Whether the refusal can only come once the whole body was read (a cap without a declared length, a field inside). */
  afterReading?: boolean;
}

const PUBLIC_PATHS = ["/signIn", "/restore", "/login"];
const SIGNED_IN_PATHS = ["/dashboard/settings/baggage-averages?index", "/dashboard/preferences", "/dashboard/flights/create"];
const urlencoded = "application/x-www-form-urlencoded";
const multipart = "multipart/form-data; boundary=----abuse";

/** Every way a body is refused, each with the status it must get. */
const refusals: fc.Arbitrary<Refusal> = fc.oneof(
  fc.record({
    kind: fc.constant("declared larger than a form may be"),
    path: fc.constantFrom(...PUBLIC_PATHS, ...SIGNED_IN_PATHS),
    headers: fc.constantFrom<Record<string, string>>({ "Content-Type": urlencoded }, { "Content-Type": multipart }),
    bodyBytes: fc.constantFrom(11 * MB, 50 * MB, 2 ** 31),
    expected: fc.constant([413]),
  }),
  fc.record({
    kind: fc.constant("no form token in the session"),
    path: fc.constantFrom(...PUBLIC_PATHS),
    headers: fc.constantFrom<Record<string, string>>(
      { "Content-Type": urlencoded },
      { "Content-Type": urlencoded, Cookie: `${SESSION_COOKIE_NAME}=forged` },
      { "Content-Type": multipart },
    ),
    bodyBytes: fc.constantFrom(1024, 200 * 1024, 5 * MB),
    // a urlencoded body declared past its 256 KB cap is refused for its size first
    expected: fc.constant([403, 413]),
  }),
  fc.record({
    kind: fc.constant("an upload from a visitor who is not signed in"),
    path: fc.constantFrom(...PUBLIC_PATHS),
    headers: fc.constant({ "Content-Type": multipart, Cookie: "visitor" }),
    bodyBytes: fc.constantFrom(64 * 1024, 5 * MB, 10 * MB),
    expected: fc.constant([403]),
  }),
  fc.record({
    kind: fc.constant("cross-origin"),
    path: fc.constantFrom(...PUBLIC_PATHS, ...SIGNED_IN_PATHS),
    headers: fc.constantFrom<Record<string, string>>(
      { "Content-Type": urlencoded, Origin: "http://su.localhost", Cookie: "manager" },
      { "Content-Type": multipart, Origin: "null", Cookie: "visitor" },
    ),
    bodyBytes: fc.constantFrom(1024, 200 * 1024, 5 * MB),
    expected: fc.constant([403]),
  }),
  fc.record({
    kind: fc.constant("not a form"),
    path: fc.constantFrom(...PUBLIC_PATHS, ...SIGNED_IN_PATHS),
    headers: fc.constantFrom<Record<string, string>>({ "Content-Type": "application/json", Cookie: "manager" }, { "Content-Type": "text/xml" }),
    bodyBytes: fc.constantFrom(1024, 5 * MB),
    expected: fc.constant([415]),
  }),
  fc.record({
    kind: fc.constant("a form past its cap, length not declared"),
    path: fc.constantFrom(...SIGNED_IN_PATHS),
    headers: fc.constant({ "Content-Type": urlencoded, Cookie: "manager", "Transfer-Encoding": "chunked" }),
    bodyBytes: fc.constantFrom(300 * 1024, 2 * MB),
    expected: fc.constant([413]),
    afterReading: fc.constant(true),
  }),
  fc.record({
    kind: fc.constant("a list index past the limit"),
    path: fc.constantFrom(...SIGNED_IN_PATHS),
    headers: fc.constant({ "Content-Type": urlencoded, Cookie: "manager" }),
    bodyBytes: fc.constant(0),
    body: fc.constantFrom("x[999999999]=1", "lines[100000000].a=1", "__intent__=%7B%22type%22%3A%22insert%22%2C%22payload%22%3A%7B%22name%22%3A%22a%22%2C%22index%22%3A100000000%7D%7D"),
    expected: fc.constant([400]),
    afterReading: fc.constant(true),
  }),
);

/** The request head (and what of the body goes out before the answer) for a refusal. */
function requestFor(refusal: Refusal, sentFraction: number): { head: string; body: Buffer | string } {
  // a page behind sign-in is posted to by its signed-in user (anonymous posts there are sent to sign in first)
  const cookieOf = refusal.headers.Cookie ?? (refusal.path.startsWith("/dashboard") ? "manager" : undefined);
  const cookie = cookieOf === "manager" ? managerCookie : cookieOf === "visitor" ? visitorCookie : cookieOf;
  const headers: Record<string, string> = { Host: HOST, ...refusal.headers };
  if (cookie) headers.Cookie = cookie;
  else delete headers.Cookie;
  let body: Buffer | string;
  if (refusal.body !== undefined) {
    body = `csrf=${encodeURIComponent(managerCsrf)}&${refusal.body}`;
    headers["Content-Length"] = String(Buffer.byteLength(body));
  } else {
    const sent = Math.min(Math.round(refusal.bodyBytes * (refusal.afterReading ? 1 : sentFraction)), 12 * MB);
    body = Buffer.alloc(sent, 0x61);
    if (headers["Transfer-Encoding"]) body = `${sent.toString(16)}\r\n${body.toString("latin1")}\r\n0\r\n\r\n`;
    else headers["Content-Length"] = String(refusal.bodyBytes);
  }
  const head = `POST ${refusal.path} HTTP/1.1\r\n${Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join("")}\r\n`;
  return { head, body };
}

test("every refused body is answered 4xx at once, and its connection is closed or answers the next request at once", async () => {
  const cases = fc.sample(fc.tuple(refusals, fc.constantFrom(0, 0.05, 0.5, 1)), { numRuns: Math.max(24, RUNS_PER_ROUTE * 6), seed: SEED });
  const failures: string[] = [];
  for (const [refusal, fraction] of cases) {
    const what = `${refusal.kind}: POST ${refusal.path} ${JSON.stringify(refusal.headers)} ${refusal.bodyBytes} bytes, ${fraction * 100}% sent`;
    const { head, body } = requestFor(refusal, fraction);
    const started = performance.now();
    let answer: Answer;
    try {
      answer = await Promise.race([exchange(head, body), new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no answer")), HANG_MS))]);
    } catch (error) {
      failures.push(`${what}: ${(error as Error).message}`);
      continue;
    }
    const ms = performance.now() - started;
    tally.answered(refusal.kind, ms, answer.status);
    if (!refusal.expected.includes(answer.status)) failures.push(`${what}: ${answer.status}, expected ${refusal.expected.join(" or ")}`);
    const next = await nextRequestOn(answer);
    answer.socket.destroy();
    if (next === "stuck") failures.push(`${what}: the connection stayed open and the next request on it got no answer within 1 s`);
    if (next === "closed" && !answer.headers.includes("connection: close")) failures.push(`${what}: closed without saying so`);
  }
  expect(failures).toEqual([]);
}, 600_000);

/**
 * The attackers' side of the twenty uploads, in a worker thread: an attacker is another machine, so writing its 200 MB
 * must not cost the event loop the probe measures. Answers each upload's status and time to the answer's head.
 */
const UPLOADERS = `
const net = require("node:net");
const { parentPort, workerData: { port, host, count, bytes, contentType } } = require("node:worker_threads");
const upload = Buffer.alloc(bytes, 0x62);
Promise.all(Array.from({ length: count }, () => new Promise((resolve) => {
  const started = performance.now();
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("error", () => {});
  socket.on("close", () => resolve({ status: Number(received.split(" ")[1]) || 0, ms: performance.now() - started }));
  socket.on("data", (chunk) => {
    received += chunk.toString("latin1");
    if (received.includes("\\r\\n\\r\\n")) {
      resolve({ status: Number(received.split(" ")[1]), ms: performance.now() - started });
      socket.destroy();
    }
  });
  socket.write("POST /signIn HTTP/1.1\\r\\nHost: " + host + "\\r\\nContent-Type: " + contentType + "\\r\\nContent-Length: " + bytes + "\\r\\n\\r\\n");
  socket.write(upload);
}))).then((answers) => parentPort.postMessage(answers));
`;

test("twenty parallel anonymous 10 MB uploads are refused unread, the slowest within two seconds", async () => {
  const worker = new Worker(UPLOADERS, { eval: true, workerData: { port, host: HOST, count: 20, bytes: 10 * MB, contentType: multipart } });
  const answers = await new Promise<Array<{ status: number; ms: number }>>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  for (const answer of answers) tally.answered("20 × 10 MB anonymous upload", answer.ms, answer.status);
  expect(answers.map((a) => a.status)).toEqual(Array(20).fill(403));
  // each answer is a page render: twenty at once on two busy cores take up to a second or so (0.47 s measured idle)
  expect(Math.max(...answers.map((a) => a.ms))).toBeLessThan(FREEZE_BOUND_MS);
}, 120_000);

test(`the sign-in page answered within ${PROBE_P99_MS} ms at the 99th percentile throughout`, async () => {
  const seen = await probe.stop();
  console.log(describeProbe(seen));
  expect(seen.count).toBeGreaterThanOrEqual(PROBE_MIN_SAMPLES);
  expect(seen.p99).toBeLessThan(PROBE_P99_MS);
});
