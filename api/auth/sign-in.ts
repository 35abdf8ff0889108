import { eq } from "drizzle-orm";
import type { ApiDeps } from "../deps";
import { users } from "../db/schema";
import type { User } from "../db/tables/users";
import { usableProfiles } from "../profiles/access";
import { loadProfiles } from "../profiles/load";
import { invalidGrant, oauthError } from "./oauth-error";
import { passwordSignInOff, providerOnlyUser } from "./provider-only";
import { unknownUserHash, verifyPassword } from "./passwords";
import { attemptKeys, clearFailedLogins, recordFailedLogin, tooManyFailedLogins } from "./rate-limit";
import { findAirline } from "./tenant";
import { findRefreshGrant, issueGrant, markRefreshTokenUsed, revokeFamilyOnReuse, type TokenAnswer } from "./tokens";

/** An unknown tenant code is refused before anything else: nobody signs in on a tenant that does not exist. */
export async function requireKnownCarrier(deps: ApiDeps, carrier: string | null): Promise<void> {
  if (carrier !== null && !(await findAirline(deps.db, carrier))) {
    throw oauthError(400, "invalid_carrier", "unknown_carrier", { carrier: carrier.toLowerCase() });
  }
}

/**
 * Whether the user may hold a session on this tenant. A user without any profile (just registered)
 * may: they land on the profile page. A user whose profiles are all blocked may not; nor one whose
 * profiles all belong to other airlines.
 */
export async function assertTenantAccess(deps: ApiDeps, user: User, carrier: string | null): Promise<void> {
  const all = await loadProfiles(deps.db, user.id);
  if (all.length === 0) return;
  if (all.every((p) => p.profile.blocked)) throw invalidGrant("account_blocked");
  if (usableProfiles(all, carrier).length === 0) throw oauthError(400, "access_denied", "no_carrier_access");
}

export interface PasswordGrantInput {
  username: string;
  password: string;
  remember_me: boolean;
  carrier: string | null;
  /** The client's address (see clientAddressOf): failures are counted per account and address. */
  clientAddress: string;
}

export async function passwordGrant(deps: ApiDeps, input: PasswordGrantInput): Promise<TokenAnswer> {
  await requireKnownCarrier(deps, input.carrier);
  // the same answer for every account, so it tells nothing about which exist (docs/sso.md)
  if (await passwordSignInOff(deps.db, input.carrier)) throw invalidGrant("password_sign_in_off");
  const keys = attemptKeys(input.username, input.clientAddress);
  if (await tooManyFailedLogins(deps, keys)) {
    throw oauthError(429, "too_many_requests", "too_many_sign_in_attempts");
  }
  const email = input.username.trim().toLowerCase();
  const [user] = await deps.db.select().from(users).where(eq(users.email, email)).limit(1);
  // Hash even when the e-mail is unknown, so the answer time does not tell which e-mails exist.
  const passwordOk = await verifyPassword(input.password, user?.password_hash ?? (await unknownUserHash()));
  if (!user || !passwordOk) {
    await recordFailedLogin(deps, keys);
    throw invalidGrant("invalid_credentials");
  }
  if (await providerOnlyUser(deps.db, user.id)) throw invalidGrant("password_sign_in_off");
  await assertTenantAccess(deps, user, input.carrier);
  await clearFailedLogins(deps, keys);
  return issueGrant(deps, { user_id: user.id, email: user.email, carrier: input.carrier, remember_me: input.remember_me });
}

const refused = () => invalidGrant("refresh_token_invalid");

/**
 * Rotation: a new pair for every refresh; the used one dies after the grace period. Everything that may refuse
 * the refresh (the token, its tenant, the user and their profiles) is checked before the token is used up: a
 * refused refresh changes nothing, so a request on the wrong tenant cannot start the real user's grace clock and
 * sign them out half a minute later. The one exception is a reuse, which revokes the sign-in (revokeFamilyOnReuse).
 */
export async function refreshGrant(deps: ApiDeps, refreshToken: string, carrier: string | null): Promise<TokenAnswer> {
  const grant = await findRefreshGrant(deps, refreshToken);
  if (!grant || (await revokeFamilyOnReuse(deps, grant))) throw refused();
  // A grant is bound to the tenant it was issued on; presenting it on another tenant is not a renewal.
  if (grant.carrier !== carrier) throw refused();
  const [user] = await deps.db.select().from(users).where(eq(users.id, grant.user_id)).limit(1);
  if (!user) throw refused();
  // Blocked since the last sign-in, or lost the profile this tenant needs: no renewal.
  await assertTenantAccess(deps, user, carrier);
  return deps.db.transaction(async (tx) => {
    const used = await markRefreshTokenUsed(tx, deps, grant.id);
    // revoked, expired or past its grace between the checks and now
    if (!used) throw refused();
    return issueGrant(
      { ...deps, db: tx },
      {
        user_id: user.id,
        email: user.email,
        carrier,
        remember_me: used.remember_me,
        previous_refresh_token_hash: used.refresh_token_hash,
        family_id: used.family_id,
        provider_expires_at: used.provider_expires_at,
      },
    );
  });
}
