import { randomUUID } from "node:crypto";
import { Agent } from "undici";
import type { ZodType, ZodTypeDef } from "zod";
import { defaultCode, extractMessages, extractRefusals, failure, type ErrorMapper, type UpstreamFailure, type UpstreamResult } from "./errors";
import type { IdempotencyKeys } from "./idempotency-keys.server";
import type { UpstreamWait } from "./upstream-wait";

/**
 * Methods the spec lets us repeat (spec 1 §9). POST and PATCH only with an Idempotency-Key, and only once after a
 * broken connection (see sendWithRetries).
 */
const RETRY_METHODS = new Set(["GET", "PUT", "HEAD", "DELETE", "OPTIONS", "TRACE"]);
/** Calls that change something: with a form's idempotency key, each carries an Idempotency-Key (issue 12). */
const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const RETRY_STATUSES = new Set([408, 413, 429, 500, 502, 503, 504]);
const MAX_RETRIES = 2;

/** One keep-alive pool per process, shared by every upstream call. */
let sharedDispatcher: Agent | undefined;
function dispatcher(): Agent {
  sharedDispatcher ??= new Agent({ keepAliveTimeout: 10_000, connections: 128 });
  return sharedDispatcher;
}

export interface UpstreamOptions {
  baseUrl: string;
  /** Carrier header value; null on the default tenant. */
  carrier: string | null;
  authorization?: string;
  locale?: string;
  timeoutMs: number;
  slowMs: number;
  /** The browser request's signal: leaving the page aborts the upstream call. */
  signal?: AbortSignal;
  /** Called once when an answer took longer than slowMs (spec 3 §8 slow-server notice). */
  onSlow?: () => void;
  /** Backoff base, seconds. Tests shorten it. */
  backoffSeconds?: number;
  /** How a backoff pause is waited: a timer; a test records the pauses asked for instead of timing them. */
  pause?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /**
   * The browser's address and the secret the API checks before believing it: sign-in throttling is
   * per client address, and without it every browser would look like this server (one shared bucket).
   */
  client?: { address: string; secret: string };
  /** The browser request's wait counter (Server-Timing "upstream"). */
  wait?: UpstreamWait;
  /**
   * Runs on every failed answer before the caller sees it; it may throw (a redirect). The signed-in user's
   * client applies the global 401/403 reactions here (spec 3 §8), so no call site has to opt in.
   */
  onFailure?: (failure: UpstreamFailure) => Promise<void> | void;
  /**
   * The submitted form's keys (issue 12): every POST/PUT/PATCH/DELETE carries the next as its Idempotency-Key, so
   * the same submission sent again is answered by the API from the first one. Shared by the clients `with` derives.
   */
  idempotency?: IdempotencyKeys;
}

export interface CallOptions<T> {
  query?: Record<string, QueryValue>;
  json?: unknown;
  form?: Record<string, string>;
  /** A file upload, forwarded as multipart/form-data (fetch writes the boundary). */
  multipart?: FormData;
  /** Output type is what the caller gets; input is whatever the wire carried. */
  schema?: ZodType<T, ZodTypeDef, unknown>;
  errors?: ErrorMapper;
}
type QueryScalar = string | number | boolean | null | undefined;
export type QueryValue = QueryScalar | QueryScalar[];

/** Array params go out bracketed (`shcs[]=DGR&shcs[]=PER`), as spec 3 §7 says. */
export function buildQuery(query: Record<string, QueryValue> = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) {
      for (const v of value) if (v !== undefined && v !== null) params.append(`${key}[]`, String(v));
    } else if (value !== undefined && value !== null && value !== "") {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

export type Upstream = ReturnType<typeof createUpstream>;

/** The one HTTP client for the cargo API. Answers are never thrown: every call yields an UpstreamResult. */
export function createUpstream(opts: UpstreamOptions) {
  let slowReported = false;

  async function call<T = unknown>(method: string, path: string, options: CallOptions<T> = {}): Promise<UpstreamResult<T>> {
    // taken before the first await, so calls started together (Promise.all) get their keys in the order they were made
    const key = MUTATING_METHODS.has(method) ? opts.idempotency?.next(method, `${path}${buildQuery(options.query)}`) : undefined;
    return reacted(await send(method, path, options, (response) => settle(response, options), key));
  }

  async function reacted<R extends UpstreamResult<unknown>>(result: R): Promise<R> {
    if (!result.ok && opts.onFailure) await opts.onFailure(result);
    return result;
  }

  /**
   * A file answer (XLSX, CSV, PDF) passed through as a stream with its type and Content-Disposition;
   * failures are normalised like any other answer.
   */
  async function download(path: string, query?: Record<string, QueryValue>): Promise<UpstreamResult<Response>> {
    const result = await send("GET", path, { query }, async (response): Promise<UpstreamResult<Response>> => {
      if (response.status >= 200 && response.status < 300) return { ok: true, status: response.status, data: response, headers: response.headers };
      return settle<Response>(response, {});
    });
    return reacted(result);
  }

  /** One call, its retries and the reading of its answer, counted as time this request waited for the API. */
  async function send<R>(
    method: string,
    path: string,
    options: CallOptions<unknown>,
    finish: (response: Response) => Promise<R>,
    idempotencyKey?: string,
  ): Promise<R | UpstreamFailure> {
    opts.wait?.begin();
    try {
      return await sendWithRetries(method, path, options, finish, idempotencyKey);
    } finally {
      opts.wait?.end();
    }
  }

  async function sendWithRetries<R>(
    method: string,
    path: string,
    options: CallOptions<unknown>,
    finish: (response: Response) => Promise<R>,
    idempotencyKey: string | undefined,
  ): Promise<R | UpstreamFailure> {
    const url = `${opts.baseUrl}/${path.replace(/^\/+/, "")}${buildQuery(options.query)}`;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (opts.authorization) headers.Authorization = opts.authorization;
    if (opts.carrier) headers.Carrier = opts.carrier;
    if (opts.locale) headers["Accept-Language"] = opts.locale;
    if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
    if (opts.client) {
      headers["X-Cargo-Client-Address"] = opts.client.address;
      headers["X-Cargo-Client-Secret"] = opts.client.secret;
    }
    let body: string | FormData | undefined;
    if (options.json !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(options.json);
    } else if (options.multipart) {
      body = options.multipart;
    } else if (options.form) {
      headers["Content-Type"] = "application/x-www-form-urlencoded";
      body = new URLSearchParams(options.form).toString();
    }
    const retryable = RETRY_METHODS.has(method);
    // A POST or PATCH may go once more after a broken connection when it carries its key: had the first reached the
    // API, the repeat gets its answer instead of making a second record. Never after a timeout (the first may still
    // be running, and the user has waited long enough) nor after any answer, a 5xx included.
    const resendable = !retryable && idempotencyKey !== undefined;
    const backoff = opts.backoffSeconds ?? 0.3;
    let reissued = false;

    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      const timeout = AbortSignal.timeout(opts.timeoutMs);
      const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await fetch(url, {
          method,
          headers,
          body,
          redirect: "manual",
          signal,
          // @ts-expect-error undici extension of fetch options
          dispatcher: dispatcher(),
        });
      } catch (error) {
        if (opts.signal?.aborted) throw error; // the browser left: nobody is waiting for an answer
        const timedOut = timeout.aborted;
        if ((retryable && attempt < MAX_RETRIES) || (resendable && !timedOut && attempt === 0)) {
          await (opts.pause ?? sleep)(backoff * 1000 * 2 ** attempt);
          continue;
        }
        return failure(timedOut ? "Timeout" : "Network");
      }
      if (Date.now() - started > opts.slowMs && !slowReported) {
        slowReported = true;
        opts.onSlow?.();
      }
      if (retryable && attempt < MAX_RETRIES && RETRY_STATUSES.has(response.status)) {
        // Discard the body without awaiting: cancelling a teed body (a cloned answer, as msw and
        // other observers clone it) settles only once every branch is cancelled, so awaiting it
        // hung the retry forever.
        response.body?.cancel().catch(() => {});
        await (opts.pause ?? sleep)(backoff * 1000 * 2 ** attempt, opts.signal);
        continue;
      }
      if (idempotencyKey && !reissued && (await isReusedKeyRefusal(response))) {
        // the key came back with other content (Back to a create page's address, a change, Save): a new submission,
        // which the API has not run; once more under a fresh key
        reissued = true;
        response.body?.cancel().catch(() => {});
        headers["Idempotency-Key"] = `${randomUUID()}:reissued`;
        continue;
      }
      return finish(response);
    }
  }

  return {
    /** The API this client talks to: what a process cache keeps of its answers is keyed by it too. */
    baseUrl: opts.baseUrl,
    get: <T>(path: string, o?: CallOptions<T>) => call<T>("GET", path, o),
    post: <T>(path: string, o?: CallOptions<T>) => call<T>("POST", path, o),
    put: <T>(path: string, o?: CallOptions<T>) => call<T>("PUT", path, o),
    patch: <T>(path: string, o?: CallOptions<T>) => call<T>("PATCH", path, o),
    delete: <T>(path: string, o?: CallOptions<T>) => call<T>("DELETE", path, o),
    call,
    download,
    /** The same client (request, tenant, timeouts) with another token or failure reaction. */
    with: (overrides: Pick<UpstreamOptions, "authorization" | "onFailure">) => createUpstream({ ...opts, ...overrides }),
  };
}

/** The API's 422 for an Idempotency-Key already used by another request (api/http/idempotency.ts). */
async function isReusedKeyRefusal(response: Response): Promise<boolean> {
  if (response.status !== 422) return false;
  const text = await response
    .clone()
    .text()
    .catch(() => "");
  return /"error"\s*:\s*"idempotency_key_reused"/.test(text);
}

async function settle<T>(response: Response, options: CallOptions<T>): Promise<UpstreamResult<T>> {
  const text = await response.text();
  let body: unknown = text;
  if (text && (response.headers.get("content-type") ?? "").includes("json")) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  } else if (!text) {
    body = null;
  }
  if (response.status >= 200 && response.status < 300) {
    if (!options.schema) return { ok: true, status: response.status, data: body as T, headers: response.headers };
    const parsed = options.schema.safeParse(body);
    if (parsed.success) return { ok: true, status: response.status, data: parsed.data, headers: response.headers };
    return failure("Undefined", response.status, [`Unexpected answer: ${parsed.error.issues[0]?.path.join(".")} ${parsed.error.issues[0]?.message}`]);
  }
  const { messages, fieldErrors } = extractMessages(body);
  const code = options.errors?.(response.status, messages, body) ?? defaultCode(response.status, body);
  const availableUrls =
    response.status === 403 && body && typeof body === "object" && Array.isArray((body as Record<string, unknown>).available_urls)
      ? ((body as Record<string, unknown>).available_urls as unknown[]).map(String)
      : undefined;
  const { refusal, fieldRefusals } = extractRefusals(body, fieldErrors);
  return { ok: false, code, status: response.status, messages, fieldErrors, refusal, fieldRefusals, availableUrls, body };
}
