import { randomUUID } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import { addSeconds } from "../clock";
import type { ApiDeps } from "../deps";
import type { Db } from "../db/open";
import { oauthTokens } from "../db/schema";
import type { OauthToken } from "../db/tables/auth";
import { randomToken, sha256 } from "./secrets";

/** The token answer of spec 2 "Auth token result". */
export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
  created_at: number;
  email: string;
}

export interface GrantRequest {
  user_id: number;
  email: string;
  carrier: string | null;
  remember_me: boolean;
  previous_refresh_token_hash?: string;
  /** The sign-in this grant renews; unset for a password grant, which starts a new family. */
  family_id?: string;
  /** A sign-in through the tenant's identity provider: when its ID token ran out (no refresh after it). */
  provider_expires_at?: Date | null;
}

/**
 * Writes a new grant. `db` may be a transaction: a refresh issues the new pair in the one that uses the old
 * token up, so either both happen or neither.
 */
export async function issueGrant(
  { db, config, now }: Pick<ApiDeps, "config" | "now"> & { db: Pick<Db, "insert" | "delete"> },
  grant: GrantRequest,
): Promise<TokenAnswer> {
  const at = now();
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const refreshTtl = grant.remember_me ? config.REMEMBER_ME_REFRESH_TTL : config.REFRESH_TOKEN_TTL;
  // Housekeeping on the user's own rows (indexed by user_id): grants dead for a day are of no use.
  await db
    .delete(oauthTokens)
    .where(and(eq(oauthTokens.user_id, grant.user_id), lt(oauthTokens.refresh_expires_at, addSeconds(at, -86_400))));
  await db.insert(oauthTokens).values({
    user_id: grant.user_id,
    carrier: grant.carrier,
    access_token_hash: sha256(accessToken),
    refresh_token_hash: sha256(refreshToken),
    expires_in: config.ACCESS_TOKEN_TTL,
    refresh_expires_at: addSeconds(at, refreshTtl),
    remember_me: grant.remember_me,
    previous_refresh_token_hash: grant.previous_refresh_token_hash ?? null,
    family_id: grant.family_id ?? randomUUID(),
    provider_expires_at: grant.provider_expires_at ?? null,
    created_at: at,
  });
  return {
    access_token: accessToken,
    token_type: "Bearer",
    expires_in: config.ACCESS_TOKEN_TTL,
    refresh_token: refreshToken,
    scope: "public",
    created_at: Math.floor(at.getTime() / 1000),
    email: grant.email,
  };
}

/** A rotated grant stays usable for the grace period after its first refresh, then dies with its access token. */
const withinGrace = (row: OauthToken, at: Date, graceSeconds: number) =>
  row.rotated_at === null || addSeconds(row.rotated_at, graceSeconds) > at;

export const accessExpiresAt = (row: OauthToken) => addSeconds(row.created_at, row.expires_in);

/** Whether a grant read unrevoked still serves its access token at `at`: not expired, not rotated past grace. */
export const accessTokenLive = (row: OauthToken, at: Date, graceSeconds: number) =>
  accessExpiresAt(row) > at && withinGrace(row, at, graceSeconds);

/** The live grant behind an access token, or null when unknown, expired, revoked or rotated past grace. */
export async function findAccessGrant({ db, config, now }: ApiDeps, accessToken: string): Promise<OauthToken | null> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(and(eq(oauthTokens.access_token_hash, sha256(accessToken)), isNull(oauthTokens.revoked_at)))
    .limit(1);
  return row && accessTokenLive(row, now(), config.REFRESH_GRACE_SECONDS) ? row : null;
}

/** The live grant behind a refresh token (known, not revoked, not expired), read without using it up. */
export async function findRefreshGrant({ db, now }: Pick<ApiDeps, "db" | "now">, refreshToken: string): Promise<OauthToken | null> {
  const [row] = await db
    .select()
    .from(oauthTokens)
    .where(
      and(
        eq(oauthTokens.refresh_token_hash, sha256(refreshToken)),
        isNull(oauthTokens.revoked_at),
        gt(oauthTokens.refresh_expires_at, now()),
        // signed in through a provider: renewed only while the provider's word holds (docs/sso.md)
        or(isNull(oauthTokens.provider_expires_at), gt(oauthTokens.provider_expires_at, now())),
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * A rotated refresh token presented after its grace period was kept by someone other than the client that
 * rotated it (OAuth 2.0 Security BCP, refresh token rotation): which of the two is the thief cannot be told,
 * so every token of that sign-in dies, both branches included, and the user signs in again. The token alone
 * is the evidence, whatever tenant or client presents it. Answers whether it was such a reuse.
 */
export async function revokeFamilyOnReuse(deps: Pick<ApiDeps, "db" | "config" | "now">, grant: OauthToken): Promise<boolean> {
  if (withinGrace(grant, deps.now(), deps.config.REFRESH_GRACE_SECONDS)) return false;
  await revokeFamily(deps, grant.family_id);
  return true;
}

/**
 * Uses a refresh token up: stamps its first use, which starts the grace period. Call it only once every check
 * that may refuse the refresh has passed, so a refused refresh leaves the token as it was. The stamp is one
 * conditional UPDATE, so concurrent refreshes on several API instances agree on when the grace period
 * started, and a grant revoked, expired or past its grace since it was read is not used (null).
 */
export async function markRefreshTokenUsed(
  db: Pick<Db, "update">,
  { config, now }: Pick<ApiDeps, "config" | "now">,
  grantId: number,
): Promise<OauthToken | null> {
  const at = now();
  const graceStart = addSeconds(at, -config.REFRESH_GRACE_SECONDS);
  const [row] = await db
    .update(oauthTokens)
    .set({ rotated_at: sql`coalesce(${oauthTokens.rotated_at}, ${at.toISOString()}::timestamptz)` })
    .where(
      and(
        eq(oauthTokens.id, grantId),
        isNull(oauthTokens.revoked_at),
        gt(oauthTokens.refresh_expires_at, at),
        or(isNull(oauthTokens.rotated_at), gt(oauthTokens.rotated_at, graceStart)),
      ),
    )
    .returning();
  return row ?? null;
}

/** Ends every grant of one sign-in: the password grant and everything rotated from it. */
async function revokeFamily({ db, now }: Pick<ApiDeps, "db" | "now">, familyId: string): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revoked_at: now() })
    .where(and(eq(oauthTokens.family_id, familyId), isNull(oauthTokens.revoked_at)));
}

/** Revokes the grant (access and refresh) that the token, of either kind, belongs to. */
export async function revokeToken({ db, now }: ApiDeps, token: string): Promise<void> {
  const hash = sha256(token);
  await db
    .update(oauthTokens)
    .set({ revoked_at: now() })
    .where(
      and(
        or(eq(oauthTokens.access_token_hash, hash), eq(oauthTokens.refresh_token_hash, hash)),
        isNull(oauthTokens.revoked_at),
      ),
    );
}

/** After a password reset every existing session of the user ends. */
export async function revokeAllForUser({ db, now }: ApiDeps, userId: number): Promise<void> {
  await db
    .update(oauthTokens)
    .set({ revoked_at: now() })
    .where(and(eq(oauthTokens.user_id, userId), isNull(oauthTokens.revoked_at)));
}
