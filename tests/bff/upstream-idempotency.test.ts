/**
 * Issue 12 "double submission", the upstream client's half: with a submitted form's key, every mutating call carries
 * an Idempotency-Key of its own, the same for the same call of the same submission, and a POST or PATCH is sent once
 * more after a broken connection (never after an answer, nor without a key). Against msw through the global fetch.
 */
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formIdempotencyKey } from "~/lib/forms/idempotency-field";
import { createUpstream, type UpstreamOptions } from "~/lib/upstream/client.server";
import { IdempotencyKeys } from "~/lib/upstream/idempotency-keys.server";

const BASE = "http://upstream.test";
const FORM_KEY = "Zm9ybXNlZWQxMjM0:R1a:";
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(formKey: string | null = FORM_KEY, overrides: Partial<UpstreamOptions> = {}) {
  return createUpstream({
    baseUrl: BASE,
    carrier: "s7",
    timeoutMs: 5_000,
    slowMs: 5_000,
    backoffSeconds: 0.001,
    idempotency: formKey ? new IdempotencyKeys(formKey) : undefined,
    ...overrides,
  });
}

/** Every call's method, path and Idempotency-Key (null without one), answered by `answer` (201 `{}` by default). */
function recorder(answer: (n: number) => Response | Promise<Response> = () => HttpResponse.json({}, { status: 201 })) {
  const seen: Array<{ method: string; path: string; key: string | null }> = [];
  server.use(
    http.all(`${BASE}/*`, ({ request }) => {
      seen.push({ method: request.method, path: new URL(request.url).pathname, key: request.headers.get("Idempotency-Key") });
      return answer(seen.length);
    }),
  );
  return seen;
}

describe("the keys of one submission's calls", () => {
  it("every POST, PUT, PATCH and DELETE carries one, each call its own; a GET none", async () => {
    const seen = recorder();
    const upstream = client();
    await upstream.get("api/v3/things");
    await upstream.post("api/v3/things", { json: { a: 1 } });
    await upstream.post("api/v3/things", { json: { a: 2 } });
    await upstream.patch("api/v3/things/1", { json: { a: 3 } });
    await upstream.put("api/v3/things/1", { json: { a: 4 } });
    await upstream.delete("api/v3/things/1");
    expect(seen[0]!.key).toBeNull();
    const keys = seen.slice(1).map((s) => s.key!);
    for (const key of keys) {
      expect(key.startsWith(`${FORM_KEY}:`)).toBe(true);
      expect(key).toMatch(/^[\x20-\x7e]{8,100}$/);
    }
    expect(new Set(keys).size).toBe(5);
  });

  it("the same submission sent again gives each call the same key as the first time, even when a token renewal came first", async () => {
    const seen = recorder();
    const first = client();
    await first.post("api/v3/air_waybills", { json: { x: 1 } });
    await first.post("api/v3/air_waybills/421-1/book", { json: { y: 1 } });
    // the repeat renews its token first: another POST before the same two calls
    const repeat = client();
    await repeat.post("oauth/token", { form: { grant_type: "refresh_token" } });
    await repeat.post("api/v3/air_waybills", { json: { x: 1 } });
    await repeat.post("api/v3/air_waybills/421-1/book", { json: { y: 1 } });
    expect(seen[3]!.key).toBe(seen[0]!.key);
    expect(seen[4]!.key).toBe(seen[1]!.key);
  });

  it("another form's submission gives other keys; without a form key no call carries one", async () => {
    const seen = recorder();
    await client("Zm9ybXNlZWQxMjM0:R1a:").post("api/v3/things");
    await client("b3RoZXJzZWVkNTY3:R1a:").post("api/v3/things");
    await client(null).post("api/v3/things");
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
    expect(seen[2]!.key).toBeNull();
  });

  it("calls started together get their keys in the order they were made", async () => {
    const seen = recorder(async () => (await delay(5), HttpResponse.json({}, { status: 201 })));
    const twice = async () => {
      const upstream = client();
      await Promise.all([1, 2, 3].map((n) => upstream.post("api/v3/things", { json: { n } })));
    };
    await twice();
    const firstKeys = seen.map((s) => s.key);
    seen.length = 0;
    await twice();
    expect(seen.map((s) => s.key).sort()).toEqual([...firstKeys].sort());
    expect(new Set(firstKeys).size).toBe(3);
  });

  it("a client derived for the signed-in user continues the same count", async () => {
    const seen = recorder();
    const upstream = client();
    await upstream.post("api/v3/things");
    await upstream.with({ authorization: "Bearer t" }).post("api/v3/things");
    expect(seen[0]!.key).not.toBe(seen[1]!.key);
  });
});

describe("a broken connection", () => {
  it("a POST with its key is sent once more, with the same key, and succeeds", async () => {
    const seen = recorder((n) => (n === 1 ? HttpResponse.error() : HttpResponse.json({ id: 7 }, { status: 201 })));
    const result = await client().post("api/v3/air_waybills", { json: { a: 1 } });
    expect(result).toMatchObject({ ok: true, status: 201, data: { id: 7 } });
    expect(seen).toHaveLength(2);
    expect(seen[1]!.key).toBe(seen[0]!.key);
  });

  it("a PATCH likewise; a second break ends as Network after two tries", async () => {
    const seen = recorder(() => HttpResponse.error());
    expect(await client().patch("api/v3/things/1", { json: {} })).toMatchObject({ ok: false, code: "Network" });
    expect(seen).toHaveLength(2);
  });

  it("a POST without a key is never sent twice", async () => {
    const seen = recorder(() => HttpResponse.error());
    expect(await client(null).post("api/v3/things", { json: {} })).toMatchObject({ ok: false, code: "Network" });
    expect(seen).toHaveLength(1);
  });

  it("an answer is never repeated for a POST, a 5xx included", async () => {
    const seen = recorder(() => HttpResponse.json({ error: "Internal Server Error" }, { status: 503 }));
    expect(await client().post("api/v3/things", { json: {} })).toMatchObject({ ok: false, status: 503 });
    expect(seen).toHaveLength(1);
  });

  it("a timed-out POST is not sent again (it may still be running)", async () => {
    const seen = recorder(async () => (await delay(300), HttpResponse.json({}, { status: 201 })));
    expect(await client(FORM_KEY, { timeoutMs: 50 }).post("api/v3/things", { json: {} })).toMatchObject({ ok: false, code: "Timeout" });
    expect(seen).toHaveLength(1);
  });

  it("a PUT's retries (on a 503 too, as before) all carry the first try's key", async () => {
    const seen = recorder((n) => (n < 3 ? HttpResponse.json({ error: "busy" }, { status: 503 }) : HttpResponse.json({}, { status: 200 })));
    expect((await client().put("api/v3/things/1", { json: {} })).ok).toBe(true);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map((s) => s.key)).size).toBe(1);
  });
});

describe("the API's answers about keys", () => {
  it("409 request_in_progress is InProgress (translated as errors:InProgress); another 409 stays Undefined", async () => {
    recorder((n) =>
      n === 1
        ? HttpResponse.json({ error: "request_in_progress", error_description: "still running" }, { status: 409 })
        : HttpResponse.json({ error: "conflict" }, { status: 409 }),
    );
    expect(await client().post("api/v3/things")).toMatchObject({ ok: false, status: 409, code: "InProgress" });
    expect(await client().post("api/v3/things")).toMatchObject({ ok: false, status: 409, code: "Undefined" });
  });

  it("422 idempotency_key_reused (the key came back with other content) sends the call once more under a fresh key", async () => {
    const seen = recorder((n) =>
      n === 1 ? HttpResponse.json({ error: "idempotency_key_reused", error_description: "used by another request" }, { status: 422 }) : HttpResponse.json({ id: 7 }, { status: 201 }),
    );
    expect(await client().post("api/v3/things", { json: { a: 1 } })).toMatchObject({ ok: true, status: 201, data: { id: 7 } });
    expect(seen).toHaveLength(2);
    expect(seen[0]!.key!.startsWith(`${FORM_KEY}:`)).toBe(true);
    expect(seen[1]!.key).not.toBe(seen[0]!.key);
    expect(seen[1]!.key).toMatch(/^[\x20-\x7e]{8,100}$/);
  });

  it("only once: a second refusal of the fresh key is the answer; any other 422 is never resent", async () => {
    const reused = recorder(() => HttpResponse.json({ error: "idempotency_key_reused" }, { status: 422 }));
    expect(await client().post("api/v3/things", { json: { a: 1 } })).toMatchObject({ ok: false, status: 422 });
    expect(reused).toHaveLength(2);
    server.resetHandlers();
    const invalid = recorder(() => HttpResponse.json({ errors: { weight: ["must be positive"] } }, { status: 422 }));
    expect(await client().post("api/v3/things", { json: { a: 1 } })).toMatchObject({ ok: false, status: 422 });
    expect(invalid).toHaveLength(1);
  });
});

describe("the form's field", () => {
  it.each([
    ["a seed and a useId", "Zm9ybXNlZWQxMjM0:R1a:", true],
    ["8 characters", "12345678", true],
    ["64 characters", "k".repeat(64), true],
    ["7 characters", "1234567", false],
    ["65 characters", "k".repeat(65), false],
    ["a space", "has a space", false],
    ["non-ASCII", "ключключключ", false],
    ["empty", "", false],
  ])("with %s (%s): used %s", (_label, value, used) => {
    expect(formIdempotencyKey(value)).toBe(used ? value : undefined);
  });
});
