import { isRefusalCode, type Refusal, refusalOfSentence, type RefusalParams, } from "./refusals";

// The code of a field error a zod schema found (DESIGN §4b): every issue gets one, so no 422 of a schema leaves the
// API without a code. In order: the code a refinement put in its params (`params: { code }`), the code of a sentence
// the schema wrote with `said()`, else the issue's own kind and limits (too long → too_long { max }).

/** As much of a zod issue as its code needs (fastify-type-provider-zod passes the issue in a validation's params). */
export interface ZodIssueLike {
  code?: string;
  message?: string;
  path?: (string | number)[];
  params?: Record<string, unknown>;
  expected?: unknown;
  received?: unknown;
  type?: string;
  minimum?: unknown;
  maximum?: unknown;
  exact?: boolean;
  keys?: string[];
  validation?: unknown;
}

/** Only plain values travel as parameters: numbers and short strings. */
function paramsOf(values: Record<string, unknown>): RefusalParams {
  const out: RefusalParams = {};
  for (const [k, v] of Object.entries(values)) {
    if (k === "code" || k === "invalid_number") continue;
    if (typeof v === "number" || typeof v === "bigint") out[k] = Number(v);
    else if (typeof v === "string") out[k] = v.slice(0, 100);
  }
  return out;
}

const limit = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : Number(v));

export function refusalOfIssue(issue: ZodIssueLike | undefined): Refusal {
  if (!issue) return { code: "invalid", params: {} };
  const own = issue.params?.code;
  if (isRefusalCode(own)) return { code: own, params: paramsOf(issue.params ?? {}) };
  const stated = issue.message ? refusalOfSentence(issue.message) : undefined;
  if (stated) return stated;
  switch (issue.code) {
    case "invalid_type":
      if (issue.received === "undefined" || issue.received === "null") return { code: "blank", params: {} };
      return issue.expected === "number" ? { code: "not_a_number", params: {} } : { code: "invalid_type", params: { expected: String(issue.expected) } };
    case "too_small":
      if (issue.type === "string") return issue.minimum === 1 ? { code: "blank", params: {} } : { code: "too_short", params: { min: limit(issue.minimum) } };
      if (issue.type === "array" || issue.type === "set") return { code: "too_few", params: { min: limit(issue.minimum) } };
      return { code: "too_small", params: { min: limit(issue.minimum) } };
    case "too_big":
      if (issue.type === "string") return { code: "too_long", params: { max: limit(issue.maximum) } };
      if (issue.type === "array" || issue.type === "set") return { code: "too_many", params: { max: limit(issue.maximum) } };
      return { code: "too_big", params: { max: limit(issue.maximum) } };
    case "invalid_enum_value":
    case "invalid_literal":
    case "invalid_union_discriminator":
      return { code: "not_in_list", params: {} };
    case "unrecognized_keys":
      return { code: "unknown_keys", params: { keys: (issue.keys ?? []).join(", ").slice(0, 100) } };
    case "invalid_date":
      return { code: "invalid_date", params: {} };
    case "invalid_string":
      return issue.validation === "email" ? { code: "invalid_email", params: {} } : { code: "invalid", params: {} };
    case "not_multiple_of":
      return { code: "not_an_integer", params: {} };
    default:
      return { code: "invalid", params: {} };
  }
}
