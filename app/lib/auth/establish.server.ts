import type { AppSession } from "../session/storage.server";
import type { AuthTokens, SessionProfile } from "../session/session-data";
import type { Upstream } from "../upstream/client.server";
import type { UpstreamResult } from "../upstream/errors";
import { getProfile } from "../upstream/profile.server";
import type { TokenAnswer } from "../upstream/schemas";

export function tokensFrom(answer: TokenAnswer): AuthTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    tokenType: answer.token_type || "Bearer",
    createdAt: Number(answer.created_at),
    expiresIn: Number(answer.expires_in),
  };
}

export function authorizationOf(tokens: AuthTokens): string {
  return `${tokens.tokenType} ${tokens.accessToken}`;
}

/** Loads `profiles/me` and keeps the part the BFF needs between requests. */
export async function fetchSessionProfile(api: Upstream): Promise<UpstreamResult<SessionProfile>> {
  const result = await getProfile(api);
  if (!result.ok) return result;
  const p = result.data;
  return {
    ...result,
    data: {
      id: Number(p.id),
      email: p.email,
      firstname: p.firstname ?? null,
      lastname: p.lastname ?? null,
      locale: p.locale ?? null,
      role: p.role ?? null,
      company_id: p.company_id == null ? null : Number(p.company_id),
      company_name: p.company_name ?? null,
      company_short_name: p.company_short_name ?? null,
      company_business_type: p.company_business_type ?? null,
    },
  };
}

/** Stores what sign-in and renewal established: tokens, profile, and the e-mail (kept across renewals). */
export function storeSignedIn(session: AppSession, tokens: AuthTokens, profile: SessionProfile, email?: string) {
  session.set("auth", tokens);
  session.set("profile", profile);
  session.set("email", email ?? profile.email);
}
