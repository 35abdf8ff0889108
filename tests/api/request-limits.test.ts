import net, { type AddressInfo } from "node:net";
import type { InjectOptions } from "fastify";
import { describe, expect, it } from "vitest";
import { authHeaders, useTestApi } from "./helpers";
import { FREEZE_BOUND_MS } from "../freeze-bound";

// Issue 8 §2: no request body or query, signed in or not, may cost the API more than a moment. Each over-limit
// request answers 4xx with a message within a generous bound (a 2-core CI machine shared with other test files;
// the answers measured here take a few ms to ~100 ms), and the answer does not echo the request back at size.

const { t, accounts } = useTestApi({ signIn: ["s7Manager"] });

const QUICK_MS = FREEZE_BOUND_MS;

async function timedInject(opts: InjectOptions) {
  const started = performance.now();
  const res = await t.app.inject(opts);
  return { res, ms: performance.now() - started };
}

function expectQuickRefusal({ res, ms }: Awaited<ReturnType<typeof timedInject>>, statuses: number[]) {
  expect(statuses).toContain(res.statusCode);
  expect(ms).toBeLessThan(QUICK_MS);
  const body = res.json();
  expect(body.error ?? body.errors ?? body.message).toBeTruthy();
  // Nothing echoed back at size: at most 20 fields, each with up to 3 sentences and their codes.
  expect(res.body.length).toBeLessThan(4_000);
}

describe("JSON bodies", () => {
  it("refuses a body over 1 MiB with 413 before parsing it", async () => {
    const payload = JSON.stringify({ grant_type: "password", username: "x".repeat(1024 * 1024), password: "p" });
    expectQuickRefusal(await timedInject({ method: "POST", url: "/oauth/token", headers: { "content-type": "application/json" }, payload }), [413]);
  });

  it("answers a 100 000-deep array quickly with 4xx", async () => {
    const payload = "[".repeat(100_000) + "]".repeat(100_000);
    expectQuickRefusal(await timedInject({ method: "POST", url: "/oauth/token", headers: { "content-type": "application/json" }, payload }), [400, 422]);
    const signedIn = await timedInject({
      method: "POST",
      url: "/api/v3/baggage_stats",
      headers: { ...authHeaders(accounts.s7Manager, "s7"), "content-type": "application/json" },
      payload: `{"baggage_stat":${payload}}`,
    });
    expectQuickRefusal(signedIn, [400, 422]);
  });

  it("answers a deep body that names __proto__ quickly with 4xx (the poisoning scan must not recurse into a stack overflow)", async () => {
    const payload = '{"__proto__":{"x":1},"a":' + "[".repeat(100_000) + "]".repeat(100_000) + "}";
    expectQuickRefusal(await timedInject({ method: "POST", url: "/oauth/token", headers: { "content-type": "application/json" }, payload }), [400, 422]);
  });

  it("answers a wide array of half a million items quickly with 4xx", async () => {
    const payload = `{"baggage_stat":[${new Array(500_000).fill(0).join(",")}]}`;
    expect(payload.length).toBeLessThan(1024 * 1024);
    const res = await timedInject({
      method: "POST",
      url: "/api/v3/baggage_stats",
      headers: { ...authHeaders(accounts.s7Manager, "s7"), "content-type": "application/json" },
      payload,
    });
    expectQuickRefusal(res, [400, 422]);
  });
});

describe("error answers", () => {
  it("50 000 wrong codes in one list field: 422 naming the field, a few messages, not 50 000", async () => {
    const res = await timedInject({
      method: "POST",
      url: "/api/v3/agreements",
      headers: { ...authHeaders(accounts.s7Manager, "s7"), "content-type": "application/json" },
      payload: { agreement: { sales_origins: new Array(50_000).fill(1) }, sales_origins: new Array(50_000).fill(1) },
    });
    expectQuickRefusal(res, [422]);
    const errors = res.res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).length).toBeLessThanOrEqual(20);
    for (const messages of Object.values(errors)) expect(messages.length).toBeLessThanOrEqual(3);
  });
});

describe("form bodies", () => {
  it("a huge array index is a plain field name, not a huge array", async () => {
    const res = await timedInject({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "grant_type=password&x[999999999]=1&contacts[999999999].name=x",
    });
    expectQuickRefusal(res, [400]);
    expect(res.res.json()).toMatchObject({ error: "invalid_request" });
  });

  it("refuses a form body over 64 KiB (tens of thousands of fields) with 413", async () => {
    const payload = Array.from({ length: 20_000 }, (_, i) => `f${i}=1`).join("&");
    expect(payload.length).toBeGreaterThan(64 * 1024);
    expectQuickRefusal(
      await timedInject({ method: "POST", url: "/oauth/token", headers: { "content-type": "application/x-www-form-urlencoded" }, payload }),
      [413],
    );
  });

  it("still signs in with an ordinary form body", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/x-www-form-urlencoded", carrier: "s7" },
      payload: "grant_type=password&username=s7.manager%40cargodesk.test&password=cargodesk-demo",
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("query strings", () => {
  it("a huge array index in a query is a plain parameter name", async () => {
    const res = await timedInject({ method: "GET", url: "/api/v3/airports?x[999999999]=1&q[999999999]=OVB", headers: authHeaders(accounts.s7Manager, "s7") });
    expect(res.ms).toBeLessThan(QUICK_MS);
    expect(res.res.statusCode).toBeLessThan(500);
  });

  it("refuses a repeated parameter with more than 500 values", async () => {
    const url = `/api/v3/airports?${Array.from({ length: 501 }, () => "codes[]=OVB").join("&")}`;
    const res = await timedInject({ method: "GET", url, headers: authHeaders(accounts.s7Manager, "s7") });
    expectQuickRefusal(res, [400]);
    expect(res.res.json().errors).toEqual({ "codes[]": ["at most 500 values"] });
    const fine = await t.app.inject({ method: "GET", url: `/api/v3/airports?${Array.from({ length: 500 }, () => "codes[]=OVB").join("&")}`, headers: authHeaders(accounts.s7Manager, "s7") });
    expect(fine.statusCode).toBe(200);
  });

  it("over HTTP, a query of 10 000 parameters is refused by the server's header limit before any parsing", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const query = Array.from({ length: 10_000 }, (_, i) => `p${i}=1`).join("&");
    const started = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}/api/v3/airports?${query}`, { headers: authHeaders(accounts.s7Manager, "s7") });
    expect([414, 431]).toContain(res.status);
    expect(performance.now() - started).toBeLessThan(QUICK_MS);
  });
});

describe("the connection a refused body came on (issue 21 §5)", () => {
  async function listening(): Promise<number> {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: "127.0.0.1" });
    return (t.app.server.address() as AddressInfo).port;
  }

  /** Sends a head declaring `declared` bytes and the first 64 KiB of them; resolves with the answer's head and whether the API then closed. */
  async function partlySent(path: string, headers: Record<string, string>, declared: number) {
    const port = await listening();
    return new Promise<{ head: string; closed: boolean }>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      let received = "";
      let timer: NodeJS.Timeout | undefined;
      const noAnswer = setTimeout(() => {
        socket.destroy();
        resolve({ head: "(no answer within 5 s: the API waits for the rest of the body)", closed: false });
      }, 5_000);
      socket.on("error", () => {});
      socket.on("data", (chunk) => {
        received += chunk.toString("latin1");
        if (!timer && received.includes("\r\n\r\n")) clearTimeout(noAnswer);
        if (!timer && received.includes("\r\n\r\n")) timer = setTimeout(() => resolve({ head: received, closed: false }), 2_000);
      });
      socket.on("close", () => {
        clearTimeout(timer);
        clearTimeout(noAnswer);
        resolve({ head: received, closed: true });
      });
      const lines = Object.entries({ Host: "127.0.0.1", "Content-Length": String(declared), ...headers }).map(([k, v]) => `${k}: ${v}\r\n`);
      socket.write(`POST ${path} HTTP/1.1\r\n${lines.join("")}\r\n`);
      socket.write(Buffer.alloc(64 * 1024, 0x61));
    });
  }

  it("is closed after every answer sent before the body was read: too large, unauthenticated, unknown route, wrong type", async () => {
    const auth = authHeaders(accounts.s7Manager, "s7");
    const cases: Array<[string, string, Record<string, string>, number]> = [
      ["413 JSON past 1 MiB", "/api/v3/air_waybills", { ...auth, "Content-Type": "application/json" }, 50 * 1024 * 1024],
      ["401 without a token", "/api/v3/air_waybills", { "Content-Type": "application/json" }, 512 * 1024],
      ["404 unknown route", "/api/v2/no_such_thing", { ...auth, "Content-Type": "application/json" }, 512 * 1024],
      ["a multipart body where none is taken", "/api/v3/air_waybills", { ...auth, "Content-Type": "multipart/form-data; boundary=x" }, 50 * 1024 * 1024],
    ];
    for (const [name, path, headers, declared] of cases) {
      const { head, closed } = await partlySent(path, headers, declared);
      expect(head, name).toMatch(/^HTTP\/1\.1 4\d\d /);
      expect(head.toLowerCase(), name).toContain("connection: close");
      expect(closed, name).toBe(true);
    }
  });
});
