import { timingSafeEqual } from "node:crypto";
import { errors, jwtVerify, type JWTPayload } from "jose";
import type { ProviderFetchOptions } from "./provider-fetch";
import { type ProviderMetadata, providerMetadata, rereadProviderKeys } from "./provider-metadata";

/** A tenant's provider as the product is registered there: who issues its tokens, and our client's id with it. */
export interface ProviderClient {
  issuer: string;
  clientId: string;
}

/** Who the provider says is signing in, from an ID token it signed for our client (OpenID Connect Core §3.1.3.7). */
export interface ProviderIdentity {
  /** The provider's subject: stable per person at that provider. */
  subject: string;
  /** Lower-case. */
  email: string;
  /** Every claim of the token, for the tenant's role mapping. */
  claims: JWTPayload;
  /** When the provider's word runs out: the product's session may not be renewed past it without asking again. */
  expiresAt: Date;
}

/** Why an ID token is refused; each is a refusal code of the sign-in (never the token's own text). */
export type IdTokenFault =
  | "id_token_malformed"
  | "id_token_signature"
  | "id_token_expired"
  | "id_token_wrong_issuer"
  | "id_token_wrong_audience"
  | "id_token_nonce_mismatch"
  | "id_token_without_email"
  | "id_token_email_unverified";

export class IdTokenError extends Error {
  constructor(
    readonly code: IdTokenFault,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

/** A signed JWT of a few claims is 1-2 KiB; anything much longer is refused before it is parsed. */
export const ID_TOKEN_MAX_CHARS = 16 * 1024;
/** Asymmetric algorithms only: "none" and HMAC (signed with the client's secret, which a tenant admin knows) never. */
const ALGORITHMS = ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"];
/** The clocks of the provider and of this machine may differ by this much. */
const CLOCK_TOLERANCE_SECONDS = 60;

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

async function verifyWith(metadata: ProviderMetadata, client: ProviderClient, idToken: string, now: Date) {
  return jwtVerify(idToken, metadata.keys, {
    issuer: client.issuer,
    audience: client.clientId,
    algorithms: ALGORITHMS,
    currentDate: now,
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
    requiredClaims: ["sub", "iat", "exp"],
  });
}

function refusal(error: unknown): IdTokenError {
  if (error instanceof errors.JWTExpired) return new IdTokenError("id_token_expired", "the token has expired");
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === "iss") return new IdTokenError("id_token_wrong_issuer", "issued by another provider");
    if (error.claim === "aud") return new IdTokenError("id_token_wrong_audience", "issued for another client");
    return new IdTokenError("id_token_malformed", `claim ${error.claim}: ${error.reason}`);
  }
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JOSEAlgNotAllowed) {
    return new IdTokenError("id_token_signature", "not signed by the provider's keys");
  }
  return new IdTokenError("id_token_malformed", (error as Error).message?.slice(0, 200) ?? "unreadable");
}

/**
 * The identity an ID token carries, once it is proven: signed by one of the provider's keys (read from its discovery
 * document), issued by the configured issuer for our client id, not expired, with the nonce the sign-in sent (when
 * given), and an e-mail address the provider has not marked unverified. Throws IdTokenError for a token that fails
 * any of those, ProviderFetchError when the provider's metadata cannot be read.
 */
export async function verifyIdToken(
  client: ProviderClient,
  idToken: string,
  o: ProviderFetchOptions & { now: Date; nonce?: string },
): Promise<ProviderIdentity> {
  if (typeof idToken !== "string" || idToken.length > ID_TOKEN_MAX_CHARS || !/^[\w-]+\.[\w-]+\.[\w-]+$/.test(idToken)) {
    throw new IdTokenError("id_token_malformed", "not a signed JWT of a sensible length");
  }
  let metadata = await providerMetadata(client.issuer, o);
  let payload: JWTPayload;
  try {
    ({ payload } = await verifyWith(metadata, client, idToken, o.now));
  } catch (error) {
    // a key the set lacks: the provider may have rotated its keys since we read them
    const reread = error instanceof errors.JWKSNoMatchingKey ? await rereadProviderKeys(metadata, o) : null;
    if (!reread) throw refusal(error);
    metadata = reread;
    try {
      ({ payload } = await verifyWith(metadata, client, idToken, o.now));
    } catch (again) {
      throw refusal(again);
    }
  }
  // several audiences: the token must have been issued to us (azp), not to another of them
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== client.clientId) {
    throw new IdTokenError("id_token_wrong_audience", "issued to another party of its audiences");
  }
  if (o.nonce !== undefined && (typeof payload.nonce !== "string" || !sameText(payload.nonce, o.nonce))) {
    throw new IdTokenError("id_token_nonce_mismatch", "not the nonce this sign-in sent");
  }
  const email = typeof payload.email === "string" ? payload.email.trim().toLowerCase() : "";
  if (!email || email.length > 254 || !email.includes("@")) throw new IdTokenError("id_token_without_email", "the token carries no e-mail address");
  if (payload.email_verified === false) throw new IdTokenError("id_token_email_unverified", "the provider has not verified the e-mail address");
  return { subject: payload.sub!, email, claims: payload, expiresAt: new Date(payload.exp! * 1000) };
}
