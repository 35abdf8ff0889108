import type { FastifyReply, FastifyRequest } from "fastify";
import type { OauthToken } from "../db/tables/auth";
import type { User } from "../db/tables/users";
import { effectiveProfile, usableProfiles, type ProfileWithCompany } from "../profiles/access";
import { invalidToken } from "./oauth-error";
import { carrierFromHeader } from "./tenant";
import { findCaller } from "./caller";
import { accessTokenLive } from "./tokens";
import { sha256 } from "./secrets";

/**
 * Who is calling and with which profile. Every query of an authenticated route is scoped by
 * `carrier` (the tenant) and `profile` (the user's current company and role on that tenant).
 */
export interface AuthContext {
  user: User;
  grant: OauthToken;
  /** Upper-case tenant code, null on the default tenant. */
  carrier: string | null;
  /** The profiles usable on this tenant, oldest first. */
  profiles: ProfileWithCompany[];
  /** The current profile; null for a user without any company. */
  profile: ProfileWithCompany | null;
}

declare module "fastify" {
  interface FastifyRequest {
    auth: AuthContext;
  }
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/** onRequest hook for every protected route: resolves the bearer token into request.auth or answers 401. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const deps = request.server.deps;
  const token = bearerToken(request);
  if (!token) throw invalidToken("token_missing");
  const caller = await findCaller(deps.db, sha256(token));
  if (!caller || !accessTokenLive(caller.grant, deps.now(), deps.config.REFRESH_GRACE_SECONDS)) throw invalidToken("token_invalid");
  const { grant, user, profiles: all } = caller;
  const carrier = carrierFromHeader(request);
  // A token serves only the tenant it was issued on; otherwise an airline user could sign in on their
  // own tenant and replay the token on another airline's.
  if (grant.carrier !== carrier) throw invalidToken("token_other_carrier");
  const profiles = usableProfiles(all, carrier);
  if (all.length > 0 && profiles.length === 0) throw invalidToken("user_blocked");
  request.auth = { user, grant, carrier, profiles, profile: effectiveProfile(profiles) };
}
