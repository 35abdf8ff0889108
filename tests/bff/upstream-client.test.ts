/**
 * The upstream client (DESIGN §2.5, spec 3 §7 "Common behaviour") and the error normalisation
 * (spec 3 §8), against a fake base URL served by msw through the global fetch.
 */
import { delay, http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createUpstream, type UpstreamOptions } from "~/lib/upstream/client.server";
import { defaultCode, extractMessages, mapCodes } from "~/lib/upstream/errors";
import { changePassword, passwordGrant } from "~/lib/upstream/auth.server";
import { createUserProfile, updateUserProfile } from "~/lib/upstream/user-profiles.server";
import { getProfile } from "~/lib/upstream/profile.server";
import { FREEZE_BOUND_MS } from "../freeze-bound";

const BASE = "http://upstream.test";
const server = setupServer();

beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function client(overrides: Partial<UpstreamOptions> = {}) {
  return createUpstream({ baseUrl: BASE, carrier: "s7", timeoutMs: 5_000, slowMs: 5_000, backoffSeconds: 0.001, ...overrides });
}

/** A handler answering the listed statuses in turn (the last one repeats), recording when each call came. */
function sequence(method: "get" | "post" | "put" | "patch" | "delete", path: string, statuses: number[]) {
  const calls: number[] = [];
  server.use(
    http[method](`${BASE}/${path}`, () => {
      const status = statuses[Math.min(calls.length, statuses.length - 1)]!;
      calls.push(performance.now());
      return status >= 400 ? HttpResponse.json({ error: `status ${status}` }, { status }) : HttpResponse.json({ ok: true }, { status });
    }),
  );
  return calls;
}

describe("retry policy", () => {
  it("retries a GET on 503 twice with the default 0.3 s · 2^(n−1) backoff, then succeeds", async () => {
    const calls = sequence("get", "api/v3/things", [503, 503, 200]);
    // the pauses asked for, exactly: timing them on a shared CI machine measured its load (a 3.66 ratio for 2)
    const pauses: number[] = [];
    const result = await client({ backoffSeconds: undefined, pause: async (ms) => void pauses.push(ms) }).get("api/v3/things");
    expect(result).toMatchObject({ ok: true, status: 200, data: { ok: true } });
    expect(calls).toHaveLength(3);
    expect(pauses).toEqual([300, 600]);
  });

  it("doubles the pause with a scaled base too, and really waits it", async () => {
    const pauses: number[] = [];
    sequence("get", "api/v3/things", [502, 504, 200]);
    expect((await client({ backoffSeconds: 0.05, pause: async (ms) => void pauses.push(ms) }).get("api/v3/things")).ok).toBe(true);
    expect(pauses).toEqual([50, 100]);
    // the real pause: a timer never fires early, so each gap is at least the pause (no upper bound: load only adds)
    const calls = sequence("get", "api/v3/things", [502, 504, 200]);
    expect((await client({ backoffSeconds: 0.05 }).get("api/v3/things")).ok).toBe(true);
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(49);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(99);
  });

  it("gives up after three 503 answers: Network (the service unavailable) with status 503", async () => {
    const calls = sequence("get", "api/v3/things", [503]);
    const result = await client().get("api/v3/things");
    expect(calls).toHaveLength(3);
    expect(result).toMatchObject({ ok: false, code: "Network", status: 503, messages: ["status 503"] });
  });

  it.each([408, 413, 429, 500, 502, 503, 504])("retries a GET on %i", async (status) => {
    const calls = sequence("get", "api/v3/things", [status, 200]);
    expect((await client().get("api/v3/things")).ok).toBe(true);
    expect(calls).toHaveLength(2);
  });

  it.each([400, 401, 403, 404, 409, 422, 501])("does not retry a GET on %i", async (status) => {
    const calls = sequence("get", "api/v3/things", [status, 200]);
    const result = await client().get("api/v3/things");
    expect(result).toMatchObject({ ok: false, status });
    expect(calls).toHaveLength(1);
  });

  it("sends a POST exactly once on 503", async () => {
    const calls = sequence("post", "api/v3/things", [503, 200]);
    const result = await client().post("api/v3/things", { json: { a: 1 } });
    expect(result).toMatchObject({ ok: false, code: "Network", status: 503 });
    expect(calls).toHaveLength(1);
  });

  it("never retries a PATCH", async () => {
    const calls = sequence("patch", "api/v3/things/1", [503, 200]);
    const result = await client().patch("api/v3/things/1", { json: { a: 1 } });
    expect(result).toMatchObject({ ok: false, status: 503 });
    expect(calls).toHaveLength(1);
  });

  it("retries a PUT and a DELETE", async () => {
    const puts = sequence("put", "api/v3/things/1", [500, 502, 200]);
    expect((await client().put("api/v3/things/1", { json: { a: 1 } })).ok).toBe(true);
    expect(puts).toHaveLength(3);
    const deletes = sequence("delete", "api/v3/things/1", [429, 204]);
    expect(await client().delete("api/v3/things/1")).toMatchObject({ ok: true, status: 204, data: null });
    expect(deletes).toHaveLength(2);
  });

  it("a network error on every try ends as Network after the last retry", async () => {
    let calls = 0;
    server.use(http.get(`${BASE}/api/v3/things`, () => (calls++, HttpResponse.error())));
    expect(await client().get("api/v3/things")).toMatchObject({ ok: false, code: "Network", status: 0 });
    expect(calls).toBe(3);
  });

  it("a network error that heals is retried to success; a POST's is not retried", async () => {
    let calls = 0;
    server.use(http.get(`${BASE}/api/v3/things`, () => (++calls < 3 ? HttpResponse.error() : HttpResponse.json([1]))));
    expect(await client().get("api/v3/things")).toMatchObject({ ok: true, data: [1] });
    expect(calls).toBe(3);
    let posts = 0;
    server.use(http.post(`${BASE}/api/v3/things`, () => (posts++, HttpResponse.error())));
    expect(await client().post("api/v3/things")).toMatchObject({ ok: false, code: "Network" });
    expect(posts).toBe(1);
  });

  /** GET api/v3/slow answers `body` after `ms`; the calls made to it are counted. */
  function slowAnswer(ms: number, body: object): { calls: number } {
    const seen = { calls: 0 };
    server.use(
      http.get(`${BASE}/api/v3/slow`, async () => {
        seen.calls++;
        await delay(ms);
        return HttpResponse.json(body);
      }),
    );
    return seen;
  }

  it("an answer slower than the timeout is Timeout", async () => {
    const slow = slowAnswer(10_000, { late: true });
    const started = performance.now();
    const result = await client({ timeoutMs: 80 }).get("api/v3/slow");
    expect(result).toMatchObject({ ok: false, code: "Timeout", status: 0 });
    expect(slow.calls).toBe(3); // a GET is tried three times
    expect(performance.now() - started).toBeLessThan(FREEZE_BOUND_MS); // not the answer's 10 s
  });

  it("the browser leaving aborts the call instead of retrying it", async () => {
    const slow = slowAnswer(2_000, {});
    const leaving = new AbortController();
    setTimeout(() => leaving.abort(new Error("client went away")), 50);
    await expect(client({ signal: leaving.signal }).get("api/v3/slow")).rejects.toThrow();
    expect(slow.calls).toBe(1);
  });
});

describe("requests", () => {
  it("sends array query params bracketed, drops empty ones, and the JSON body", async () => {
    let seen: Request | undefined;
    let body: unknown;
    server.use(
      http.post(`${BASE}/api/v3/bookings`, async ({ request }) => {
        seen = request;
        body = await request.json();
        return HttpResponse.json({ id: 1 }, { status: 201 });
      }),
    );
    const result = await client().post("api/v3/bookings", {
      query: { shcs: ["DGR", "PER"], page: 2, q: "", missing: undefined, none: null },
      json: { booking: { pieces: 3 } },
    });
    expect(result).toMatchObject({ ok: true, status: 201, data: { id: 1 } });
    const url = new URL(seen!.url);
    expect(url.searchParams.getAll("shcs[]")).toEqual(["DGR", "PER"]);
    expect(url.search).toBe("?shcs%5B%5D=DGR&shcs%5B%5D=PER&page=2");
    expect(seen!.headers.get("content-type")).toBe("application/json");
    expect(seen!.headers.get("accept")).toBe("application/json");
    expect(body).toEqual({ booking: { pieces: 3 } });
  });

  it("sends the carrier header on a tenant and none on the default tenant, with the Authorization", async () => {
    const seen: Headers[] = [];
    server.use(http.get(`${BASE}/api/v3/profiles/me`, ({ request }) => (seen.push(request.headers), HttpResponse.json({}))));
    await client({ carrier: "s7", authorization: "Bearer abc" }).get("api/v3/profiles/me");
    await client({ carrier: null, authorization: "Bearer def" }).get("api/v3/profiles/me");
    expect(seen[0]!.get("carrier")).toBe("s7");
    expect(seen[0]!.get("authorization")).toBe("Bearer abc");
    expect(seen[1]!.has("carrier")).toBe(false);
    expect(seen[1]!.get("authorization")).toBe("Bearer def");
  });

  it("handles redirects manually: a 302 comes back, its target is never requested", async () => {
    let followed = 0;
    server.use(
      http.get(`${BASE}/api/v3/moved`, () => new HttpResponse(null, { status: 302, headers: { Location: `${BASE}/api/v3/elsewhere` } })),
      http.get(`${BASE}/api/v3/elsewhere`, () => (followed++, HttpResponse.json({ followed: true }))),
    );
    const result = await client().get("api/v3/moved");
    expect(result).toMatchObject({ ok: false, status: 302 });
    expect(followed).toBe(0);
  });

  it("calls onSlow once when an answer takes longer than slowMs, never for quick ones", async () => {
    server.use(
      http.get(`${BASE}/api/v3/slow`, async () => (await delay(120), HttpResponse.json({}))),
      http.get(`${BASE}/api/v3/quick`, () => HttpResponse.json({})),
    );
    const onSlow = vi.fn();
    const api = client({ slowMs: 60, onSlow });
    await api.get("api/v3/quick");
    expect(onSlow).not.toHaveBeenCalled();
    await api.get("api/v3/slow");
    expect(onSlow).toHaveBeenCalledTimes(1);
    await api.get("api/v3/slow");
    expect(onSlow).toHaveBeenCalledTimes(1); // one notice per request, not per call
  });

  it("validates answers with the schema: a wrong shape is Undefined, not a crash", async () => {
    server.use(http.get(`${BASE}/api/v3/profiles/me`, () => HttpResponse.json({ id: 1 })));
    const result = await getProfile(client());
    expect(result).toMatchObject({ ok: false, code: "Undefined", status: 200 });
    expect(result.ok ? [] : result.messages[0]).toMatch(/email/);
  });
});

describe("error normalisation", () => {
  it("extracts messages from error, error_description, message, an errors list and an errors map", () => {
    expect(extractMessages({ error: "invalid_grant", error_description: "Invalid email or password." }).messages).toEqual([
      "Invalid email or password.",
      "invalid_grant",
    ]);
    expect(extractMessages({ message: "Record Not Found" }).messages).toEqual(["Record Not Found"]);
    expect(extractMessages({ errors: ["a", "b"] }).messages).toEqual(["a", "b"]);
    expect(extractMessages({ errors: [{ code: 1 }] }).messages).toEqual(['{"code":1}']);
    const map = extractMessages({ errors: { email: ["has already been taken"], role: "is invalid" } });
    expect(map.messages).toEqual(["email has already been taken", "role is invalid"]);
    expect(map.fieldErrors).toEqual({ email: ["has already been taken"], role: ["is invalid"] });
    expect(extractMessages("  plain text  ").messages).toEqual(["plain text"]);
    expect(extractMessages(null)).toEqual({ messages: [], fieldErrors: {} });
  });

  it("maps statuses: 404 NotFound, 401 Unauthorized, 403 Forbidden, 429 TooManyAttempts, 502/503 Network, 504 Timeout, others Undefined", () => {
    expect(defaultCode(404, null)).toBe("NotFound");
    expect(defaultCode(401, null)).toBe("Unauthorized");
    expect(defaultCode(403, null)).toBe("Forbidden");
    expect(defaultCode(429, null)).toBe("TooManyAttempts");
    // the API's database restarting, or a load balancer with no API behind it: unavailable for now, not a defect
    expect(defaultCode(503, { error: "service_unavailable" })).toBe("Network");
    expect(defaultCode(502, "<html>Bad Gateway</html>")).toBe("Network");
    expect(defaultCode(504, null)).toBe("Timeout");
    expect(defaultCode(500, { error: "boom" })).toBe("Undefined");
    expect(defaultCode(422, { errors: ["x"] })).toBe("Undefined");
    expect(defaultCode(400, { error: "invalid_grant" })).toBe("IncorrectLoginOrPassword");
    expect(defaultCode(400, { error: "access_denied" })).toBe("AccessDenied");
  });

  it("normalises wire answers: 404 NotFound with messages, a JSON errors map with field errors, a text body", async () => {
    server.use(
      http.get(`${BASE}/api/v3/gone`, () => HttpResponse.json({ error: "Record Not Found", code: "record_not_found", params: {} }, { status: 404 })),
      http.post(`${BASE}/api/v3/allotments`, () =>
        HttpResponse.json({ errors: { forwarder_short_name: ["must exist"] }, error_codes: { forwarder_short_name: [{ code: "must_exist", params: {} }] } }, { status: 422 }),
      ),
      http.get(`${BASE}/api/v3/teapot`, () => HttpResponse.text("I'm a teapot", { status: 418 })),
    );
    expect(await client().get("api/v3/gone")).toEqual({
      ok: false,
      code: "NotFound",
      status: 404,
      messages: ["Record Not Found"],
      fieldErrors: {},
      refusal: { code: "record_not_found", params: {}, message: "Record Not Found" },
      fieldRefusals: {},
      availableUrls: undefined,
      body: { error: "Record Not Found", code: "record_not_found", params: {} },
    });
    const allotment = await client().post("api/v3/allotments", {
      errors: mapCodes([
        [422, "taken", "Exists"],
        [422, "must_exist", "EmptyFields"],
      ]),
    });
    expect(allotment).toMatchObject({
      ok: false,
      code: "EmptyFields",
      fieldErrors: { forwarder_short_name: ["must exist"] },
      fieldRefusals: { forwarder_short_name: [{ code: "must_exist", params: {}, message: "must exist" }] },
    });
    expect(await client().get("api/v3/teapot")).toMatchObject({ ok: false, code: "Undefined", status: 418, messages: ["I'm a teapot"] });
  });

  it("a 403 carries its available_urls", async () => {
    server.use(
      http.get(`${BASE}/api/v3/air_waybills`, () =>
        HttpResponse.json({ error: "Forbidden", available_urls: ["/dashboard/profile", "/dashboard/flights"] }, { status: 403 }),
      ),
    );
    expect(await client().get("api/v3/air_waybills")).toMatchObject({
      ok: false,
      code: "Forbidden",
      availableUrls: ["/dashboard/profile", "/dashboard/flights"],
    });
  });

  it("sign-in invalid_grant is IncorrectLoginOrPassword", async () => {
    server.use(
      http.post(`${BASE}/oauth/token`, () =>
        HttpResponse.json({ error: "invalid_grant", error_description: "Invalid email or password." }, { status: 400 }),
      ),
    );
    const result = await passwordGrant(client(), { email: "a@b.c", password: "wrongwrong", rememberMe: false });
    expect(result).toMatchObject({ ok: false, code: "IncorrectLoginOrPassword", status: 400 });
  });

  // user profiles: user_profile_exists is Exists and must_be_system_user is EmptyFields, on create and update; by code,
  // whatever the sentence says
  it.each([
    { call: "create", refused: "user_profile_exists", code: "Exists" },
    { call: "update", refused: "must_be_system_user", code: "EmptyFields" },
    { call: "create", refused: "must_be_system_user", code: "EmptyFields" },
    { call: "update", refused: "something_else", code: "Undefined" },
  ] as const)("user profiles: $call answered 422 $refused is $code", async ({ call, refused, code }) => {
    const input = { email: "x@y.z", description: "", role: "manager" as const, blocked: false, stations_allowed: [], stations_denied: [] };
    const refusal = () => HttpResponse.json({ errors: ["Ein Satz, den niemand liest"], code: refused, params: {} }, { status: 422 });
    server.use(http.post(`${BASE}/api/v3/companies/7/user_profiles`, refusal), http.patch(`${BASE}/api/v3/companies/7/user_profiles/3`, refusal));
    const result = call === "create" ? await createUserProfile(client(), 7, input) : await updateUserProfile(client(), 7, 3, input);
    expect(result).toMatchObject({ ok: false, code });
  });

  it.each([
    [{ errors: { password_confirmation: ["doesn't match Password"] }, error_codes: { password_confirmation: [{ code: "password_confirmation", params: {} }] } }, "ConfirmationNotMatch"],
    [{ errors: { password: ["is too short (minimum is 8 characters)"] }, error_codes: { password: [{ code: "too_short", params: { min: 8 } }] } }, "PasswordTooShort"],
    [{ errors: { reset_password_token: ["is invalid"] }, error_codes: { reset_password_token: [{ code: "reset_token_invalid", params: {} }] } }, "TokenInvalid"],
    [{ errors: { password: ["can't be blank"] }, error_codes: { password: [{ code: "blank", params: {} }] } }, "Undefined"],
    [{ errors: { password: ["is too long (maximum is 128 characters)"] }, error_codes: { password: [{ code: "too_long", params: { max: 128 } }] } }, "Undefined"],
  ] as const)("password change 422 %j is %s", async (answer, code) => {
    server.use(http.put(`${BASE}/api/v2/users/password`, () => HttpResponse.json(answer, { status: 422 })));
    const result = await changePassword(client(), { token: "t", password: "p", confirmation: "q" });
    expect(result).toMatchObject({ ok: false, code, status: 422 });
  });
});
