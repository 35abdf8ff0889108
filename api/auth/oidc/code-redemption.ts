import type { ProviderClient } from "./id-token";
import { ProviderFetchError, type ProviderFetchOptions, providerJson } from "./provider-fetch";
import { providerMetadata } from "./provider-metadata";

/** Our client at a tenant's provider, with the secret it authenticates with (kept by the API alone). */
export interface ConfidentialClient extends ProviderClient {
  clientSecret: string;
}

/** What came back to the product's callback, and what the sign-in kept to prove it started it (RFC 7636). */
export interface AuthorizationCode {
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

/** The provider refused the code: used already (replayed), expired, for another redirect, or a wrong verifier. */
export class CodeRefusedError extends Error {
  readonly code = "code_refused";
  constructor(readonly providerError: string) {
    super(`code_refused: ${providerError}`);
  }
}

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** Codes and redirect addresses are short; longer input is refused before anything is sent. */
const CODE_MAX_CHARS = 2048;
const URI_MAX_CHARS = 2048;

/** RFC 6749 §2.3.1: id and secret form-encoded, then Basic. */
const basicAuthorization = (client: ConfidentialClient) =>
  `Basic ${Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString("base64")}`;

/**
 * Trades an authorization code for the provider's tokens at its token endpoint (the authorization code grant with
 * PKCE), as the confidential client; answers the ID token, which the caller then verifies (verifyIdToken). Throws
 * CodeRefusedError when the provider refuses the code, ProviderFetchError when it cannot be asked or answers nonsense.
 */
export async function redeemAuthorizationCode(client: ConfidentialClient, grant: AuthorizationCode, o: ProviderFetchOptions): Promise<string> {
  if (!grant.code || grant.code.length > CODE_MAX_CHARS) throw new CodeRefusedError("no code of a sensible length");
  if (!VERIFIER.test(grant.codeVerifier)) throw new CodeRefusedError("not a PKCE code verifier");
  if (!grant.redirectUri || grant.redirectUri.length > URI_MAX_CHARS) throw new CodeRefusedError("no redirect address of a sensible length");
  const metadata = await providerMetadata(client.issuer, o);
  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code: grant.code,
    redirect_uri: grant.redirectUri,
    code_verifier: grant.codeVerifier,
  });
  const { status, body } = await providerJson(metadata.tokenEndpoint, { ...o, form, authorization: basicAuthorization(client) });
  if (status === 400 && body.error === "invalid_grant") throw new CodeRefusedError("invalid_grant");
  if (status !== 200) throw new ProviderFetchError("provider_bad_answer", `the token endpoint answered ${status} ${String(body.error ?? "").slice(0, 100)}`);
  if (typeof body.id_token !== "string") throw new ProviderFetchError("provider_bad_answer", "the token answer has no ID token (was the openid scope asked for?)");
  return body.id_token;
}
