import { ANY_TEXT_MAX } from "../../../cargo/limits";
import { formIdempotencyKey, IDEMPOTENCY_FIELD } from "../forms/idempotency-field";
import { UPLOAD_MAX_BYTES } from "../forms/upload-schema";
import { pathHasControlCharacters } from "./request-path.server";

/**
 * Limits before work (DESIGN §4a): the one place where a request's URL and body are measured before
 * anything whose cost grows with them runs. conform's parseWithZod turns `x[999999999]=1` into an array of
 * a billion slots, and its error reply echoes every parsed value, so one 100-byte POST could stop the
 * process for every tenant. Here the body is read with a byte cap, only the two form encodings pass, and
 * every field name is checked (count, length, `[n]` index, nesting) before Remix or conform sees it.
 */

export const REQUEST_LIMITS = {
  urlChars: 8 * 1024,
  urlencodedBytes: 256 * 1024,
  /** One upload (10 MB) plus the other fields and the multipart framing. */
  multipartBytes: UPLOAD_MAX_BYTES + 64 * 1024,
  fields: 1000,
  nameChars: 200,
  /** A field's text: the API refuses longer strings anyway, and a form echoes what it got back in its page. */
  valueChars: ANY_TEXT_MAX,
  /** The largest `[n]` of a field name: a form's list (contacts, schedule lines) never has more rows. */
  index: 200,
  /** Path segments of a name: `lines[3].days_of_week` has 3. */
  depth: 8,
  files: 5,
} as const;

/** Translated as `errors:<code>` by the error boundary. */
export type RejectionCode = "FormTooLarge" | "FileTooLarge" | "UnsupportedRequest" | "BadRequest" | "FormExpired" | "Forbidden";

export interface RequestRejection {
  code: RejectionCode;
  status: 400 | 403 | 413 | 415;
}

/** A check that may refuse a body from its headers alone, before a byte of it is read (body-admission.server.ts). */
export type BodyAdmission = (multipart: boolean) => Promise<RequestRejection | undefined>;

export interface LimitedRequest {
  /** What Remix receives: the same request with its body already buffered (or emptied when rejected). */
  request: Request;
  rejection?: RequestRejection;
  /** The form's idempotency key (its hidden field, when well-formed): read here, where every field is read anyway. */
  idempotencyKey?: string;
}

const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const URLENCODED = "application/x-www-form-urlencoded";
const MULTIPART = "multipart/form-data";

const reject = (code: RejectionCode, status: RequestRejection["status"]): RequestRejection => ({ code, status });

/**
 * Checks the URL and, for methods with a body, buffers the body under its cap and checks the form fields. Everything
 * that can be refused from the headers is refused before reading: the URL, the media type, a declared length over the
 * cap, then `admit` (who may send a body at all).
 */
export async function limitRequest(request: Request, admit?: BodyAdmission): Promise<LimitedRequest> {
  const urlRejection = checkUrl(request.url);
  const method = request.method.toUpperCase();
  if (!BODY_METHODS.has(method)) return urlRejection ? { request, rejection: urlRejection } : { request };
  if (urlRejection) return rejected(request, urlRejection);

  const contentType = request.headers.get("Content-Type");
  const mediaType = contentType?.split(";")[0].trim().toLowerCase() ?? "";
  const multipart = mediaType === MULTIPART;
  if (mediaType && mediaType !== URLENCODED && !multipart) return rejected(request, reject("UnsupportedRequest", 415));

  const cap = multipart ? REQUEST_LIMITS.multipartBytes : REQUEST_LIMITS.urlencodedBytes;
  const tooLarge = multipart ? reject("FileTooLarge", 413) : reject("FormTooLarge", 413);
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > cap) return rejected(request, tooLarge);
  const refusal = await admit?.(multipart);
  if (refusal) return rejected(request, refusal);
  const bytes = await readCapped(request.body, cap);
  if (!bytes) return rejected(request, tooLarge);

  if (!mediaType) {
    // no Content-Type: only an empty body is a (empty) form
    return bytes.byteLength ? rejected(request, reject("UnsupportedRequest", 415)) : { request: rebuilt(request, new Uint8Array(), URLENCODED) };
  }
  const names = multipart ? await multipartFields(request, bytes) : urlencodedFields(bytes);
  if (!names) return rejected(request, reject("BadRequest", 400));
  const fieldRejection = checkFields(names);
  if (fieldRejection) return rejected(request, fieldRejection);
  const idempotencyKey = formIdempotencyKey(names.entries.find((entry) => entry.name === IDEMPOTENCY_FIELD)?.value);
  return { request: rebuilt(request, bytes, contentType!), idempotencyKey };
}

function checkUrl(url: string): RequestRejection | undefined {
  if (url.length > REQUEST_LIMITS.urlChars) return reject("BadRequest", 400);
  // a NUL reaches the API's text columns and PostgreSQL refuses it with a 5xx
  if (/%00|\0/i.test(url)) return reject("BadRequest", 400);
  if (pathHasControlCharacters(new URL(url).pathname)) return reject("BadRequest", 400);
  return undefined;
}

/** The body, or null once it passes `cap` (reading stops there: a 1 GB body costs no more than the cap). */
async function readCapped(body: ReadableStream<Uint8Array> | null, cap: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array();
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > cap) {
      // stop reading, but do not cancel: that destroys the socket and the browser would never see the 413;
      // Node discards the rest of the body once the answer is sent
      reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

interface FormFields {
  entries: Array<{ name: string; value: string | null }>;
  files: number;
}

function urlencodedFields(bytes: Uint8Array): FormFields {
  const entries: FormFields["entries"] = [];
  for (const [name, value] of new URLSearchParams(Buffer.from(bytes).toString("utf8"))) entries.push({ name, value });
  return { entries, files: 0 };
}

/** null: not a readable multipart body. Its size is already capped, so parsing it costs at most the cap. */
async function multipartFields(request: Request, bytes: Uint8Array<ArrayBuffer>): Promise<FormFields | null> {
  let form: FormData;
  try {
    form = await new Request(request.url, { method: "POST", headers: { "Content-Type": request.headers.get("Content-Type")! }, body: bytes }).formData();
  } catch {
    return null;
  }
  const entries: FormFields["entries"] = [];
  let files = 0;
  for (const [name, value] of form) {
    if (typeof value === "string") entries.push({ name, value });
    else {
      files++;
      entries.push({ name, value: null });
    }
  }
  return { entries, files };
}

function checkFields({ entries, files }: FormFields): RequestRejection | undefined {
  if (entries.length > REQUEST_LIMITS.fields || files > REQUEST_LIMITS.files) return reject("FormTooLarge", 400);
  for (const { name, value } of entries) {
    if (name.includes("\0") || value?.includes("\0")) return reject("BadRequest", 400);
    if ((value?.length ?? 0) > REQUEST_LIMITS.valueChars || !pathWithinLimits(name)) return reject("FormTooLarge", 400);
    if ((name === CONFORM_INTENT || name === CONFORM_STATE) && !conformFieldReadable(name, value)) return reject("BadRequest", 400);
  }
  return undefined;
}

/**
 * Whether a field path is within the limits. conform reads `a[3].b` as a path wherever it meets one (a field's name,
 * the name an intent acts on, a key of an intent's value or of the form state): a large index allocates an array that
 * long, and a deep path nests objects. Every path a request names passes here before conform parses anything.
 */
function pathWithinLimits(path: string): boolean {
  if (path.length > REQUEST_LIMITS.nameChars) return false;
  if (path.split(/[.[]/).length > REQUEST_LIMITS.depth) return false;
  // conform throws (a 500) on a path through an object's prototype
  if (/(?:^|[.[])(?:__proto__|prototype|constructor)(?:[.[\]]|$)/.test(path)) return false;
  for (const [, digits] of path.matchAll(/\[(\d+)\]/g)) {
    if (Number(digits) > REQUEST_LIMITS.index) return false;
  }
  return true;
}

/**
 * Whether JSON that conform turns into paths is within the limits: every object key is a path (or a part of one),
 * every list is at most as long as a form's list may be, and the nesting stays shallow. `budget` counts the values
 * visited, so the walk itself costs at most the body's (capped) size.
 */
function jsonWithinLimits(value: unknown, depth = 0, budget = { values: REQUEST_LIMITS.fields }): boolean {
  if (--budget.values < 0 || depth > REQUEST_LIMITS.depth) return false;
  if (Array.isArray(value)) {
    return value.length <= REQUEST_LIMITS.index && value.every((item) => jsonWithinLimits(item, depth + 1, budget));
  }
  if (value && typeof value === "object") {
    return Object.entries(value).every(([key, item]) => pathWithinLimits(key) && jsonWithinLimits(item, depth + 1, budget));
  }
  return true;
}

/** conform's reserved fields: it JSON.parses them and acts on the intent's list index (an array splice). */
const CONFORM_INTENT = "__intent__";
const CONFORM_STATE = "__state__";
const CONFORM_INTENTS = new Set(["validate", "reset", "update", "insert", "remove", "reorder"]);

function conformFieldReadable(name: string, value: string | null): boolean {
  if (value === null) return false;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return false;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return false;
  // the form state's keys are field names: conform rebuilds nested values from them
  if (name === CONFORM_STATE) return jsonWithinLimits(parsed);
  const { type, payload } = parsed as { type?: unknown; payload?: unknown };
  if (typeof type !== "string" || !CONFORM_INTENTS.has(type)) return false;
  // conform throws (a 500) on an intent without a payload object
  if (!payload || typeof payload !== "object" || Array.isArray(payload)) return false;
  const { name: field, index, from, to, value: newValue, defaultValue } = payload as Record<string, unknown>;
  if (field !== undefined && (typeof field !== "string" || !pathWithinLimits(field))) return false;
  const inRange = (n: unknown) => n === undefined || (Number.isInteger(n) && (n as number) >= 0 && (n as number) <= REQUEST_LIMITS.index);
  // an update's value and an insert's default value are flattened into paths under the intent's name
  return inRange(index) && inRange(from) && inRange(to) && jsonWithinLimits(newValue) && jsonWithinLimits(defaultValue);
}

/** The same request with `body` as its (already read) body. */
function rebuilt(request: Request, body: Uint8Array<ArrayBuffer>, contentType: string): Request {
  // copied entry by entry: `new Headers(headers)` drops Cookie where msw patches Headers (the BFF tests)
  const headers = new Headers();
  for (const [name, value] of request.headers) if (name !== "content-length") headers.append(name, value);
  headers.set("Content-Type", contentType);
  return new Request(request.url, { method: request.method, headers, body, signal: request.signal });
}

/** A rejected request goes on with an empty body: the route's action answers the rejection, never reads a byte. */
function rejected(request: Request, rejection: RequestRejection): LimitedRequest {
  return { request: rebuilt(request, new Uint8Array(), URLENCODED), rejection };
}
