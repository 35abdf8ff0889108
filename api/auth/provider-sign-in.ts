import { and, eq } from "drizzle-orm";
import { emailDomainAllowed, roleFromClaims } from "../../cargo/identity/provider-setting";
import type { ApiDeps } from "../deps";
import { companies, identityProviders, userIdentities, userProfiles, users } from "../db/schema";
import type { IdentityProvider } from "../db/tables/identity-providers";
import type { User } from "../db/tables/users";
import { CodeRefusedError, redeemAuthorizationCode } from "./oidc/code-redemption";
import { IdTokenError, type ProviderIdentity, verifyIdToken } from "./oidc/id-token";
import { ProviderFetchError } from "./oidc/provider-fetch";
import { loopbackAllowed } from "../outgoing/post-url";
import { invalidGrant, oauthError } from "./oauth-error";
import { attemptKeys, clearFailedLogins, recordFailedLogin, tooManyFailedLogins } from "./rate-limit";
import { open } from "./secret-box";
import { assertTenantAccess, requireKnownCarrier } from "./sign-in";
import { issueGrant, type TokenAnswer } from "./tokens";

/**
 * The sign-in through a tenant's own identity provider (issue 26, docs/sso.md): the BFF ran the authorization code
 * flow and checked its state; it hands over the code, its PKCE verifier, the redirect address and the nonce it sent.
 * The API redeems the code as the confidential client, verifies the ID token, finds or (when the tenant allows it)
 * creates the user, sets their role at the airline from the provider's claims, and answers the product's own tokens,
 * renewable no longer than the provider's ID token holds.
 */
export const PROVIDER_CODE_GRANT = "urn:cargo-desk:params:oauth:grant-type:provider-code";

export interface ProviderCodeInput {
  code: string;
  code_verifier: string;
  redirect_uri: string;
  nonce: string;
  remember_me: boolean;
  carrier: string | null;
  /** The client's address (see clientAddressOf): refused attempts are counted per address, as failed passwords are. */
  clientAddress: string;
}

/** A password no one can type: verifyPassword refuses anything that is not a scrypt hash. */
const NO_PASSWORD = "provider-sign-in$no-password";
const NAME_MAX = 100;

const nameClaim = (claims: Record<string, unknown>, key: string) => (typeof claims[key] === "string" ? (claims[key] as string).trim().slice(0, NAME_MAX) : "");

/** The tenant's provider and its client secret, opened; refused when the tenant has none. */
async function providerOf(deps: ApiDeps, carrier: string | null): Promise<{ setting: IdentityProvider; secret: string }> {
  const [setting] = carrier ? await deps.db.select().from(identityProviders).where(eq(identityProviders.carrier, carrier)).limit(1) : [];
  if (!setting) throw invalidGrant("provider_not_configured");
  const secret = deps.config.IDENTITY_SECRET_KEY ? open(setting.client_secret_sealed, deps.config.IDENTITY_SECRET_KEY) : null;
  if (secret === null) throw oauthError(503, "temporarily_unavailable", "identity_secret_unset");
  return { setting, secret };
}

/** The provider's proof of who signed in, or the grant's refusal (a code per case). */
async function provenIdentity(deps: ApiDeps, setting: IdentityProvider, secret: string, input: ProviderCodeInput): Promise<ProviderIdentity> {
  const fetchOptions = { allowLoopback: loopbackAllowed(deps.config) };
  try {
    const idToken = await redeemAuthorizationCode(
      { issuer: setting.issuer, clientId: setting.client_id, clientSecret: secret },
      { code: input.code, redirectUri: input.redirect_uri, codeVerifier: input.code_verifier },
      fetchOptions,
    );
    return await verifyIdToken({ issuer: setting.issuer, clientId: setting.client_id }, idToken, { ...fetchOptions, now: deps.now(), nonce: input.nonce });
  } catch (error) {
    if (error instanceof CodeRefusedError) throw invalidGrant("code_refused");
    if (error instanceof IdTokenError) throw invalidGrant(error.code);
    if (error instanceof ProviderFetchError) throw oauthError(503, "temporarily_unavailable", error.code);
    throw error;
  }
}

/**
 * Each attempt makes the API call the tenant's provider: refused ones are counted per client address and tenant (the
 * sign-in throttle's table and limits), so nobody turns the token endpoint into a stream of calls to a provider.
 */
export async function providerCodeGrant(deps: ApiDeps, input: ProviderCodeInput): Promise<TokenAnswer> {
  await requireKnownCarrier(deps, input.carrier);
  const keys = attemptKeys(`provider-sign-in:${input.carrier ?? ""}`, input.clientAddress);
  if (await tooManyFailedLogins(deps, keys)) throw oauthError(429, "too_many_requests", "too_many_sign_in_attempts");
  try {
    const answer = await signInThroughProvider(deps, input);
    await clearFailedLogins(deps, keys);
    return answer;
  } catch (error) {
    await recordFailedLogin(deps, keys);
    throw error;
  }
}

async function signInThroughProvider(deps: ApiDeps, input: ProviderCodeInput): Promise<TokenAnswer> {
  const { setting, secret } = await providerOf(deps, input.carrier);
  const identity = await provenIdentity(deps, setting, secret, input);
  if (!emailDomainAllowed(identity.email, setting.allowed_domains)) throw invalidGrant("email_domain_not_allowed");
  const role = roleFromClaims(identity.claims, setting);
  if (!role) throw invalidGrant("no_role_for_user");
  const [airline] = await deps.db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.business_type, "airline"), eq(companies.carrier, setting.carrier)))
    .limit(1);
  if (!airline) throw invalidGrant("provider_not_configured");

  const user = await deps.db.transaction(async (tx): Promise<User> => {
    const [linked] = await tx
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.user_id))
      .where(and(eq(userIdentities.issuer, setting.issuer), eq(userIdentities.subject, identity.subject)))
      .limit(1);
    let found = linked?.user;
    if (!found) {
      const [byEmail] = await tx.select().from(users).where(eq(users.email, identity.email)).limit(1);
      if (byEmail) {
        // the provider speaks for the airline's own staff only: an account of anyone else is never taken over by e-mail
        const [staff] = await tx
          .select({ id: userProfiles.id })
          .from(userProfiles)
          .where(and(eq(userProfiles.user_id, byEmail.id), eq(userProfiles.company_id, airline.id)))
          .limit(1);
        if (!staff) throw invalidGrant("email_taken_elsewhere");
        found = byEmail;
      } else {
        if (!setting.create_users) throw invalidGrant("unknown_user");
        // two first sign-ins of one person at once (a double click): the second finds the user the first made
        [found] = await tx
          .insert(users)
          .values({ email: identity.email, password_hash: NO_PASSWORD, firstname: nameClaim(identity.claims, "given_name"), lastname: nameClaim(identity.claims, "family_name") })
          .onConflictDoNothing({ target: users.email })
          .returning();
        if (found) await tx.insert(userProfiles).values({ user_id: found.id, company_id: airline.id, role, current: true });
        else [found] = await tx.select().from(users).where(eq(users.email, identity.email)).limit(1);
      }
      await tx
        .insert(userIdentities)
        .values({ user_id: found!.id, issuer: setting.issuer, subject: identity.subject, created_at: deps.now() })
        .onConflictDoNothing({ target: [userIdentities.issuer, userIdentities.subject] });
    }
    // the provider decides the role at the airline, at every sign-in: access is changed and removed in one place
    await tx
      .update(userProfiles)
      .set({ role })
      .where(and(eq(userProfiles.user_id, found!.id), eq(userProfiles.company_id, airline.id)));
    return found!;
  });
  await assertTenantAccess(deps, user, input.carrier);
  return issueGrant(deps, { user_id: user.id, email: user.email, carrier: input.carrier, remember_me: input.remember_me, provider_expires_at: identity.expiresAt });
}

