import type { AppConfig } from "../config.server";
import type { RequestSession } from "../session/request-session.server";
import type { Tenant } from "../tenant";
import type { Upstream } from "../upstream/client.server";
import type { UpstreamWait } from "../upstream/upstream-wait";
import type { RequestRejection } from "./request-limits.server";

/** What server.ts hands every loader and action (Hydrogen-style: built once per request). */
export interface CargoLoadContext {
  config: AppConfig;
  session: RequestSession;
  /** This request's tenant, from its Host (spec 1 §4). */
  tenant: Tenant;
  /**
   * The cargo API client of this request (tenant's carrier header, abort signal, timeouts, slow notice, client
   * address), without a token and without the global reactions: getUser derives the signed-in user's from it.
   */
  upstream: Upstream;
  /** Set when request-limits refused the request: the route answers it with its error boundary. */
  requestRejection?: RequestRejection;
  /** The browser's address (see resolveClientAddress), forwarded to the API; unknown in some tests. */
  clientAddress?: string;
  /** This answer's Content-Security-Policy nonce: every inline script must carry it. */
  cspNonce?: string;
  /**
   * The submitted form's idempotency key (its hidden field): `upstream` sends it, one derived key per call, as the
   * Idempotency-Key of every mutating cargo API call this request makes (issue 12). Absent on reads and on forms without it.
   */
  idempotencyKey?: string;
  /**
   * Filled by an action that returned a form's refusal (form-refusals.server.ts) with the status it stands for: the
   * app handler names it in the answer's X-Form-Refusal header, which a document answer would not carry otherwise.
   */
  formRefusal?: { status?: number };
  /** Time this request waited for the cargo API (Server-Timing "upstream"); absent in some tests. */
  upstreamWait?: UpstreamWait;
}

declare module "@remix-run/node" {
  // eslint-disable-next-line @typescript-eslint/no-empty-interface
  interface AppLoadContext extends CargoLoadContext {}
}
