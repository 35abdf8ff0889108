import type { AppLoadContext, SessionStorage } from "@remix-run/node";
import { AuthorizationError, Strategy, type AuthenticateOptions } from "remix-auth";
import type { AuthTokens, SessionProfile } from "../session/session-data";
import type { Upstream } from "../upstream/client.server";
import type { UpstreamFailure } from "../upstream/errors";
import { passwordGrant } from "../upstream/auth.server";
import { fetchSessionProfile, tokensFrom } from "./establish.server";

export interface Credentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

/** Per-request inputs, passed through remix-auth's `context` so one strategy instance serves every tenant. */
export interface SignInContext {
  credentials?: Credentials;
  tokenApi?: Upstream;
  withToken?: (tokens: AuthTokens) => Promise<Upstream>;
}

export interface SignedIn {
  tokens: AuthTokens;
  profile: SessionProfile;
}

/** Thrown (inside AuthorizationError.cause) so the sign-in form can show the upstream's classified error. */
export class SignInFailure extends Error {
  constructor(readonly failure: UpstreamFailure) {
    super(failure.code);
  }
}

/**
 * remix-auth strategy for the OAuth2 resource-owner password grant against our token service:
 * token first, then the profile with the new token (spec 1 §4 "Session").
 * The form was already parsed and validated by the action; it travels in `context`.
 */
export class PasswordGrantStrategy extends Strategy<SignedIn, never> {
  name = "password-grant";

  constructor() {
    super(async () => {
      throw new Error("unused: this strategy verifies upstream");
    });
  }

  async authenticate(
    request: Request,
    sessionStorage: SessionStorage,
    options: AuthenticateOptions & { context?: AppLoadContext & SignInContext },
  ): Promise<SignedIn> {
    const credentials = options.context?.credentials;
    const tokenApi = options.context?.tokenApi;
    const withToken = options.context?.withToken;
    if (!credentials || !tokenApi || !withToken) throw new AuthorizationError("credentials missing");
    const grant = await passwordGrant(tokenApi, credentials);
    if (!grant.ok) {
      return this.failure(grant.code, request, sessionStorage, options, new SignInFailure(grant));
    }
    const tokens = tokensFrom(grant.data);
    const profile = await fetchSessionProfile(await withToken(tokens));
    if (!profile.ok) {
      return this.failure(profile.code, request, sessionStorage, options, new SignInFailure(profile));
    }
    return this.success({ tokens, profile: profile.data }, request, sessionStorage, options);
  }
}

