import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { oauthTokens, userProfiles, users } from "../../api/db/schema";
import { sha256 } from "../../api/auth/secrets";
import { authHeaders, oauthError, makeTestApi, signIn, type TestApi } from "./helpers";

let t: TestApi;
beforeAll(async () => {
  t = await makeTestApi({ config: { REFRESH_GRACE_SECONDS: 30 } });
});
afterAll(() => t?.close());

const refresh = (refreshToken: string, carrier?: string) =>
  t.app.inject({
    method: "POST",
    url: "/oauth/token",
    headers: carrier ? { carrier } : {},
    payload: { grant_type: "refresh_token", refresh_token: refreshToken },
  });

const me = (accessToken: string, carrier?: string) =>
  t.app.inject({ method: "GET", url: "/api/v3/profiles/me", headers: authHeaders(accessToken, carrier) });

describe("refresh_token grant", () => {
  it("answers a new pair and rotates the refresh token", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const res = await refresh(first.refresh_token, "s7");
    expect(res.statusCode).toBe(200);
    const second = res.json();
    expect(second).toMatchObject({ token_type: "Bearer", scope: "public", email: "s7.operator@cargodesk.test", expires_in: 7200 });
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await me(second.access_token, "s7")).statusCode).toBe(200);
    // The new grant remembers which refresh token it replaced; only hashes are stored.
    const [row] = await t.database.db.select().from(oauthTokens).where(eq(oauthTokens.refresh_token_hash, sha256(second.refresh_token)));
    expect(row!.previous_refresh_token_hash).toBe(sha256(first.refresh_token));
    expect(row!.access_token_hash).toBe(sha256(second.access_token));
  });

  it("lets two racing refreshes with one token both succeed inside the grace period; a reuse after it is refused", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const [a, b] = await Promise.all([refresh(first.refresh_token, "s7"), refresh(first.refresh_token, "s7")]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().refresh_token).not.toBe(b.json().refresh_token);
    t.clock.advance(20);
    // Still inside the 30 s grace: a third tab that lagged behind also renews, and the old access token works.
    expect((await refresh(first.refresh_token, "s7")).statusCode).toBe(200);
    expect((await me(first.access_token, "s7")).statusCode).toBe(200);
    t.clock.advance(11);
    const late = await refresh(first.refresh_token, "s7");
    expect(oauthError(late)).toEqual({ status: 400, error: "invalid_grant" });
    expect((await me(first.access_token, "s7")).statusCode).toBe(401);
  });

  it("a reuse after the grace period revokes the whole sign-in: every branch, access and refresh tokens", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    // the client renews; a second branch is made inside the grace window (a racing tab, or a thief)
    const child = (await refresh(first.refresh_token, "s7")).json();
    const branch = (await refresh(first.refresh_token, "s7")).json();
    const grandchild = (await refresh(child.refresh_token, "s7")).json();
    // another sign-in of the same user (another device) is a family of its own
    const otherDevice = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    t.clock.advance(31);
    expect((await me(grandchild.access_token, "s7")).statusCode).toBe(200);

    // the rotated token turns up again after its grace period: it was copied
    const replay = await refresh(first.refresh_token, "s7");
    expect(oauthError(replay)).toEqual({ status: 400, error: "invalid_grant" });

    for (const pair of [child, branch, grandchild]) {
      expect((await me(pair.access_token, "s7")).statusCode).toBe(401);
    }
    for (const token of [branch.refresh_token, grandchild.refresh_token]) {
      const res = await refresh(token, "s7");
      expect(oauthError(res)).toEqual({ status: 400, error: "invalid_grant" });
    }
    expect((await me(otherDevice.access_token, "s7")).statusCode).toBe(200);
    expect((await refresh(otherDevice.refresh_token, "s7")).statusCode).toBe(200);
  });

  it("a rotated token replayed inside the grace period is still a renewal, not a theft", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const child = (await refresh(first.refresh_token, "s7")).json();
    t.clock.advance(10);
    expect((await refresh(first.refresh_token, "s7")).statusCode).toBe(200);
    expect((await me(child.access_token, "s7")).statusCode).toBe(200);
    expect((await refresh(child.refresh_token, "s7")).statusCode).toBe(200);
  });

  it("refuses unknown and missing refresh tokens", async () => {
    const res = await refresh("not-a-token");
    expect(oauthError(res)).toEqual({ status: 400, error: "invalid_grant" });
    const missing = await t.app.inject({ method: "POST", url: "/oauth/token", payload: { grant_type: "refresh_token" } });
    expect(oauthError(missing)).toEqual({ status: 400, error: "invalid_request" });
  });

  it("accepts a form-encoded refresh", async () => {
    const first = await signIn(t.app, "forwarder@cargodesk.test");
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth/token",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `grant_type=refresh_token&refresh_token=${first.refresh_token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe("forwarder@cargodesk.test");
  });

  it("refuses a refresh on another tenant than the one signed in on", async () => {
    const first = await signIn(t.app, "forwarder@cargodesk.test", { carrier: "s7" });
    const res = await refresh(first.refresh_token, "su");
    expect(oauthError(res)).toEqual({ status: 400, error: "invalid_grant" });
  });

  it("refuses to renew a user blocked since signing in", async () => {
    const first = await signIn(t.app, "c6.manager@cargodesk.test", { carrier: "c6" });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "c6.manager@cargodesk.test"));
    await t.database.db.update(userProfiles).set({ blocked: true }).where(eq(userProfiles.user_id, user!.id));
    try {
      expect((await refresh(first.refresh_token, "c6")).json().error).toBe("invalid_grant");
      expect((await me(first.access_token, "c6")).statusCode).toBe(401);
    } finally {
      await t.database.db.update(userProfiles).set({ blocked: false }).where(eq(userProfiles.user_id, user!.id));
    }
  });
});

/** The grant behind a refresh token as stored: when its grace clock started, whether it was revoked, its sign-in's grants. */
async function storedGrant(refreshToken: string) {
  const [row] = await t.database.db.select().from(oauthTokens).where(eq(oauthTokens.refresh_token_hash, sha256(refreshToken)));
  const family = await t.database.db.select({ id: oauthTokens.id }).from(oauthTokens).where(eq(oauthTokens.family_id, row!.family_id));
  return { rotated_at: row!.rotated_at, revoked_at: row!.revoked_at, grantsInFamily: family.length };
}

const GRACE_SECONDS = 30;

describe("a refused refresh changes nothing (issue 21 item 7)", () => {
  // The BFF sends the tenant of the host it was reached on. A refresh with someone's token on another host (another
  // airline's sub-domain, the platform's, a made-up one) used to be refused yet still start the token's grace clock,
  // so the real user was signed out half a minute later.
  const WRONG_CARRIERS_FOR_S7: Array<string | undefined> = [
    undefined, // the default (platform) tenant: no carrier header
    "su",
    "c6",
    "v0",
    "zz",
    "s7x",
    "7s",
    "s7,su",
    "<script>",
    "' OR '1'='1",
    "x".repeat(300),
    "%53%37",
    "\u00df7",
  ];

  it("with every wrong carrier header the token is refused, not used up: no grace clock, no new grant", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const before = await storedGrant(first.refresh_token);
    for (const carrier of WRONG_CARRIERS_FOR_S7) {
      const res = await refresh(first.refresh_token, carrier);
      expect(oauthError(res), `carrier ${carrier}`).toEqual({ status: 400, error: "invalid_grant" });
      expect(await storedGrant(first.refresh_token), `carrier ${carrier}`).toEqual(before);
    }
    expect(before).toEqual({ rotated_at: null, revoked_at: null, grantsInFamily: 1 });
    // past the grace period: had any refusal started the clock, both tokens would be dead now
    t.clock.advance(GRACE_SECONDS + 1);
    expect((await me(first.access_token, "s7")).statusCode).toBe(200);
    const renewed = await refresh(first.refresh_token, "s7");
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect((await me(renewed.json().access_token, "s7")).statusCode).toBe(200);
  });

  it("a platform sign-in presented on an airline's tenant, and an airline's on another, changes nothing either", async () => {
    const platform = await signIn(t.app, "platform@cargodesk.test");
    const forwarderOnSu = await signIn(t.app, "forwarder@cargodesk.test", { carrier: "su" });
    for (const [tokens, wrong] of [
      [platform, ["s7", "su", "c6"]],
      [forwarderOnSu, [undefined, "s7", "c6"]],
    ] as const) {
      for (const carrier of wrong) expect(oauthError(await refresh(tokens.refresh_token, carrier))).toEqual({ status: 400, error: "invalid_grant" });
      expect(await storedGrant(tokens.refresh_token)).toEqual({ rotated_at: null, revoked_at: null, grantsInFamily: 1 });
    }
    t.clock.advance(GRACE_SECONDS + 1);
    expect((await refresh(platform.refresh_token)).statusCode).toBe(200);
    expect((await refresh(forwarderOnSu.refresh_token, "su")).statusCode).toBe(200);
  });

  it("a refresh refused because the user was blocked leaves the token usable once they are unblocked", async () => {
    const first = await signIn(t.app, "c6.manager@cargodesk.test", { carrier: "c6" });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "c6.manager@cargodesk.test"));
    await t.database.db.update(userProfiles).set({ blocked: true }).where(eq(userProfiles.user_id, user!.id));
    try {
      expect(oauthError(await refresh(first.refresh_token, "c6"))).toEqual({ status: 400, error: "invalid_grant" });
    } finally {
      await t.database.db.update(userProfiles).set({ blocked: false }).where(eq(userProfiles.user_id, user!.id));
    }
    expect(await storedGrant(first.refresh_token)).toEqual({ rotated_at: null, revoked_at: null, grantsInFamily: 1 });
    t.clock.advance(GRACE_SECONDS + 1);
    expect((await refresh(first.refresh_token, "c6")).statusCode).toBe(200);
  });

  it("a wrong header does not shorten the grace of a token already rotated", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const child = (await refresh(first.refresh_token, "s7")).json();
    const rotated = (await storedGrant(first.refresh_token)).rotated_at;
    t.clock.advance(10);
    expect(oauthError(await refresh(first.refresh_token, "su"))).toEqual({ status: 400, error: "invalid_grant" });
    expect((await storedGrant(first.refresh_token)).rotated_at).toEqual(rotated);
    expect((await refresh(first.refresh_token, "s7")).statusCode).toBe(200);
    expect((await me(child.access_token, "s7")).statusCode).toBe(200);
  });

  it("a rotated token reused after its grace still revokes the whole sign-in, whatever header it comes with", async () => {
    const first = await signIn(t.app, "s7.operator@cargodesk.test", { carrier: "s7" });
    const child = (await refresh(first.refresh_token, "s7")).json();
    t.clock.advance(GRACE_SECONDS + 1);
    // possession of the stale token is the evidence of theft; the header it is sent with does not excuse it
    expect(oauthError(await refresh(first.refresh_token, "su"))).toEqual({ status: 400, error: "invalid_grant" });
    expect((await me(child.access_token, "s7")).statusCode).toBe(401);
    expect(oauthError(await refresh(child.refresh_token, "s7"))).toEqual({ status: 400, error: "invalid_grant" });
  });
});

describe("access token lifetime", () => {
  it("stops working after expires_in seconds", async () => {
    const tokens = await signIn(t.app, "su.manager@cargodesk.test", { carrier: "su" });
    t.clock.advance(7199);
    expect((await me(tokens.access_token, "su")).statusCode).toBe(200);
    t.clock.advance(2);
    const res = await me(tokens.access_token, "su");
    expect(oauthError(res)).toEqual({ status: 401, error: "invalid_token" });
    expect(res.headers["www-authenticate"]).toContain("invalid_token");
  });
});

describe("POST /oauth/revoke", () => {
  it("revokes the grant of an access token: its access and refresh tokens stop working", async () => {
    const tokens = await signIn(t.app, "s7.admin@cargodesk.test", { carrier: "s7" });
    const res = await t.app.inject({ method: "POST", url: "/oauth/revoke", payload: { token: tokens.access_token } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({});
    expect((await me(tokens.access_token, "s7")).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token, "s7")).json().error).toBe("invalid_grant");
  });

  it("revokes by refresh token too, form-encoded", async () => {
    const tokens = await signIn(t.app, "s7.admin@cargodesk.test", { carrier: "s7" });
    const res = await t.app.inject({
      method: "POST",
      url: "/oauth/revoke",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: `token=${tokens.refresh_token}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await me(tokens.access_token, "s7")).statusCode).toBe(401);
  });

  it("answers 200 {} for unknown or missing tokens (RFC 7009)", async () => {
    for (const payload of [{ token: "unknown" }, {}]) {
      const res = await t.app.inject({ method: "POST", url: "/oauth/revoke", payload });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({});
    }
  });
});

describe("GET /oauth/token/info", () => {
  it("describes a live token with its remaining lifetime", async () => {
    const tokens = await signIn(t.app, "v0.manager@cargodesk.test", { carrier: "v0" });
    t.clock.advance(100);
    const res = await t.app.inject({ method: "GET", url: "/oauth/token/info", headers: authHeaders(tokens) });
    expect(res.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, "v0.manager@cargodesk.test"));
    expect(res.json()).toEqual({
      resource_owner_id: user!.id,
      scope: ["public"],
      expires_in: 7100,
      created_at: tokens.created_at,
    });
  });

  it("answers 401 invalid_token without a token or for a revoked one", async () => {
    const none = await t.app.inject({ method: "GET", url: "/oauth/token/info" });
    expect(oauthError(none)).toEqual({ status: 401, error: "invalid_token" });
    const tokens = await signIn(t.app, "v0.manager@cargodesk.test", { carrier: "v0" });
    await t.app.inject({ method: "POST", url: "/oauth/revoke", payload: { token: tokens.access_token } });
    const revoked = await t.app.inject({ method: "GET", url: "/oauth/token/info", headers: authHeaders(tokens) });
    expect(oauthError(revoked)).toEqual({ status: 401, error: "invalid_token" });
  });
});

describe("bearer authentication on API calls", () => {
  it("answers 401 invalid_token without a token, with a malformed header and with an unknown token", async () => {
    for (const headers of [{}, { authorization: "Basic abc" }, { authorization: "Bearer nope" }]) {
      const res = await t.app.inject({ method: "GET", url: "/api/v3/profiles/me", headers });
      expect(oauthError(res)).toEqual({ status: 401, error: "invalid_token" });
    }
  });

  it("refuses a token sent with another tenant's Carrier header", async () => {
    const tokens = await signIn(t.app, "forwarder@cargodesk.test", { carrier: "s7" });
    expect((await me(tokens.access_token, "s7")).statusCode).toBe(200);
    expect((await me(tokens.access_token, "su")).statusCode).toBe(401);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });
});
