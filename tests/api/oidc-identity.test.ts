import { randomBytes } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CodeRefusedError, redeemAuthorizationCode } from "../../api/auth/oidc/code-redemption";
import { IdTokenError, verifyIdToken } from "../../api/auth/oidc/id-token";
import { ProviderFetchError } from "../../api/auth/oidc/provider-fetch";
import { forgetProviderMetadata } from "../../api/auth/oidc/provider-metadata";
import { startTestProvider, type TestProvider } from "../oidc-provider";

/**
 * Issue 26: how the API proves who a tenant's identity provider says is signing in, against a real OpenID provider
 * (oidc-provider) on this machine, not a mock: the code redeemed with PKCE as the confidential client, the ID token's
 * signature, issuer, audience, expiry and nonce, and the provider's address held to the outgoing rules.
 */
const REDIRECT = "http://s7.localhost:3000/auth/provider/callback";
const LOOPBACK = { allowLoopback: true, timeoutMs: 3_000 };

let provider: TestProvider;
let other: TestProvider;

beforeAll(async () => {
  provider = await startTestProvider({ redirectUris: [REDIRECT] });
  other = await startTestProvider({ redirectUris: [REDIRECT], clientId: "cargo-desk" });
  provider.setAccount({ sub: "anna", email: "Anna.Petrova@S7.test", groups: ["cargo-managers"] });
  provider.setAccount({ sub: "boris", email: "boris@s7.test", email_verified: false });
  other.setAccount({ sub: "anna", email: "anna.petrova@s7.test" });
});

afterAll(async () => {
  await provider.stop();
  await other.stop();
});

beforeEach(() => forgetProviderMetadata());

const client = (p: TestProvider) => ({ issuer: p.issuer, clientId: p.clientId, clientSecret: p.clientSecret });

/** A sign-in as the BFF starts it (state, nonce, PKCE), the user signing in at the provider; the code it sends back. */
async function signIn(p: TestProvider, sub: string) {
  const request = p.authorizationRequest(REDIRECT);
  const back = await p.signInAt(request.url, sub);
  expect(back.searchParams.get("state")).toBe(request.state);
  return { code: back.searchParams.get("code")!, redirectUri: REDIRECT, codeVerifier: request.codeVerifier, nonce: request.nonce };
}

async function idTokenOf(p: TestProvider, sub: string) {
  const grant = await signIn(p, sub);
  return { idToken: await redeemAuthorizationCode(client(p), grant, LOOPBACK), nonce: grant.nonce };
}

/** The moment the provider issued a token: the test's "now", whatever today's date (the provider runs on the real clock). */
const issuedAt = (idToken: string) => new Date(decodeJwt(idToken).iat! * 1000);
/** A moment for checks that fail before any time is compared. */
const ANY_MOMENT = new Date("2026-11-29T12:00:00Z");

const refusedWith = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  return (error as { code: string }).code;
};

describe("a tenant's identity provider", () => {
  it("proves who signed in: the subject, the e-mail in lower case, the claims for the role mapping, the token's end", async () => {
    const { idToken, nonce } = await idTokenOf(provider, "anna");
    const now = issuedAt(idToken);
    const identity = await verifyIdToken(client(provider), idToken, { ...LOOPBACK, now, nonce });
    expect(identity.subject).toBe("anna");
    expect(identity.email).toBe("anna.petrova@s7.test");
    expect(identity.claims.groups).toEqual(["cargo-managers"]);
    expect(identity.expiresAt.getTime()).toBe(decodeJwt(idToken).exp! * 1000);
    expect(identity.expiresAt.getTime()).toBeGreaterThan(now.getTime());
  });

  it("redeems a code once: a replayed code, or one with another verifier, is refused by the provider", async () => {
    const grant = await signIn(provider, "anna");
    await redeemAuthorizationCode(client(provider), grant, LOOPBACK);
    expect(await refusedWith(redeemAuthorizationCode(client(provider), grant, LOOPBACK))).toBe("code_refused");
    const second = await signIn(provider, "anna");
    const wrongVerifier = { ...second, codeVerifier: randomBytes(32).toString("base64url") };
    expect(await refusedWith(redeemAuthorizationCode(client(provider), wrongVerifier, LOOPBACK))).toBe("code_refused");
    // and the client secret is what the provider checks
    const impostor = { ...client(provider), clientSecret: "not-the-secret" };
    const third = await signIn(provider, "anna");
    expect(await refusedWith(redeemAuthorizationCode(impostor, third, LOOPBACK))).toBe("provider_bad_answer");
  });

  it("refuses a token for another client, an expired one, another sign-in's nonce, or one with a changed claim", async () => {
    const { idToken, nonce } = await idTokenOf(provider, "anna");
    const now = issuedAt(idToken);
    const other = { ...client(provider), clientId: "someone-else" };
    expect(await refusedWith(verifyIdToken(other, idToken, { ...LOOPBACK, now }))).toBe("id_token_wrong_audience");
    const afterExpiry = new Date(decodeJwt(idToken).exp! * 1000 + 120_000);
    expect(await refusedWith(verifyIdToken(client(provider), idToken, { ...LOOPBACK, now: afterExpiry }))).toBe("id_token_expired");
    expect(await refusedWith(verifyIdToken(client(provider), idToken, { ...LOOPBACK, now, nonce: `${nonce}x` }))).toBe("id_token_nonce_mismatch");
    const [header, payload, signature] = idToken.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: "admin@s7.test" })).toString("base64url")}.${signature}`;
    expect(await refusedWith(verifyIdToken(client(provider), forged, { ...LOOPBACK, now }))).toBe("id_token_signature");
  });

  it("refuses another provider's token, even for the same client id and e-mail", async () => {
    const { idToken } = await idTokenOf(other, "anna");
    expect(await refusedWith(verifyIdToken(client(provider), idToken, { ...LOOPBACK, now: issuedAt(idToken) }))).toBe("id_token_signature");
    // the token itself is sound: its own provider proves it
    expect((await verifyIdToken(client(other), idToken, { ...LOOPBACK, now: issuedAt(idToken) })).subject).toBe("anna");
  });

  it("refuses an e-mail address the provider has not verified", async () => {
    const { idToken } = await idTokenOf(provider, "boris");
    expect(await refusedWith(verifyIdToken(client(provider), idToken, { ...LOOPBACK, now: issuedAt(idToken) }))).toBe("id_token_email_unverified");
  });

  it("refuses hostile input before asking the provider, and a provider inside our network or gone", async () => {
    const gone = { issuer: "http://127.0.0.1:9", clientId: "cargo-desk", clientSecret: "x" };
    const huge = `${"a".repeat(20_000)}.b.c`;
    expect(await refusedWith(verifyIdToken(gone, huge, { ...LOOPBACK, now: ANY_MOMENT }))).toBe("id_token_malformed");
    expect(await refusedWith(verifyIdToken(gone, "not\u0000a.jwt.at-all", { ...LOOPBACK, now: ANY_MOMENT }))).toBe("id_token_malformed");
    const grant = { code: "c", redirectUri: REDIRECT, codeVerifier: "short" };
    expect(await refusedWith(redeemAuthorizationCode(gone, grant, LOOPBACK))).toBe("code_refused");
    const { idToken } = await idTokenOf(provider, "anna");
    const now = issuedAt(idToken);
    expect(await refusedWith(verifyIdToken(gone, idToken, { ...LOOPBACK, now }))).toBe("provider_unreachable");
    // the test's own provider, on a loopback address, is refused where loopback is not allowed (production)
    const error = await verifyIdToken(client(provider), idToken, { allowLoopback: false, now }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderFetchError);
    expect((error as ProviderFetchError).code).toBe("provider_refused_address");
    for (const issuer of ["https://10.1.2.3", "https://user:pass@idp.example.com", "ftp://idp.example.com"]) {
      expect(await refusedWith(verifyIdToken({ issuer, clientId: "x" }, idToken, { allowLoopback: false, now }))).toBe("provider_refused_address");
    }
  });

  it("names its refusals with codes (IdTokenError, CodeRefusedError), never with the token's text", async () => {
    const { idToken } = await idTokenOf(provider, "anna");
    const error = await verifyIdToken({ ...client(provider), clientId: "someone-else" }, idToken, { ...LOOPBACK, now: issuedAt(idToken) }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdTokenError);
    expect((error as Error).message).not.toContain(idToken.split(".")[1]!);
    const grant = await signIn(provider, "anna");
    await redeemAuthorizationCode(client(provider), grant, LOOPBACK);
    const replayed = await redeemAuthorizationCode(client(provider), grant, LOOPBACK).catch((e: unknown) => e);
    expect(replayed).toBeInstanceOf(CodeRefusedError);
    expect((replayed as Error).message).not.toContain(grant.code);
  });
});
