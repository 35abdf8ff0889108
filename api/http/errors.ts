import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";
import { databaseOutage, type DatabaseOutage } from "../db/outage";
import { isInvalidNumberIssue } from "./decimal-input";
import { type Refusal, type RefusalCode, type RefusalParams, sentenceOf } from "./refusals";
import { refusalOfIssue, type ZodIssueLike } from "./zod-refusals";

/** A field's refusals by field name, beside the sentences of `errors` (`error_codes: { mawb: [{ code, params }] }`). */
export type FieldRefusals = Record<string, Refusal[]>;

/**
 * Error bodies always carry `error`, `errors` (list or map) or `message` (spec 3 §7), and the refusal's code beside
 * them (DESIGN §4b): `code` and `params` for a refusal of the whole request, `error_codes` for field errors. The type
 * makes a body without a code (or with a code outside the catalogue, api/http/refusals.ts) a compile error.
 */
export type ErrorBody = (
  | { error: string; error_description?: string; [k: string]: unknown }
  | { errors: string[] | Record<string, string[]> | unknown[]; [k: string]: unknown }
  | { message: string; [k: string]: unknown }
) &
  ({ code: RefusalCode; params: RefusalParams } | { error_codes: FieldRefusals });

/** Thrown by handlers and services; the error handler answers with exactly this status and body. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: ErrorBody,
    readonly headers: Record<string, string> = {},
  ) {
    super("error" in body ? String(body.error) : "message" in body ? String(body.message) : `HTTP ${statusCode}`);
  }
}

/** Where a whole-request refusal's sentence stands: `error` (default), an `errors` list (spec 3 §8 words some so), or `message`. */
type SentenceKey = "error" | "errors" | "message";

/**
 * The one way to refuse a whole request: `{ error: sentence, code, params }` with the status. `extra` adds keys a
 * client reads beside it (a 403's `shcs`, a 409's `warnings`).
 */
export function refuse(
  status: number,
  code: RefusalCode,
  params: RefusalParams = {},
  opts: { as?: SentenceKey; headers?: Record<string, string>; extra?: Record<string, unknown> } = {},
): HttpError {
  const text = sentenceOf(code, params);
  const as = opts.as ?? "error";
  return new HttpError(status, { ...opts.extra, [as]: as === "errors" ? [text] : text, code, params } as ErrorBody, opts.headers);
}

/** A field refusal to collect (addRefusal) or throw (refuseFields). */
export const refusal = (code: RefusalCode, params: RefusalParams = {}): Refusal => ({ code, params });

/** Adds a refusal under a field, for a check that names every bad field at once. */
export const addRefusal = (errors: FieldRefusals, field: string, code: RefusalCode, params: RefusalParams = {}) =>
  (errors[field] ??= []).push(refusal(code, params));

/** The body of field errors: the sentences under `errors`, their codes under `error_codes`, key for key. */
export function fieldErrorsBody(fields: FieldRefusals): { errors: Record<string, string[]>; error_codes: FieldRefusals } {
  // A field may be named "__proto__" (a query parameter): on a plain object that assignment sets the prototype and
  // the field vanishes, leaving an empty map; without a prototype it is an own key like any other.
  const errors: Record<string, string[]> = Object.create(null);
  const codes: FieldRefusals = Object.create(null);
  for (const [field, list] of Object.entries(fields)) {
    errors[field] = list.map((r) => r.sentence ?? sentenceOf(r.code, r.params));
    codes[field] = list.map(({ code, params }) => ({ code, params }));
  }
  return { errors, error_codes: codes };
}

/** Field errors (Devise style, 422 unless said): `{ errors: { field: [sentence] }, error_codes: { field: [{ code, params }] } }`. */
export function refuseFields(fields: FieldRefusals, status = 422, extra: Record<string, unknown> = {}): HttpError {
  return new HttpError(status, { ...extra, ...fieldErrorsBody(fields) });
}

/** One field's one refusal. */
export const refuseField = (field: string, code: RefusalCode, params: RefusalParams = {}, status = 422) =>
  refuseFields({ [field]: [refusal(code, params)] }, status);

/** The refusal an error carries: a whole-request refusal's own, else its first field's (a telegram's note names it). */
export function refusalOf(error: HttpError): { code: string; params: RefusalParams } {
  const body = error.body as { code?: unknown; params?: RefusalParams; error_codes?: FieldRefusals };
  if (typeof body.code === "string") return { code: body.code, params: body.params ?? {} };
  const first = Object.values(body.error_codes ?? {})[0]?.[0];
  return first ? { code: first.code, params: first.params ?? {} } : { code: "invalid", params: {} };
}

export const refusalCodeOf = (error: HttpError): string => refusalOf(error).code;

/** Throws the collected field refusals, if any. */
export function throwIfRefused(errors: FieldRefusals, status = 422) {
  if (Object.keys(errors).length) throw refuseFields(errors, status);
}

/** 404 for an id that names no record the caller may see; a resource may name itself ("Agreement not found"). */
export const notFound = (code: RefusalCode = "record_not_found", params: RefusalParams = {}) => refuse(404, code, params);

/** zod issue paths become dotted keys ("user.email"); issues on the whole body go under "base". */
/**
 * A 50 000-item array of wrong values gives 50 000 issues: the answer names at most this many fields, with at most
 * a few messages each, so a bad request is never echoed back at its own size.
 */
const MAX_ERROR_FIELDS = 20;
const MAX_MESSAGES_PER_FIELD = 3;

/**
 * A route whose body wraps its record beside other keys (`{ air_waybill: {...}, dimensions: [...] }`) names the
 * wrapper in its config (`config: { recordKey: "air_waybill" }`): the record's field errors are keyed by their bare
 * names, as every other resource answers them ("pieces", not "air_waybill.pieces").
 */
export interface RecordKeyConfig {
  recordKey?: string;
}

function zodErrorsMap(error: FastifyError & { validation: Array<{ instancePath: string; message: string; params: unknown }> }, recordKey?: string) {
  const fields: FieldRefusals = Object.create(null);
  const sentences: Record<string, string[]> = Object.create(null);
  let count = 0;
  for (const v of error.validation) {
    const issue = (v.params as { issue?: ZodIssueLike }).issue;
    const path = recordKey && issue?.path?.[0] === recordKey && issue.path.length > 1 ? issue.path.slice(1) : issue?.path;
    const key = path?.length ? path.join(".").slice(0, 200) : "base";
    if (!fields[key]) {
      if (count === MAX_ERROR_FIELDS) continue;
      count++;
      fields[key] = [];
      sentences[key] = [];
    }
    if (fields[key].length < MAX_MESSAGES_PER_FIELD) {
      fields[key].push(refusalOfIssue(issue));
      sentences[key]!.push(issue?.message ?? v.message);
    }
  }
  // never an empty map: the client must be told something (spec 3 §7)
  if (count === 0) {
    fields.base = [{ code: "invalid", params: {} }];
    sentences.base = [error.message || "is invalid"];
  }
  return { errors: sentences, error_codes: fields };
}

/**
 * Fastify's answers to a path it cannot decode (`/api/v3/%FF`) or a broken constraint header, which never reach
 * setErrorHandler: its default quotes the whole URL back. Passed to the constructor as `frameworkErrors` (app.ts).
 */
export function frameworkErrors(_error: FastifyError, _request: unknown, reply: { code(status: number): { send(body: ErrorBody): unknown } }): void {
  reply.code(400).send(refusalBody("bad_request"));
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that fails its schema (an id above int32, negative, a fraction) names no record: the same 404 as an
      // id that is not there, never a 422 that tells the two apart.
      if (error.validationContext === "params") return reply.code(404).send(refusalBody("record_not_found"));
      // A number in the query written as no number ("?page=0x10", "?per_page=1e2", "?page=abc") is a malformed request,
      // not a value out of range: 400 with its code, never a silent default (issue 21 §8).
      if (error.validationContext === "querystring" && error.validation.some((v) => isInvalidNumberIssue((v.params as { issue?: { params?: Record<string, unknown> } }).issue))) {
        return reply.code(400).send({ error: "invalid_number", code: "invalid_number", params: {}, ...zodErrorsMap(error) });
      }
      return reply.code(422).send(zodErrorsMap(error, (request.routeOptions.config as RecordKeyConfig | undefined)?.recordKey));
    }
    const refused = databaseRefusal(error);
    if (refused) {
      // The schemas should have caught it; the database did. Still the client's input, so a 422 under the field.
      request.log.warn({ err: error }, "input refused by the database");
      return reply.code(422).send(fieldErrorsBody({ [refused.field]: [refused.refusal] }));
    }
    const outage = databaseOutage(error);
    if (outage) {
      // The database is restarting or out of reach, not broken by this request: say so and when to try again.
      request.log.warn({ err: error }, "database unavailable");
      return reply.code(503).header("Retry-After", String(RETRY_AFTER_SECONDS)).send(OUTAGE_ANSWERS[outage]);
    }
    if (isResponseSerializationError(error)) {
      // Our answer did not match its own schema: a bug on our side, never the client's.
      request.log.error({ err: error, issues: error.cause.issues }, "answer does not match its schema");
      return reply.code(500).send(refusalBody("internal_error"));
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send(refusalBody("internal_error"));
    }
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large...
    return reply.code(status).send({ error: error.message, code: FASTIFY_CLIENT_ERRORS[status] ?? "bad_request", params: {} });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send(refusalBody("not_found")));
}

/** A whole-request refusal's body, for answers sent without throwing. */
export const refusalBody = (code: RefusalCode, params: RefusalParams = {}): ErrorBody => ({ error: sentenceOf(code, params), code, params });

/** Fastify's own client errors by status; any other is a bad request. */
const FASTIFY_CLIENT_ERRORS: Partial<Record<number, RefusalCode>> = { 413: "body_too_large", 415: "unsupported_media_type" };

/** A PostgreSQL restart takes a few seconds; a client that waits this long usually finds it back. */
const RETRY_AFTER_SECONDS = 5;

/** 503 bodies in the OAuth-style shape the API's other refusals use (spec 3 §7: `error` with a description). */
const OUTAGE_ANSWERS: Record<DatabaseOutage, ErrorBody> = {
  unreachable: { error: "service_unavailable", error_description: sentenceOf("database_unreachable"), code: "database_unreachable", params: {} },
  timeout: { error: "service_unavailable", error_description: sentenceOf("database_timeout"), code: "database_timeout", params: {} },
};

/** SQLSTATEs that mean "this input cannot be stored", with the refusal a user reads under the field. */
const REFUSAL_MESSAGES: Record<string, RefusalCode> = {
  "23505": "taken",
  "23503": "must_exist",
  "23502": "blank",
  "23514": "invalid",
  "22001": "too_long",
  "22003": "out_of_range",
  "22P02": "invalid",
  "22P05": "unstorable_characters",
  "22021": "unstorable_characters",
  "22007": "invalid_date",
  "22008": "out_of_range",
  "54000": "too_long",
};

interface PgErrorFields {
  code: string;
  severity?: string;
  column?: string;
  constraint?: string;
  table?: string;
  detail?: string;
}

/** The driver's (pg or PGlite) error in a chain of causes (drizzle wraps it), when it is one of REFUSAL_MESSAGES. */
function pgRefusal(err: unknown): PgErrorFields | null {
  for (let e: unknown = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const fields = e as Partial<PgErrorFields>;
    if (typeof fields.code === "string" && fields.code in REFUSAL_MESSAGES && ("severity" in fields || "routine" in fields)) {
      return fields as PgErrorFields;
    }
  }
  return null;
}

/**
 * The field a database error concerns: the column it names (not-null), the last column of the key in its detail
 * (`Key (carrier, lower(name))=(...)` → name; unique and foreign keys), or the constraint name without its table
 * prefix and suffix (`segments_weight_check` → weight); "base" when nothing names one.
 */
function refusedField(e: PgErrorFields): string {
  if (e.column) return e.column;
  const key = e.detail?.match(/^Key \((.+?)\)=/)?.[1];
  if (key) {
    const last = key.split(",").pop()!.trim();
    return last.replace(/^\w+\((\w+)\)$/, "$1");
  }
  if (e.constraint) {
    const bare = e.constraint.replace(/_(key|check|fkey|idx|not_null)$/, "");
    return e.table && bare.startsWith(`${e.table}_`) ? bare.slice(e.table.length + 1) : bare;
  }
  return "base";
}

/** A database error that is the input's fault, as the field and refusal of a 422; null for anything else. */
export function databaseRefusal(err: unknown): { field: string; refusal: Refusal } | null {
  const e = pgRefusal(err);
  return e ? { field: refusedField(e), refusal: { code: REFUSAL_MESSAGES[e.code]!, params: {} } } : null;
}

/**
 * A write whose unique index is the last guard against a race (two requests past the same check at once): a
 * unique violation answers `refusal()` instead of a 500; any other error passes through as it is.
 */
export async function refuseDuplicate<T>(write: () => Promise<T>, refusal: () => HttpError): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw refusal();
    throw err;
  }
}

/** Postgres unique violation, whether thrown by the driver directly or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
