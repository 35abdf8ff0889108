import crypto from "node:crypto";
import { LRUCache } from "lru-cache";
import type { UpstreamFailure, UpstreamResult } from "../upstream/errors";
import type { TokenAnswer } from "../upstream/schemas";

type Renewal = UpstreamResult<TokenAnswer>;

/**
 * Single flight per refresh token and tenant: parallel loaders of one navigation all arrive with the same expired
 * cookie; only the first asks the token service, the others share its answer. A finished answer is kept a
 * little while for requests that were already on their way with the old cookie. The tenant is part of the key: a
 * copy of the cookie on another tenant's host gets that tenant's answer (a refusal), never this one's new tokens.
 */
const inFlight = new Map<string, Promise<Renewal>>();
const settled = new LRUCache<string, Renewal>({ max: 10_000, ttl: 20_000 });

const keyOf = (tenantCode: string, refreshToken: string) =>
  crypto.createHash("sha256").update(tenantCode).update("\n").update(refreshToken).digest("base64url");

export function renewOnce(tenantCode: string, refreshToken: string, renew: () => Promise<Renewal>): Promise<Renewal> {
  const key = keyOf(tenantCode, refreshToken);
  const done = settled.get(key);
  if (done) return Promise.resolve(done);
  let pending = inFlight.get(key);
  if (!pending) {
    pending = renew()
      .then((result) => {
        if (result.ok) settled.set(key, result);
        return result;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/**
 * A token is expired when created_at + expires_in is in the past (spec 1 §4). created_at is the API's clock, so `now`
 * must be the same service clock (context.config.clock, CARGO_NOW-aware), not this process's Date.now(). A few
 * seconds of margin avoid a race between the two.
 */
export function isExpired(tokens: { createdAt: number; expiresIn: number }, now: Date): boolean {
  const nowSeconds = now.getTime() / 1000;
  return tokens.createdAt + tokens.expiresIn <= nowSeconds + 5;
}

/**
 * Whether the token service refused the refresh token (expired, revoked, unknown: the user must sign in again), as
 * opposed to not answering it: unreachable, timed out, a 5xx while the API or its database restarts, throttled. Then
 * the refresh token is as good as before, and signing the user out would lose their session over an outage.
 */
export function renewalRefused(failure: UpstreamFailure): boolean {
  return failure.status >= 400 && failure.status < 500 && failure.status !== 408 && failure.status !== 429;
}
