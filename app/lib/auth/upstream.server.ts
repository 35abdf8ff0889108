import { flashNotice } from "../notices/redirect-with-notice.server";
import type { AppLoadContext } from "@remix-run/node";
import type { AppConfig } from "../config.server";
import type { RequestSession } from "../session/request-session.server";
import type { Tenant } from "../tenant";
import { createUpstream, type Upstream } from "../upstream/client.server";
import { IdempotencyKeys } from "../upstream/idempotency-keys.server";
import type { UpstreamWait } from "../upstream/upstream-wait";
import type { AuthTokens } from "../session/session-data";
import { authorizationOf } from "./establish.server";

/**
 * The upstream client of one request, built once with its load context: its tenant's carrier header, its
 * abort signal, the configured timeouts, the slow-server notice flashed into the session (spec 3 §8), the
 * browser's address for the API's per-address sign-in throttling, and the submitted form's idempotency key.
 */
export function createRequestUpstream(
  request: Request,
  parts: { config: AppConfig; session: RequestSession; tenant: Tenant; clientAddress?: string; upstreamWait?: UpstreamWait; idempotencyKey?: string },
): Upstream {
  const { config, session } = parts;
  return createUpstream({
    baseUrl: config.upstreamUrl,
    carrier: parts.tenant.carrierHeader,
    timeoutMs: config.upstreamTimeoutMs,
    slowMs: config.slowUpstreamMs,
    signal: request.signal,
    onSlow: () => void session.get().then((s) => flashNotice(s, { kind: "info", key: "common:notices.slowServer" })),
    client:
      parts.clientAddress && config.clientAddressSecret ? { address: parts.clientAddress, secret: config.clientAddressSecret } : undefined,
    wait: parts.upstreamWait,
    idempotency: parts.idempotencyKey ? new IdempotencyKeys(parts.idempotencyKey) : undefined,
  });
}

/**
 * This request's client carrying `tokens` (sign-in, renewal, sign-out), or none; no global reactions. Derived
 * from the one the load context built (async and taking the request only for its older callers).
 */
export async function upstreamFor(_request: Request, context: AppLoadContext, tokens?: AuthTokens): Promise<Upstream> {
  return tokens ? context.upstream.with({ authorization: authorizationOf(tokens) }) : context.upstream;
}
