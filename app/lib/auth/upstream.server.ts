import type { AppLoadContext } from "@remix-run/node";
import { createUpstream, type Upstream } from "../upstream/client.server";
import type { AuthTokens } from "../session/session-data";
import { tenantOf } from "./tenant.server";

/**
 * An upstream client bound to this request: its tenant's carrier header, its abort signal, the
 * configured timeouts, the slow-server notice flashed into the session (spec 3 §8), and the browser's
 * address for the API's per-address sign-in throttling.
 */
export async function upstreamFor(request: Request, context: AppLoadContext, tokens?: AuthTokens): Promise<Upstream> {
  const { config } = context;
  const session = await context.session.get();
  return createUpstream({
    baseUrl: config.upstreamUrl,
    carrier: tenantOf(request, context).carrierHeader,
    authorization: tokens ? `${tokens.tokenType} ${tokens.accessToken}` : undefined,
    timeoutMs: config.upstreamTimeoutMs,
    slowMs: config.slowUpstreamMs,
    signal: request.signal,
    onSlow: () => session.flash("notice", { kind: "info", key: "slowServer" }),
    client:
      context.clientAddress && config.clientAddressSecret
        ? { address: context.clientAddress, secret: config.clientAddressSecret }
        : undefined,
  });
}
