import type { AppConfig } from "../config.server";
import type { RequestSession } from "../session/request-session.server";
import type { RequestRejection } from "./request-limits.server";

/** What server.ts hands every loader and action (Hydrogen-style: built once per request). */
export interface CargoLoadContext {
  config: AppConfig;
  session: RequestSession;
  /** Set when request-limits refused the request: the route answers it with its error boundary. */
  requestRejection?: RequestRejection;
  /** The browser's address (see resolveClientAddress), forwarded to the API; unknown in some tests. */
  clientAddress?: string;
  /** This answer's Content-Security-Policy nonce: every inline script must carry it. */
  cspNonce?: string;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface AppLoadContext extends CargoLoadContext {}
}
