import { createLocalJWKSet, type JSONWebKeySet } from "jose";
import { LRUCache } from "lru-cache";
import { ProviderFetchError, type ProviderFetchOptions, providerJson, providerUrlRefusal } from "./provider-fetch";

/**
 * What the API needs to know of a tenant's OpenID Connect provider (issue 26): its endpoints, from its discovery
 * document (OpenID Connect Discovery 1.0), and its signing keys, from its key set. Kept for 10 minutes per issuer
 * (at most 200 issuers); a key the set lacks (the provider rotated its keys) reads them again, at most once a minute.
 */
export interface ProviderMetadata {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  endSessionEndpoint: string | null;
  /** jose's key lookup over the provider's public keys. */
  keys: ReturnType<typeof createLocalJWKSet>;
  /** When the keys were read (ms since the epoch). */
  keysReadAt: number;
}

const METADATA_TTL_MS = 10 * 60_000;
/** The soonest the keys of one issuer are read again for a key they lack. */
export const KEYS_REREAD_AFTER_MS = 60_000;
/** More keys than any provider publishes: a longer set is refused, not searched. */
const MAX_KEYS = 50;

const cache = new LRUCache<string, Promise<ProviderMetadata>>({ max: 200, ttl: METADATA_TTL_MS });

/** The discovery document's URL for an issuer (its path kept, as OIDC Discovery §4 says). */
const discoveryUrl = (issuer: string) => `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;

function endpoint(document: Record<string, unknown>, name: string, o: ProviderFetchOptions, required: boolean): string | null {
  const value = document[name];
  if (value === undefined && !required) return null;
  if (typeof value !== "string") throw new ProviderFetchError("provider_bad_answer", `the discovery document has no ${name}`);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ProviderFetchError("provider_bad_answer", `${name} is not a URL`);
  }
  const refused = providerUrlRefusal(url, o.allowLoopback);
  if (refused) throw new ProviderFetchError("provider_refused_address", `${name}: ${refused}`);
  return value;
}

async function readKeys(jwksUri: string, o: ProviderFetchOptions) {
  const { status, body } = await providerJson(jwksUri, o);
  if (status !== 200 || !Array.isArray(body.keys)) throw new ProviderFetchError("provider_bad_answer", `the key set answered ${status} without keys`);
  if (body.keys.length > MAX_KEYS) throw new ProviderFetchError("provider_bad_answer", `the key set has over ${MAX_KEYS} keys`);
  return createLocalJWKSet(body as unknown as JSONWebKeySet);
}

async function readMetadata(issuer: string, o: ProviderFetchOptions): Promise<ProviderMetadata> {
  const { status, body } = await providerJson(discoveryUrl(issuer), o);
  if (status !== 200) throw new ProviderFetchError("provider_bad_answer", `the discovery document answered ${status}`);
  // OIDC Discovery §4.3: the document must name exactly the issuer it was asked for, or it is another provider's
  if (body.issuer !== issuer) throw new ProviderFetchError("provider_bad_answer", `the discovery document names another issuer (${String(body.issuer).slice(0, 200)})`);
  const jwksUri = endpoint(body, "jwks_uri", o, true)!;
  return {
    issuer,
    authorizationEndpoint: endpoint(body, "authorization_endpoint", o, true)!,
    tokenEndpoint: endpoint(body, "token_endpoint", o, true)!,
    endSessionEndpoint: endpoint(body, "end_session_endpoint", o, false),
    keys: await readKeys(jwksUri, o),
    keysReadAt: Date.now(),
  };
}

/** Kept per issuer and address rule: what was read where loopback was allowed never serves where it is not. */
const cacheKey = (issuer: string, o: ProviderFetchOptions) => `${o.allowLoopback ? "loopback" : "public"} ${issuer}`;

/** The provider's metadata, from the cache or read now (one read per issuer at a time; a failed read is not kept). */
export function providerMetadata(issuer: string, o: ProviderFetchOptions): Promise<ProviderMetadata> {
  const key = cacheKey(issuer, o);
  const kept = cache.get(key);
  if (kept) return kept;
  const reading = readMetadata(issuer, o);
  cache.set(key, reading);
  reading.catch(() => {
    if (cache.get(key) === reading) cache.delete(key);
  });
  return reading;
}

/** Reads the provider's metadata again (its keys changed), unless they were read less than a minute ago. */
export async function rereadProviderKeys(current: ProviderMetadata, o: ProviderFetchOptions): Promise<ProviderMetadata | null> {
  if (Date.now() - current.keysReadAt < KEYS_REREAD_AFTER_MS) return null;
  cache.delete(cacheKey(current.issuer, o));
  return providerMetadata(current.issuer, o);
}

/** Tests: forget every provider (a test's provider listens on a new port each time, but may reuse one). */
export function forgetProviderMetadata(): void {
  cache.clear();
}
