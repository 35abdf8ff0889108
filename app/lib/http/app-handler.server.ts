import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type { AppConfig } from "../config.server";
import { RequestSession } from "../session/request-session.server";
import { createEncryptedSessionStorage } from "../session/storage.server";
import { resolveClientAddress, type ClientConnection } from "./client-address.server";
import { refusalBeforeReading } from "./body-admission.server";
import { accessDeniedRequest, isCrossOriginMutation } from "./cross-origin.server";
import { limitRequest, type LimitedRequest } from "./request-limits.server";
import { createRequestUpstream } from "../auth/upstream.server";
import { deriveTenant } from "../tenant";
import { withRequestRejections } from "./route-rejections.server";
import { nameFormRefusal, withFormRefusalsAnswered } from "./form-refusals.server";
import { applySecurityHeaders, cspNonce } from "./security-headers.server";
import { encodeLocation } from "./redirect";
import { UpstreamWait } from "../upstream/upstream-wait";

/** Where a redirect sends the browser: the Location of a document answer, Remix's header on a data request. */
const REDIRECT_HEADERS = ["Location", "X-Remix-Redirect"] as const;

/**
 * The whole BFF as one `Request → Response` function: builds the per-request context (config, lazily
 * decrypted session, the client's address, the CSP nonce), runs Remix, and writes the session back once
 * if it changed. server.ts serves it and passes the socket's address; tests call it directly.
 */
export function createAppHandler(build: ServerBuild, config: AppConfig) {
  const storage = createEncryptedSessionStorage({ secrets: config.sessionSecrets, secure: config.secureCookies });
  // Remix's development mode puts each error's message and stack trace (this machine's paths) into the page it
  // answers; production mode sends "Unexpected Server Error" and logs the error here, which is what a developer
  // gets too unless they ask for more (SHOW_ERROR_DETAILS=1, config.server.ts).
  const handle = createRequestHandler(withFormRefusalsAnswered(withRequestRejections(build)), config.showErrorDetails ? "development" : "production");

  /**
   * What getLoadContext builds in Hydrogen's server.ts: everything a loader needs from the request, once
   * (the session decrypts lazily; the signed-in user is resolved once on top of it, see getUser).
   */
  function loadContextOf(request: Request, session: RequestSession, limited: Omit<LimitedRequest, "request">, connection: ClientConnection): AppLoadContext {
    const { rejection: requestRejection, idempotencyKey } = limited;
    const clientAddress = resolveClientAddress(request.headers.get("X-Forwarded-For"), connection, config.trustProxy);
    const tenant = deriveTenant(new URL(request.url).host, config);
    const upstreamWait = new UpstreamWait();
    const upstream = createRequestUpstream(request, { config, session, tenant, clientAddress, upstreamWait, idempotencyKey });
    return { config, session, tenant, upstream, requestRejection, clientAddress, cspNonce: cspNonce(), upstreamWait, idempotencyKey, formRefusal: {} };
  }

  return async function handleAppRequest(incoming: Request, connection: ClientConnection = {}): Promise<Response> {
    // a form posted from another origin (a sibling tenant) runs no action and is not even read; nor is one that
    // cannot carry a valid CSRF token (body-admission); any other request's body is capped and its fields checked
    // before Remix or conform parse it (limits before work)
    const session = new RequestSession(storage, incoming.headers.get("Cookie"));
    const { request, ...limited } = isCrossOriginMutation(incoming)
      ? { request: accessDeniedRequest(incoming) }
      : await limitRequest(incoming, (multipart) => refusalBeforeReading(multipart, session));
    const started = performance.now();
    const context = loadContextOf(request, session, limited, connection);
    const { upstreamWait, cspNonce: nonce } = context;
    const signedInBefore = await session.isSignedIn();
    const response = await handle(request, context);
    const headers = new Headers(response.headers);
    for (const name of REDIRECT_HEADERS) {
      const target = headers.get(name);
      if (target !== null) headers.set(name, encodeLocation(target));
    }
    nameFormRefusal(headers, context.formRefusal);
    // what this answer cost beside what it waited for (devtools' Timing tab, npm run bench)
    headers.append("Server-Timing", `upstream;dur=${upstreamWait!.ms.toFixed(1)};desc="${upstreamWait!.calls} calls", app;dur=${(performance.now() - started).toFixed(1)}`);
    applySecurityHeaders(headers, { nonce, production: config.env === "production" });
    const setCookie = await session.setCookie();
    if (setCookie) headers.append("Set-Cookie", setCookie);
    // An answer to a signed-in request, or one that changed the session, is this user's alone: no cache
    // (shared or the browser's back/forward one) may keep it. Also when a loader chose its own caching.
    if (setCookie || signedInBefore) headers.set("Cache-Control", "private, no-store");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
