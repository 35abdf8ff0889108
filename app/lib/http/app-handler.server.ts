import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import type { AppConfig } from "../config.server";
import { RequestSession } from "../session/request-session.server";
import { createEncryptedSessionStorage } from "../session/storage.server";

const SECURITY_HEADERS: Record<string, string> = {
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "same-origin",
};

/**
 * The whole BFF as one `Request → Response` function: builds the per-request context (config, lazily
 * decrypted session), runs Remix, and writes the session back once if it changed. server.ts serves it;
 * tests call it directly.
 */
export function createAppHandler(build: ServerBuild, config: AppConfig) {
  const storage = createEncryptedSessionStorage({ secrets: config.sessionSecrets, secure: config.secureCookies });
  const handle = createRequestHandler(build, config.env === "production" ? "production" : "development");

  return async function handleAppRequest(request: Request): Promise<Response> {
    const session = new RequestSession(storage, request.headers.get("Cookie"));
    const response = await handle(request, { config, session });
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!headers.has(name)) headers.set(name, value);
    const setCookie = await session.setCookie();
    if (setCookie) {
      headers.append("Set-Cookie", setCookie);
      // a page that changed the session is this user's alone
      headers.set("Cache-Control", "private, no-store");
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  };
}
