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

export interface UpstreamFailure {
  ok: false;
  code: ErrorCode;
  status: number;
  /** Human messages the server sent (error, error_description, errors list/map, message). */
  messages: string[];
  /** Field errors when the server answered an `errors` map. */
  fieldErrors: Record<string, string[]>;
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

/** A refusal the API words in its own way: an answer of `status` with a message containing `text` means `code`. */
export type MessageRule = [status: number, text: string, code: ErrorCode];

// The refusals most resources word alike (spec 3 §8), named once so that each resource lists the ones it answers.
/** A second record with the same key, as the API's uniqueness check words it. */
export const TAKEN: MessageRule = [422, "has already been taken", "Exists"];
/** A second record with the same key, as a resource's own check words it ("customer already exists"). */
export const ALREADY_EXISTS: MessageRule = [422, "already exists", "Exists"];
/** The record of a get, update or delete is gone, in the API's generic words... */
export const RECORD_NOT_FOUND: MessageRule = [404, "Record Not Found", "NotFound"];
/** ...and in a resource's own ("agreement not found"). */
export const NOT_FOUND: MessageRule = [404, "not found", "NotFound"];
/** A record the body names (a flight, a forwarder) does not exist. */
export const MUST_EXIST: MessageRule = [422, "must exist", "EmptyFields"];

/** Builds a mapper from (status, substring) → code rules, in order. */
export function mapMessages(rules: MessageRule[]): ErrorMapper {
  return (status, messages) => {
    for (const [ruleStatus, text, code] of rules) {
      if (status === ruleStatus && messages.some((m) => m.includes(text))) return code;
    }
    return undefined;
  };
}
