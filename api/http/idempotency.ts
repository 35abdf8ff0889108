import { createHash, type Hash } from "node:crypto";
import { Transform, type Readable } from "node:stream";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, lt } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { AuthContext } from "../auth/authenticate";
import { idempotencyKeys, type IdempotencyKey } from "../db/schema";
import { type RefusalCode } from "./refusals";
import { HttpError } from "./errors";

// Idempotency-Key on every mutating call of the authenticated API (issue 12), as Stripe and the IETF
// idempotency-key draft do it: the first request with a key claims it, runs, and leaves its answer; a repeat with
// the same key and the same request gets that answer again (`Idempotent-Replayed: true`) instead of a second record.
// Forms submitted twice (a double click, a retry after a timeout, the BFF's own retry after a broken connection)
// therefore make one booking or waybill.
//
// Public routes (oauth/token, oauth/revoke, users, password resets, tracking) ignore the header: their answers
// carry fresh tokens, which must never be stored (tokens are kept as hashes only), and repeating them is harmless
// or refused anyway (an address already registered).

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Printable ASCII (space to tilde), 8..100 characters: room for a UUID and the BFF's per-call suffixes. */
const KEY_PATTERN = /^[\x20-\x7e]{8,100}$/;
const KEY_RULE = "Idempotency-Key must be 8 to 100 printable ASCII characters";
/** A day: longer than any retry or resubmission of one form, short enough that the table stays small. */
export const KEY_LIFETIME_MS = 24 * 3_600_000;
/**
 * A claim this old whose request never finished (its API process died with it) may be taken over. Above the BFF's
 * 60 s upstream timeout: by then whoever sent the first request has given up on it.
 */
export const ABANDONED_CLAIM_MS = 90_000;
/** How long a repeat waits for the first request to finish before it answers 409. */
export const IN_PROGRESS_WAIT_MS = 5_000;
const POLL_MS = 100;
/** Larger answers are not kept (the claim is released): a replay table is no file store. */
export const MAX_STORED_ANSWER_BYTES = 1024 * 1024;
/** Expired rows deleted per claim: the sweep costs every request a bounded, indexed delete. */
const SWEEP_ROWS = 100;
const REPLAYED_HEADERS = ["content-type", "location", "content-disposition"] as const;

/** What one request with a key is doing: hashing its body, then holding its claim. */
interface KeyedRequest {
  key: string;
  hash: Hash;
  /** Multipart bodies are hashed once read, without their boundary: see fingerprintOf. */
  multipart: boolean;
  claim?: { id: number; claimedAt: Date; settled: boolean };
}

const keyed = new WeakMap<FastifyRequest, KeyedRequest>();

/** `error` is the code itself (the BFF and older clients read it there); error_description says it in words. */
const refusal = (status: number, error: RefusalCode, description: string) => new HttpError(status, { error, error_description: description, code: error, params: {} });

/** Whose keys these are: a user's keys on one tenant never meet another user's or another tenant's answers. */
export const scopeOf = (auth: AuthContext) => `user:${auth.user.id}@${auth.carrier ?? "-"}`;

/** The key a mutating request sent, checked; undefined without one (the call behaves as it always did). */
function sentKey(request: FastifyRequest): string | undefined {
  if (!MUTATING.has(request.method)) return undefined;
  const raw = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (raw === undefined) return undefined;
  if (Array.isArray(raw) || !KEY_PATTERN.test(raw)) throw refusal(422, "idempotency_key_invalid", KEY_RULE);
  return raw;
}

/**
 * The body's sha256, from the bytes as they arrive (preParsing), so a repeat must send the same bytes; nothing is
 * re-serialised or walked (a deeply nested body costs no recursion). A multipart body is hashed once it is read,
 * without its boundary: a client encodes the same form with a new random boundary on every send.
 */
function fingerprintOf(entry: KeyedRequest, request: FastifyRequest): string {
  if (!entry.multipart) return entry.hash.digest("hex");
  const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(request.headers["content-type"] ?? "");
  const marker = Buffer.from(boundary?.[1] ?? boundary?.[2] ?? "", "latin1");
  if (!Buffer.isBuffer(request.body) || marker.length === 0) {
    // a body its handler streams itself: only its length can be compared
    return `multipart:${request.headers["content-length"] ?? "chunked"}`;
  }
  const body = request.body;
  let from = 0;
  for (let at = body.indexOf(marker, from); at !== -1; at = body.indexOf(marker, from)) {
    entry.hash.update(body.subarray(from, at));
    from = at + marker.length;
  }
  return entry.hash.update(body.subarray(from)).digest("hex");
}

function hashing(payload: Readable, hash: Hash): Readable {
  const through = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
  payload.on("error", (error) => through.destroy(error));
  return payload.pipe(through);
}

/** The answer as bytes, or null when it cannot be kept (a stream, or too large). */
function storableBody(payload: unknown): Buffer | null {
  if (payload === undefined || payload === null) return Buffer.alloc(0);
  const bytes = typeof payload === "string" ? Buffer.from(payload) : Buffer.isBuffer(payload) ? payload : null;
  return bytes && bytes.byteLength <= MAX_STORED_ANSWER_BYTES ? bytes : null;
}

/**
 * Only a success is the request's result for good. A refusal (4xx) changed nothing, and the same request may be
 * answered otherwise later (the flight had no space, a duplicate was removed): it runs again instead of replaying
 * the refusal, which a create page whose form keeps its key (the BFF's ?form=) would otherwise get for a day.
 */
const storableStatus = (status: number) => status >= 200 && status < 300;

function replay(reply: FastifyReply, row: IdempotencyKey): FastifyReply {
  reply.code(row.status!);
  for (const [name, value] of Object.entries(row.headers ?? {})) reply.header(name, value);
  return reply.header(REPLAYED_HEADER, "true").send(Buffer.from(row.body ?? new Uint8Array()));
}

/**
 * Claims the key or answers from it. Race-safe by the unique (scope, key): of two identical requests at the same
 * moment one inserts, the other finds its row and waits for it.
 */
async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, entry: KeyedRequest): Promise<FastifyReply | undefined> {
  const { db, now } = request.server.deps;
  const scope = scopeOf(request.auth);
  const mine = { method: request.method, path: request.url, fingerprint: fingerprintOf(entry, request) };
  const expired = db
    .select({ id: idempotencyKeys.id })
    .from(idempotencyKeys)
    .where(lt(idempotencyKeys.created_at, new Date(+now() - KEY_LIFETIME_MS)))
    .limit(SWEEP_ROWS);
  await db.delete(idempotencyKeys).where(inArray(idempotencyKeys.id, expired));
  const waitUntil = Date.now() + IN_PROGRESS_WAIT_MS;
  for (;;) {
    const claimedAt = now();
    const [claimed] = await db
      .insert(idempotencyKeys)
      .values({ scope, key: entry.key, ...mine, created_at: claimedAt })
      .onConflictDoNothing({ target: [idempotencyKeys.scope, idempotencyKeys.key] })
      .returning({ id: idempotencyKeys.id });
    if (claimed) {
      entry.claim = { id: claimed.id, claimedAt, settled: false };
      return undefined;
    }
    const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, entry.key)));
    if (!row) continue; // released or swept meanwhile: claim it again
    const age = +claimedAt - +row.created_at;
    if (age >= KEY_LIFETIME_MS) {
      await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.id, row.id), lt(idempotencyKeys.created_at, new Date(+claimedAt - KEY_LIFETIME_MS))));
      continue;
    }
    if (row.method !== mine.method || row.path !== mine.path || row.fingerprint !== mine.fingerprint) {
      throw refusal(
        422,
        "idempotency_key_reused",
        `This Idempotency-Key was sent with another request (${row.method} ${row.path.split("?")[0]}); use a new key for a new request`,
      );
    }
    if (row.state === "done") return replay(reply, row);
    if (age >= ABANDONED_CLAIM_MS) {
      // its request died with its process: this one takes the claim over (only one taker wins the update)
      const [taken] = await db
        .update(idempotencyKeys)
        .set({ created_at: claimedAt })
        .where(and(eq(idempotencyKeys.id, row.id), eq(idempotencyKeys.state, "in_progress"), eq(idempotencyKeys.created_at, row.created_at)))
        .returning({ id: idempotencyKeys.id });
      if (taken) {
        entry.claim = { id: taken.id, claimedAt, settled: false };
        return undefined;
      }
      continue;
    }
    if (Date.now() >= waitUntil) {
      throw refusal(409, "request_in_progress", "A request with this Idempotency-Key is still in progress; repeat it in a moment to get its answer");
    }
    await sleep(POLL_MS);
  }
}

/** This claim only: a claim taken over after it was abandoned belongs to its new request. */
const ownClaim = (claim: NonNullable<KeyedRequest["claim"]>) =>
  and(eq(idempotencyKeys.id, claim.id), eq(idempotencyKeys.state, "in_progress"), eq(idempotencyKeys.created_at, claim.claimedAt));

/** Gives the key back, so that a retry runs the request again (a 5xx, an error, an answer too large to keep). */
async function release(request: FastifyRequest, claim: NonNullable<KeyedRequest["claim"]>) {
  claim.settled = true;
  try {
    await request.server.deps.db.delete(idempotencyKeys).where(ownClaim(claim));
  } catch (error) {
    // the claim is abandoned then, and taken over after ABANDONED_CLAIM_MS; the answer itself must go out
    request.log.error({ err: error }, "could not release an idempotency key");
  }
}

/** Keeps a success for repeats, or releases the claim when the answer is not the request's result. */
async function settle(request: FastifyRequest, reply: FastifyReply, claim: NonNullable<KeyedRequest["claim"]>, payload: unknown) {
  const body = storableStatus(reply.statusCode) ? storableBody(payload) : null;
  if (!body) return release(request, claim);
  claim.settled = true;
  const headers: Record<string, string> = {};
  for (const name of REPLAYED_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) headers[name] = String(value);
  }
  try {
    await request.server.deps.db
      .update(idempotencyKeys)
      .set({ state: "done", status: reply.statusCode, headers, body })
      .where(ownClaim(claim));
  } catch (error) {
    // never turn a done request into an error answer: a retry would then make a second record
    request.log.error({ err: error }, "could not store an idempotent answer");
    await release(request, claim);
  }
}

/**
 * Registers Idempotency-Key handling on every mutating route of `api`, after authentication (its hooks run after
 * the scope's authenticate): the key is checked before the body is read, the body hashed while it is read, the key
 * claimed once the body passed its schema, and the answer kept as it is sent.
 */
export function installIdempotency(api: FastifyInstance) {
  api.addHook("onRequest", async (request) => {
    const key = sentKey(request);
    if (key === undefined) return;
    const multipart = (request.headers["content-type"] ?? "").toLowerCase().startsWith("multipart/");
    keyed.set(request, { key, hash: createHash("sha256"), multipart });
  });

  api.addHook("preParsing", async (request, _reply, payload) => {
    const entry = keyed.get(request);
    return entry && !entry.multipart ? hashing(payload, entry.hash) : payload;
  });

  api.addHook("preHandler", async (request, reply) => {
    const entry = keyed.get(request);
    if (entry) return claimOrReplay(request, reply, entry);
  });

  api.addHook("onSend", async (request, reply, payload) => {
    const claim = keyed.get(request)?.claim;
    if (claim && !claim.settled) await settle(request, reply, claim, payload);
    return payload;
  });

  // An answer that never reached onSend (the connection dropped, a hook failed) leaves no claim behind.
  api.addHook("onResponse", async (request) => {
    const claim = keyed.get(request)?.claim;
    if (claim && !claim.settled) await release(request, claim);
  });

  // Documented on every mutating route as an optional header (OpenAPI only: the hooks above are what check it).
  api.addHook("onRoute", (route) => {
    if (![route.method].flat().some((m) => MUTATING.has(m))) return;
    route.config = { ...route.config, swaggerTransform: (input: Parameters<typeof jsonSchemaTransform>[0]) => withKeyHeader(jsonSchemaTransform(input)) };
  });
}

const KEY_HEADER_DOC = {
  type: "string",
  minLength: 8,
  maxLength: 100,
  pattern: KEY_PATTERN.source,
  description:
    "Optional. A repeat with the same key and the same request answers the first result again (header Idempotent-Replayed: true); " +
    "the same key with another request: 422 idempotency_key_reused; while the first is still running: 409 request_in_progress " +
    "after waiting up to 5 s. Keys live 24 h, per user and tenant. 2xx answers are kept; after a 4xx or 5xx the request runs again.",
};

function withKeyHeader(transformed: { schema: unknown; url: string }) {
  const schema = (transformed.schema ?? {}) as { headers?: { type?: string; properties?: Record<string, unknown> } };
  const headers = { type: "object", ...schema.headers, properties: { ...schema.headers?.properties, "Idempotency-Key": KEY_HEADER_DOC } };
  return { ...transformed, schema: { ...schema, headers } };
}
