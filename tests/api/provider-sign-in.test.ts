import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_CODE_GRANT } from "../../api/auth/provider-sign-in";
import { seal } from "../../api/auth/secret-box";
import { sha256 } from "../../api/auth/secrets";
import { companies, identityProviders, oauthTokens, userIdentities, userProfiles, users } from "../../api/db/schema";
import { startTestProvider, type TestProvider } from "../oidc-provider";
import { call, DEMO_PASSWORD, latestMail, signIn, useTestApi } from "./helpers";

/**
 * Issue 26: an airline's staff sign in through the airline's own identity provider (docs/sso.md), against a real
 * OpenID provider on this machine: the API redeems the code the BFF hands over, proves the ID token, finds or creates
 * the user with the role the provider's claims give, and issues the product's own tokens, renewable no longer than
 * the provider's token holds. Refused: a replayed code, another sign-in's nonce, the wrong tenant, a domain or an
 * account outside the airline, a user the provider gives no role.
 */
const KEY = "test-identity-secret-key-0123456789abcdef";
const REDIRECT = "http://s7.localhost:3000/auth/provider/callback";
// the API's clock runs with the provider's (the real one), whatever date the suite runs the demo data on
const { t } = useTestApi({ config: { IDENTITY_SECRET_KEY: KEY, OUTGOING_URL_ALLOW_LOOPBACK: true }, clockStart: new Date() });

let provider: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [REDIRECT] });
  provider.setAccount({ sub: "maria", email: "s7.manager@cargodesk.test", groups: ["cargo-desk"] });
  provider.setAccount({ sub: "new-1", email: "Nina.Novikova@cargodesk.test", given_name: "Nina", family_name: "Novikova", groups: ["cargo-admins"] });
  provider.setAccount({ sub: "aziz", email: "c6.manager@cargodesk.test", groups: ["cargo-desk"] });
  provider.setAccount({ sub: "pavel", email: "platform@cargodesk.test", groups: ["cargo-admins"] });
  provider.setAccount({ sub: "outsider", email: "someone@gmail.test", groups: ["cargo-desk"] });
  provider.setAccount({ sub: "no-role", email: "s7.operator@cargodesk.test", groups: ["catering"] });
  await t.database.db.insert(identityProviders).values({
    carrier: "S7",
    issuer: provider.issuer,
    client_id: provider.clientId,
    client_secret_sealed: seal(provider.clientSecret, KEY),
    allowed_domains: ["cargodesk.test"],
    role_claim: "groups",
    role_map: [
      { value: "cargo-admins", role: "admin" },
      { value: "cargo-desk", role: "manager" },
    ],
    create_users: true,
  });
});

afterAll(() => provider?.stop());

/**
 * The BFF's part: the authorization request (state, nonce, PKCE) and the user at the provider; answers the exchange
 * of the code it got back at the API, to send when the test likes.
 */
async function providerCode(sub: string, opts: { carrier?: string; nonce?: string } = {}) {
  const request = provider.authorizationRequest(REDIRECT);
  const back = await provider.signInAt(request.url, sub);
  const payload = { grant_type: PROVIDER_CODE_GRANT, code: back.searchParams.get("code"), code_verifier: request.codeVerifier, redirect_uri: REDIRECT, nonce: opts.nonce ?? request.nonce };
  return () => t.app.inject({ method: "POST", url: "/oauth/token", headers: { carrier: opts.carrier ?? "s7" }, payload });
}

/** A whole sign-in through the provider; `replay` sends the same code a second time. */
async function providerSignIn(sub: string, opts: { carrier?: string; nonce?: string; replay?: boolean } = {}) {
  const exchange = await providerCode(sub, opts);
  const first = await exchange();
  return opts.replay ? { first, second: await exchange() } : { first };
}

const codeOf = (res: { statusCode: number; json(): { code?: string } }) => ({ status: res.statusCode, code: res.json().code });

async function profileAtS7(email: string) {
  const [row] = await t.database.db
    .select({ role: userProfiles.role })
    .from(userProfiles)
    .innerJoin(users, eq(users.id, userProfiles.user_id))
    .innerJoin(companies, eq(companies.id, userProfiles.company_id))
    .where(and(eq(users.email, email), eq(companies.carrier, "S7")));
  return row;
}

describe("signing in through the airline's identity provider", () => {
  it("signs an airline's own staff member in: the product's tokens on the tenant, the provider's subject linked", async () => {
    const { first } = await providerSignIn("maria");
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json();
    expect(tokens).toMatchObject({ token_type: "Bearer", email: "s7.manager@cargodesk.test" });
    const me = await call(t.app, tokens, "GET", "/api/v3/profiles/me", { carrier: "s7" });
    expect(me.statusCode).toBe(200);
    const links = await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, "maria"));
    expect(links.map((l) => l.issuer)).toEqual([provider.issuer]);
    // the token serves S7's tenant alone, as a password sign-in's does
    expect((await call(t.app, tokens, "GET", "/api/v3/profiles/me", { carrier: "c6" })).statusCode).toBe(401);
  });

  it("creates a user the tenant allows, with the role the provider's claims map to, and follows the provider's role changes", async () => {
    const { first } = await providerSignIn("new-1");
    expect(first.statusCode, first.body).toBe(200);
    const [created] = await t.database.db.select().from(users).where(eq(users.email, "nina.novikova@cargodesk.test"));
    expect(created).toMatchObject({ firstname: "Nina", lastname: "Novikova" });
    expect(await profileAtS7("nina.novikova@cargodesk.test")).toEqual({ role: "admin" });
    // the product never knew a password for this user: the password grant refuses every guess
    const password = await t.app.inject({ method: "POST", url: "/oauth/token", headers: { carrier: "s7" }, payload: { grant_type: "password", username: "nina.novikova@cargodesk.test", password: "provider-sign-in$no-password" } });
    expect(password.json().code).toBe("invalid_credentials");
    // at the provider, Nina moves to the desk: the next sign-in gives her the desk's role
    provider.setAccount({ sub: "new-1", email: "nina.novikova@cargodesk.test", groups: ["cargo-desk"] });
    expect((await providerSignIn("new-1")).first.statusCode).toBe(200);
    expect(await profileAtS7("nina.novikova@cargodesk.test")).toEqual({ role: "manager" });
  });

  it("makes one account of two first sign-ins of one person at once (two tabs, a double click)", async () => {
    provider.setAccount({ sub: "new-twice", email: "twice@cargodesk.test", groups: ["cargo-desk"] });
    const codes = await Promise.all([0, 1].map(() => providerCode("new-twice")));
    const answers = await Promise.all(codes.map((exchange) => exchange()));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const made = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, "twice@cargodesk.test"));
    expect(made).toHaveLength(1);
    expect(await t.database.db.select().from(userIdentities).where(eq(userIdentities.subject, "new-twice"))).toHaveLength(1);
    expect(await profileAtS7("twice@cargodesk.test")).toEqual({ role: "manager" });
  });

  it("refuses a replayed code, another sign-in's nonce, and a tenant that has no provider", async () => {
    const { first, second } = await providerSignIn("maria", { replay: true });
    expect(first.statusCode).toBe(200);
    expect(codeOf(second!)).toEqual({ status: 400, code: "code_refused" });
    expect(codeOf((await providerSignIn("maria", { nonce: "another-sign-in" })).first)).toEqual({ status: 400, code: "id_token_nonce_mismatch" });
    expect(codeOf((await providerSignIn("maria", { carrier: "c6" })).first)).toEqual({ status: 400, code: "provider_not_configured" });
  });

  it("never takes over an account outside the airline, nor signs in a domain or a user the tenant does not allow", async () => {
    expect(codeOf((await providerSignIn("aziz")).first)).toEqual({ status: 400, code: "email_taken_elsewhere" });
    expect(codeOf((await providerSignIn("pavel")).first)).toEqual({ status: 400, code: "email_taken_elsewhere" });
    expect(codeOf((await providerSignIn("outsider")).first)).toEqual({ status: 400, code: "email_domain_not_allowed" });
    expect(codeOf((await providerSignIn("no-role")).first)).toEqual({ status: 400, code: "no_role_for_user" });
    await t.database.db.update(identityProviders).set({ create_users: false }).where(eq(identityProviders.carrier, "S7"));
    provider.setAccount({ sub: "new-2", email: "oleg.new@cargodesk.test", groups: ["cargo-desk"] });
    expect(codeOf((await providerSignIn("new-2")).first)).toEqual({ status: 400, code: "unknown_user" });
    expect(await t.database.db.select().from(users).where(eq(users.email, "oleg.new@cargodesk.test"))).toEqual([]);
    await t.database.db.update(identityProviders).set({ create_users: true }).where(eq(identityProviders.carrier, "S7"));
  });

  it("refuses the password form on a tenant that turned it off, and its provider's users' passwords everywhere", async () => {
    expect((await providerSignIn("maria")).first.statusCode).toBe(200); // Maria's account is linked to S7's provider
    await t.database.db.update(identityProviders).set({ password_sign_in: false }).where(eq(identityProviders.carrier, "S7"));
    const password = (carrier: string | undefined, username: string, pw = DEMO_PASSWORD) =>
      t.app.inject({ method: "POST", url: "/oauth/token", headers: carrier ? { carrier } : {}, payload: { grant_type: "password", username, password: pw } });
    expect(codeOf(await password("s7", "s7.billing@cargodesk.test"))).toEqual({ status: 400, code: "password_sign_in_off" });
    // the right password on the default host: refused too, and no reset link to set another
    expect(codeOf(await password(undefined, "s7.manager@cargodesk.test"))).toEqual({ status: 400, code: "password_sign_in_off" });
    const mailsBefore = await latestMail(t.app, "s7.manager@cargodesk.test");
    const reset = await t.app.inject({ method: "POST", url: "/api/v2/users/password", payload: { user: { email: "s7.manager@cargodesk.test" } } });
    expect(reset.statusCode).toBe(201);
    expect(await latestMail(t.app, "s7.manager@cargodesk.test")).toEqual(mailsBefore);
    // a user the provider never signed in keeps their password elsewhere
    expect((await password(undefined, "s7.billing@cargodesk.test")).statusCode).toBe(200);
    await t.database.db.update(identityProviders).set({ password_sign_in: true }).where(eq(identityProviders.carrier, "S7"));
    expect((await password(undefined, "s7.manager@cargodesk.test")).statusCode).toBe(200);
  });

  // last: it moves the API's clock past the provider's tokens
  it("renews the session only while the provider's token holds: a user disabled there is out within its lifetime", async () => {
    const tokens = (await providerSignIn("maria")).first.json();
    const refresh = (refresh_token: string) => t.app.inject({ method: "POST", url: "/oauth/token", headers: { carrier: "s7" }, payload: { grant_type: "refresh_token", refresh_token } });
    const renewed = await refresh(tokens.refresh_token);
    expect(renewed.statusCode, renewed.body).toBe(200);
    // the renewed pair keeps the provider's deadline (the ID token's expiry, an hour after the provider issued it)
    const [grant] = await t.database.db.select().from(oauthTokens).where(eq(oauthTokens.access_token_hash, sha256(renewed.json().access_token)));
    expect(grant!.provider_expires_at).not.toBeNull();
    // a minute past it, the renewed pair's refresh token is refused, though it would live a day
    t.clock.advance((grant!.provider_expires_at!.getTime() - t.clock().getTime()) / 1000 + 60);
    expect(codeOf(await refresh(renewed.json().refresh_token))).toEqual({ status: 400, code: "refresh_token_invalid" });
    // a password sign-in of another user is not bound to any provider's clock
    const password = await signIn(t.app, "s7.billing@cargodesk.test", { carrier: "s7" });
    expect((await refresh(password.refresh_token)).statusCode).toBe(200);
  });
});
