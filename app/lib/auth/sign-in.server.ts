import type { AppLoadContext } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { createEncryptedSessionStorage } from "../session/storage.server";
import { failure, type UpstreamFailure } from "../upstream/errors";
import type { AuthTokens } from "../session/session-data";
import { PasswordGrantStrategy, SignInFailure, type Credentials, type SignedIn } from "./password-grant-strategy.server";
import { rotateCsrfToken } from "./csrf.server";
import { storeSignedIn } from "./establish.server";
import { tenantOf } from "./tenant.server";
import { loadUiSettings, uiSettingsKey } from "./ui-settings.server";
import { upstreamFor } from "./upstream.server";

let authenticator: Authenticator<SignedIn> | undefined;

/** One authenticator per process; the strategy takes everything request-specific from `context`. */
function authenticatorFor(context: AppLoadContext): Authenticator<SignedIn> {
  if (!authenticator) {
    const { config } = context;
    authenticator = new Authenticator<SignedIn>(
      createEncryptedSessionStorage({ secrets: config.sessionSecrets, secure: config.secureCookies }),
    );
    authenticator.use(new PasswordGrantStrategy(), "password-grant");
  }
  return authenticator;
}

/**
 * Signs in: token, then profile, then the company UI settings (spec 1 §4), all stored server-side.
 * Answers the classified failure instead of throwing, for the form to show beside its fields.
 */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  credentials: Credentials,
): Promise<{ ok: true; signedIn: SignedIn } | UpstreamFailure> {
  const tokenApi = await upstreamFor(request, context);
  const withToken = (tokens: AuthTokens) => upstreamFor(request, context, tokens);
  let signedIn: SignedIn;
  try {
    // remix-auth clones the request; the action already read its body, so hand it a body-less copy
    const bare = new Request(request.url, { headers: request.headers, signal: request.signal });
    signedIn = await authenticatorFor(context).authenticate("password-grant", bare, {
      throwOnError: true,
      context: { ...context, credentials, tokenApi, withToken } as AppLoadContext,
    });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof SignInFailure) return error.cause.failure;
    if (error instanceof AuthorizationError) return failure("Undefined");
    throw error;
  }
  const session = await context.session.get();
  storeSignedIn(session, signedIn.tokens, signedIn.profile, credentials.email);
  rotateCsrfToken(session);
  const tenant = tenantOf(request, context);
  const api = await upstreamFor(request, context, signedIn.tokens);
  await loadUiSettings(api, uiSettingsKey(api, tenant.code, signedIn.profile.company_id, signedIn.profile.role));
  return { ok: true, signedIn };
}
