import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userProfiles, users } from "../../api/db/schema";
import { authHeaders, oauthError, DEMO_PASSWORD, makeTestApi, signIn, type TestApi } from "./helpers";

/** The secret the BFF and this API share; only with it does the forwarded client address count. */
const CLIENT_ADDRESS_SECRET = "test-client-address-secret-0123456789abcdef";

let t: TestApi;
beforeAll(async () => {
  t = await makeTestApi({
    config: { LOGIN_RATE_LIMIT: 3, LOGIN_ADDRESS_RATE_LIMIT: 5, LOGIN_RATE_WINDOW: 600, CLIENT_ADDRESS_SECRET },
  });
});
afterAll(() => t?.close());

const passwordGrant = (
  body: Record<string, unknown>,
  opts: { carrier?: string; ip?: string; forwardedFor?: string; secret?: string } = {},
) =>
  t.app.inject({
    method: "POST",
    url: "/oauth/token",
    headers: {
      ...(opts.carrier ? { carrier: opts.carrier } : {}),
      ...(opts.forwardedFor
        ? { "x-cargo-client-address": opts.forwardedFor, "x-cargo-client-secret": opts.secret ?? CLIENT_ADDRESS_SECRET }
        : {}),
    },
    remoteAddress: opts.ip,
    payload: { grant_type: "password", ...body },
  });

describe("POST /oauth/token, password grant", () => {
  it("answers the token pair for good credentials (JSON body)", async () => {
    const res = await passwordGrant({ username: "s7.manager@cargodesk.test", password: DEMO_PASSWORD }, { carrier: "s7" });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: 7200,
      scope: "public",
      email: "s7.manager@cargodesk.test",
      created_at: Math.floor(t.clock().getTime() / 1000),
    });
    expect(body.access_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.refresh_token).not.toBe(body.access_token);
    const me = await t.app.inject({ method: "GET", url: "/api/v3/profiles/me", headers: authHeaders(body.access_token, "s7") });
    expect(me.json().email).toBe("s7.manager@cargodesk.test");
  });

  it("accepts an application/x-www-form-urlencoded body and a differently-cased e-mail", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `grant_type=password&username=${encodeURIComponent("Platform@CargoDesk.test")}&password=${DEMO_PASSWORD}&remember_me=true`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("platform@cargodesk.test");
  });

  it("refuses a wrong password and an unknown e-mail with invalid_grant", async () => {
    const wrong = await passwordGrant({ username: "su.manager@cargodesk.test", password: "not-the-password" }, { ip: "10.0.0.1" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: "invalid_grant" });
    expect(wrong.json().error_description).toBeTypeOf("string");
    const unknown = await passwordGrant({ username: "nobody@cargodesk.test", password: DEMO_PASSWORD }, { ip: "10.0.0.1" });
    expect(unknown.statusCode).toBe(400);
    // Same answer for both, so the call does not tell which e-mails exist.
    expect(unknown.json()).toEqual(wrong.json());
  });

  it("refuses missing parameters and unknown grant types", async () => {
    const noPassword = await passwordGrant({ username: "su.manager@cargodesk.test" });
    expect(oauthError(noPassword)).toEqual({ status: 400, error: "invalid_request" });
    const other = await t.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "client_credentials" } });
    expect(oauthError(other)).toEqual({ status: 400, error: "unsupported_grant_type" });
  });

  it("refuses a user whose only profile is blocked", async () => {
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "visitor@cargodesk.test"));
    await t.database.db.update(userProfiles).set({ blocked: true }).where(eq(userProfiles.user_id, user!.id));
    try {
      const res = await passwordGrant({ username: "visitor@cargodesk.test", password: DEMO_PASSWORD });
      expect(oauthError(res)).toEqual({ status: 400, error: "invalid_grant" });
    } finally {
      await t.database.db.update(userProfiles).set({ blocked: false }).where(eq(userProfiles.user_id, user!.id));
    }
    expect((await signIn(t.app, "visitor@cargodesk.test")).email).toBe("visitor@cargodesk.test");
  });
});

describe("remember_me", () => {
  it("keeps the refresh token alive for REMEMBER_ME_REFRESH_TTL instead of REFRESH_TOKEN_TTL", async () => {
    const short = await signIn(t.app, "c6.manager@cargodesk.test", { carrier: "c6" });
    const long = await signIn(t.app, "c6.manager@cargodesk.test", { carrier: "c6", remember_me: true });
    t.clock.advance(86_400 + 60); // past the 1-day default, inside 30 days
    const refresh = (token: string) =>
      t.app.inject({
        method: "POST",
        url: "/oauth/token",
        headers: { carrier: "c6" },
        payload: { grant_type: "refresh_token", refresh_token: token },
      });
    const expired = await refresh(short.refresh_token);
    expect(oauthError(expired)).toEqual({ status: 400, error: "invalid_grant" });
    const renewed = await refresh(long.refresh_token);
    expect(renewed.statusCode).toBe(200);
    // The renewed grant is still a remembered one.
    t.clock.advance(86_400 + 60);
    expect((await refresh(renewed.json().refresh_token)).statusCode).toBe(200);
  });
});

describe("tenant rule (Carrier header)", () => {
  it("refuses an airline user on another airline's tenant", async () => {
    const res = await passwordGrant({ username: "s7.manager@cargodesk.test", password: DEMO_PASSWORD }, { carrier: "su" });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: "access_denied", error_description: "No access to this carrier", code: "no_carrier_access", params: {} });
  });

  it("lets an airline user in on their own tenant and on the default one", async () => {
    expect((await signIn(t.app, "s7.manager@cargodesk.test", { carrier: "s7" })).email).toBe("s7.manager@cargodesk.test");
    expect((await signIn(t.app, "s7.manager@cargodesk.test")).email).toBe("s7.manager@cargodesk.test");
  });

  it("lets forwarders, visitors and platform staff in on every tenant", async () => {
    for (const carrier of ["su", "s7", "c6", "v0", undefined]) {
      for (const email of ["forwarder@cargodesk.test", "platform@cargodesk.test", "visitor@cargodesk.test"]) {
        expect((await signIn(t.app, email, { carrier })).email).toBe(email);
      }
    }
  });

  it("lets a user without any company in", async () => {
    expect((await signIn(t.app, "nocompany@cargodesk.test", { carrier: "s7" })).email).toBe("nocompany@cargodesk.test");
  });

  it("refuses an unknown carrier code", async () => {
    const res = await passwordGrant({ username: "platform@cargodesk.test", password: DEMO_PASSWORD }, { carrier: "zz" });
    expect(oauthError(res)).toEqual({ status: 400, error: "invalid_carrier" });
  });
});

describe("sign-in rate limit", () => {
  it("answers 429 after LOGIN_RATE_LIMIT failures for one e-mail and address, until the window passes", async () => {
    const email = "s7.billing@cargodesk.test";
    const ip = "192.0.2.10";
    for (let i = 0; i < 3; i++) {
      const res = await passwordGrant({ username: email, password: "wrong-password" }, { ip });
      expect(res.statusCode).toBe(400);
    }
    // Even the right password is refused now: that is what stops guessing.
    const limited = await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip });
    expect(oauthError(limited)).toEqual({ status: 429, error: "too_many_requests" });
    expect(limited.json().error_description).toBeTypeOf("string");
    // Another address is counted separately.
    expect((await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip: "192.0.2.11" })).statusCode).toBe(200);
    t.clock.advance(601);
    expect((await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip })).statusCode).toBe(200);
  });

  it("forgets the failures after a successful sign-in", async () => {
    const email = "s7.comcor@cargodesk.test";
    const ip = "192.0.2.20";
    for (let i = 0; i < 2; i++) await passwordGrant({ username: email, password: "wrong-password" }, { ip });
    expect((await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) await passwordGrant({ username: email, password: "wrong-password" }, { ip });
    expect((await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip })).statusCode).toBe(200);
  });

  it("locks only the attacker's (e-mail, address) pair: the owner signs in from another address the BFF names", async () => {
    const email = "s7.billing@cargodesk.test";
    // Both arrive from the BFF (one socket address); the BFF names each browser's address with the shared secret.
    for (let i = 0; i < 3; i++) {
      expect((await passwordGrant({ username: email, password: "wrong-password" }, { forwardedFor: "203.0.113.66" })).statusCode).toBe(400);
    }
    const attacker = await passwordGrant({ username: email, password: DEMO_PASSWORD }, { forwardedFor: "203.0.113.66" });
    expect(oauthError(attacker)).toEqual({ status: 429, error: "too_many_requests" });
    const owner = await passwordGrant({ username: email, password: DEMO_PASSWORD }, { forwardedFor: "198.51.100.7" });
    expect(owner.statusCode).toBe(200);
    t.clock.advance(601);
  });

  it("ignores a forwarded address without the right secret: the failures count against the sender itself", async () => {
    const email = "s7.inspector@cargodesk.test";
    const ip = "192.0.2.30";
    for (let i = 0; i < 3; i++) {
      const claimed = `203.0.113.${100 + i}`;
      const res = await passwordGrant({ username: email, password: "wrong-password" }, { ip, forwardedFor: claimed, secret: "not-the-secret-not-the-secret-not-the-secret" });
      expect(res.statusCode).toBe(400);
    }
    // A fresh made-up address does not help either: the sender's own address is locked for this account.
    const res = await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip, forwardedFor: "203.0.113.200", secret: "wrong" });
    expect(res.statusCode).toBe(429);
    // A header that is not an address is ignored the same way, even with the secret.
    const junk = await passwordGrant({ username: email, password: DEMO_PASSWORD }, { ip, forwardedFor: "not-an-address" });
    expect(junk.statusCode).toBe(429);
    t.clock.advance(601);
  });

  it("limits one address across accounts (credential stuffing) without touching other addresses", async () => {
    const stuffer = "203.0.113.99";
    const accounts = ["s7.operator", "s7.manager", "s7.comcor", "s7.admin", "s7.billing"].map((u) => `${u}@cargodesk.test`);
    // One wrong guess per account: no pair reaches its limit of 3, but the address reaches its 5.
    for (const username of accounts) {
      expect((await passwordGrant({ username, password: "wrong-password" }, { forwardedFor: stuffer })).statusCode).toBe(400);
    }
    const next = await passwordGrant({ username: "s7.inspector@cargodesk.test", password: DEMO_PASSWORD }, { forwardedFor: stuffer });
    expect(next.statusCode).toBe(429);
    // Everybody else, including the owners of the guessed accounts, signs in as usual.
    for (const username of accounts) {
      expect((await passwordGrant({ username, password: DEMO_PASSWORD }, { forwardedFor: "198.51.100.8" })).statusCode).toBe(200);
    }
    t.clock.advance(601);
    expect((await passwordGrant({ username: "s7.inspector@cargodesk.test", password: DEMO_PASSWORD }, { forwardedFor: stuffer })).statusCode).toBe(200);
  });
});
