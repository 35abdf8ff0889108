import { z } from "zod";
/**
 * The error codes of spec 3 §8, plus the transport kinds the BFF reacts to globally.
 * Pure: shared by the upstream client and the UI, which translates `errors:<code>`.
 */
export const ERROR_CODES = [
  "Undefined",
  "NotFound",
  "Exists",
  "EmptyFields",
  "NoValidAgreement",
  "ForbiddenShc",
  "ConfirmationNotMatch",
  "PasswordTooShort",
  "TokenInvalid",
  "IncorrectLoginOrPassword",
  // transport and global reactions
  "Unauthorized",
  "Forbidden",
  "AccessDenied",
  "TooManyAttempts",
  "Timeout",
  "Network",
  // the same form submission is still being saved (the API's 409 request_in_progress, issue 12)
  "InProgress",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A refusal as the API words it (DESIGN §4b): its stable code, the values its sentence uses, and the sentence itself
 * (English), which a page shows only when it has no words for the code (app/lib/upstream/refusal-message.ts).
 */
export interface ApiRefusal {
  code: string;
  params: Record<string, string | number>;
  message: string;
}

export interface UpstreamFailure {
  ok: false;
  code: ErrorCode;
  status: number;
  /** Human messages the server sent (error, error_description, errors list/map, message): for logs and fallbacks only. */
  messages: string[];
  /** Field errors when the server answered an `errors` map. */
  fieldErrors: Record<string, string[]>;
  /** The refusal of the whole request, by code (`{ code, params }` beside `error`/`message`), when the API sent one. */
  refusal?: ApiRefusal | null;
  /** The field errors by code (`error_codes`), key for key with fieldErrors. */
  fieldRefusals?: Record<string, ApiRefusal[]>;
  /** URLs a 403 answer offered instead (spec 3 §8 "Global reactions"). */
  availableUrls?: string[];
  /** The parsed answer body, for calls whose errors carry structure (upload row lists). */
  body?: unknown;
}
export interface UpstreamSuccess<T> {
  ok: true;
  status: number;
  data: T;
  headers: Headers;
}
export type UpstreamResult<T> = UpstreamSuccess<T> | UpstreamFailure;

/** Per-call refinement of the generic mapping (e.g. allotment 422 "has already been taken" → Exists). */
export type ErrorMapper = (status: number, messages: string[], body: unknown) => ErrorCode | undefined;

const ParamsSchema = z.record(z.union([z.string().max(300), z.number()])).catch({});
const CodedSchema = z.object({ code: z.string().max(100), params: ParamsSchema.optional() });

/** The refusal codes of an answer (DESIGN §4b): the whole request's `{ code, params }` and each field's `error_codes`. */
export function extractRefusals(body: unknown, fieldErrors: Record<string, string[]> = {}): { refusal: ApiRefusal | null; fieldRefusals: Record<string, ApiRefusal[]> } {
  const fieldRefusals: Record<string, ApiRefusal[]> = {};
  if (!body || typeof body !== "object") return { refusal: null, fieldRefusals };
  const b = body as Record<string, unknown>;
  const whole = CodedSchema.safeParse(b);
  const sentence = [b.error_description, b.message, b.error, Array.isArray(b.errors) ? b.errors[0] : undefined].find((v): v is string => typeof v === "string") ?? "";
  const refusal = whole.success ? { code: whole.data.code, params: whole.data.params ?? {}, message: sentence } : null;
  if (b.error_codes && typeof b.error_codes === "object" && !Array.isArray(b.error_codes)) {
    for (const [field, list] of Object.entries(b.error_codes as Record<string, unknown>)) {
      if (!Array.isArray(list)) continue;
      fieldRefusals[field] = list.flatMap((item, i) => {
        const coded = CodedSchema.safeParse(item);
        return coded.success ? [{ code: coded.data.code, params: coded.data.params ?? {}, message: fieldErrors[field]?.[i] ?? "" }] : [];
      });
    }
  }
  return { refusal, fieldRefusals };
}

/** Every refusal code an answer carries, the whole request's first. */
export function refusalCodes(body: unknown): string[] {
  const { refusal, fieldRefusals } = extractRefusals(body);
  return [...(refusal ? [refusal.code] : []), ...Object.values(fieldRefusals).flatMap((list) => list.map((r) => r.code))];
}

/** Pulls every message out of the three shapes the spec allows: `error`, `errors` (list or map), `message`. */
export function extractMessages(body: unknown): { messages: string[]; fieldErrors: Record<string, string[]> } {
  const messages: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  if (typeof body === "string" && body.trim()) messages.push(body.trim());
  if (body && typeof body === "object") {
    const b = body as Record<string, unknown>;
    if (typeof b.error_description === "string") messages.push(b.error_description);
    if (typeof b.error === "string") messages.push(b.error);
    if (typeof b.message === "string") messages.push(b.message);
    if (Array.isArray(b.errors)) {
      for (const e of b.errors) messages.push(typeof e === "string" ? e : JSON.stringify(e));
    } else if (b.errors && typeof b.errors === "object") {
      for (const [field, value] of Object.entries(b.errors as Record<string, unknown>)) {
        const list = (Array.isArray(value) ? value : [value]).map(String);
        fieldErrors[field] = list;
        for (const m of list) messages.push(`${field} ${m}`);
      }
    }
  }
  return { messages, fieldErrors };
}

/**
 * The generic part of spec 3 §8: 404 → NotFound, 401/403 → global reactions, anything else Undefined. A 502 or 503
 * (the API's database restarting, or a load balancer with no API process behind it) and a 504 say the service is out
 * of reach for now, as an unreachable API does: the user reads "unavailable", not "contact technical support".
 */
export function defaultCode(status: number, body: unknown): ErrorCode {
  if (status === 404) return "NotFound";
  if (status === 401) return "Unauthorized";
  if (status === 403) return "Forbidden";
  if (status === 429) return "TooManyAttempts";
  if (status === 502 || status === 503) return "Network";
  if (status === 504) return "Timeout";
  const error = body && typeof body === "object" ? (body as Record<string, unknown>).error : undefined;
  if (error === "invalid_grant") return "IncorrectLoginOrPassword";
  if (error === "access_denied") return "AccessDenied";
  if (status === 409 && error === "request_in_progress") return "InProgress";
  return "Undefined";
}

/**
 * The HTTP status of a page that shows an upstream failure to the user: the API's 4xx as it is; 503 when the API
 * could not be reached or answered "unavailable" (the user reads the service-unavailable notice); 502 for any
 * other failure of the API (an answer it should not have given).
 */
export const failureStatus = (failure: Pick<UpstreamFailure, "status" | "code">): number =>
  failure.status >= 400 && failure.status < 500 ? failure.status : failure.code === "Network" || failure.code === "Timeout" ? 503 : 502;

export function failure(code: ErrorCode, status = 0, messages: string[] = []): UpstreamFailure {
  return { ok: false, code, status, messages, fieldErrors: {} };
}

/** A refusal the API answers by code: an answer of `status` carrying one of `codes` (whole or under a field) means `code`. */
export type CodeRule = [status: number, codes: string | readonly string[], code: ErrorCode];

// The refusals most resources answer alike (spec 3 §8), named once so that each resource lists the ones it answers.
/** A second record with the same key, as the API's uniqueness check says it. */
export const TAKEN: CodeRule = [422, "taken", "Exists"];
/** A second record with the same key, as a resource's own check says it ("Customer already exists"). */
export const ALREADY_EXISTS: CodeRule = [
  422,
  ["user_profile_exists", "agreement_exists", "customer_exists", "permitted_route_exists", "baggage_stat_exists", "pax_od_average_exists", "segment_payload_exists"],
  "Exists",
];
/** The record is gone, in a resource's own words ("Agreement not found"). */
export const NOT_FOUND: CodeRule = [404, ["not_found", "record_not_found", "agreement_not_found", "airline_not_found", "customer_not_found"], "NotFound"];
/** The record of a get, update or delete is gone (any 404 is NotFound already; kept for the rules' order). */
export const RECORD_NOT_FOUND: CodeRule = [404, "record_not_found", "NotFound"];
/** A record the body names (a flight, a forwarder) does not exist. */
export const MUST_EXIST: CodeRule = [422, "must_exist", "EmptyFields"];

/** Builds a mapper from (status, refusal code) → spec 3 §8 code rules, in order. */
export function mapCodes(rules: CodeRule[]): ErrorMapper {
  return (status, _messages, body) => {
    const codes = refusalCodes(body);
    for (const [ruleStatus, wanted, code] of rules) {
      if (status === ruleStatus && codes.some((c) => c === wanted || (typeof wanted !== "string" && wanted.includes(c)))) return code;
    }
    return undefined;
  };
}
