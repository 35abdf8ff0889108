/**
 * Whether a driver error means the database could not serve the request at all, rather than anything about the
 * request: PostgreSQL restarting (`pg_ctlcluster ... restart`), a refused or dropped connection, no free connection
 * in time, a statement stopped by its timeout. The API answers those 503 with Retry-After (http/errors.ts): the same
 * request may well succeed in a few seconds, and a 500 would call it a defect.
 *
 * "unreachable": no connection, or it died under the request (whatever the request did in a transaction was rolled
 * back by the server with it). "timeout": the server or the driver gave up waiting for an answer.
 */
export type DatabaseOutage = "unreachable" | "timeout";

/** Socket errors of a connection to the server (node's `net`, as node-postgres passes them on). */
const SOCKET_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "EPIPE", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "ENOTFOUND", "EAI_AGAIN", "ECONNABORTED"]);

/**
 * SQLSTATEs of a server that cannot take the request: 57P01 admin_shutdown (a fast shutdown or pg_terminate_backend
 * ended the session), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up or shutting down), 53300
 * too_many_connections; and the whole class 08 (connection exception), matched by prefix below.
 */
const UNAVAILABLE_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);
/** 57014 query_canceled: statement_timeout (api/db/open.ts) stopped a statement that ran too long. */
const TIMEOUT_STATES = new Set(["57014"]);

/** node-postgres says these in words only (no code). */
const UNREACHABLE_MESSAGES = [
  /^Connection terminated/, // unexpectedly / due to connection timeout / (ended while a query waited)
  /^timeout exceeded when trying to connect$/, // the pool's connectionTimeoutMillis: no connection in time
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];
const TIMEOUT_MESSAGES = [/^Query read timeout$/]; // the driver's query_timeout: the server went silent

function classify(e: { code?: unknown; message?: unknown }): DatabaseOutage | null {
  const code = typeof e.code === "string" ? e.code : undefined;
  if (code && (SOCKET_CODES.has(code) || UNAVAILABLE_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return "unreachable";
  if (code && TIMEOUT_STATES.has(code)) return "timeout";
  const message = typeof e.message === "string" ? e.message : "";
  if (UNREACHABLE_MESSAGES.some((m) => m.test(message))) return "unreachable";
  if (TIMEOUT_MESSAGES.some((m) => m.test(message))) return "timeout";
  return null;
}

/**
 * The outage an error stands for, looking through the causes drizzle wraps driver errors in and the attempts of an
 * AggregateError (a host name with an IPv4 and an IPv6 address refuses twice); null for any other error.
 */
export function databaseOutage(err: unknown, depth = 0): DatabaseOutage | null {
  if (!err || typeof err !== "object" || depth > 5) return null;
  const found = classify(err as { code?: unknown; message?: unknown });
  if (found) return found;
  if (err instanceof AggregateError) {
    for (const inner of err.errors) {
      const outage = databaseOutage(inner, depth + 1);
      if (outage) return outage;
    }
  }
  return databaseOutage((err as { cause?: unknown }).cause, depth + 1);
}
