import type { FastifyInstance, FastifyRequest } from "fastify";
import { ANY_TEXT_MAX } from "../../cargo/limits";
import { refuse, refuseFields } from "./errors";
import { type Refusal, sentenceOf } from "./refusals";

// One check of every string a request carries, before any route's schema runs (issue 8 §4). PostgreSQL cannot
// store U+0000 in text and answers a 500 for it, so no schema may let it through; walking body, query and path once
// here covers every route, also the ones written later. The length cap is a safety net far above any field's own
// limit (api/http/input.ts Text): a field whose schema forgot its limit still cannot bring megabytes to the database.

export const NUL_MESSAGE = sentenceOf("nul_character");

type Problem = { path: string; message: string; refusal: Refusal };

/**
 * A route that takes a document as a string (an SSIM schedule in JSON) names its path and ceiling in its config
 * (`longStrings: { ssim_text: 4_194_304 }`); every other string keeps ANY_TEXT_MAX.
 */
export interface LongStrings {
  longStrings?: Readonly<Record<string, number>>;
}

/** What is wrong with one string at `path`, if anything. */
function stringProblem(v: string, path: string, long?: LongStrings["longStrings"]): Refusal | null {
  if (v.includes("\u0000")) return { code: "nul_character", params: {} };
  const max = (long && Object.hasOwn(long, path) ? long[path] : undefined) ?? ANY_TEXT_MAX;
  if (v.length > max) return { code: "too_long", params: { max } };
  return null;
}

const problem = (path: string, refusal: Refusal): Problem => ({ path, refusal, message: sentenceOf(refusal.code, refusal.params) });

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** The first string under `value` that holds a NUL or is longer than ANY_TEXT_MAX, with its dotted path. */
export function findBadString(value: unknown, long?: LongStrings["longStrings"]): Problem | null {
  if (typeof value === "string") {
    const found = stringProblem(value, "", long);
    return found ? problem("", found) : null;
  }
  // An explicit stack: a deeply nested JSON body must not overflow the call stack. Strings and numbers are
  // checked where they stand and only containers are stacked, so a 500 000-item array costs no paths.
  const stack: Array<[unknown, string]> = [[value, ""]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) {
        const child: unknown = v[i];
        if (typeof child === "string") {
          const found = stringProblem(child, join(path, i), long);
          if (found) return problem(join(path, i), found);
        } else if (child && typeof child === "object") stack.push([child, join(path, i)]);
      }
    } else if (v && typeof v === "object" && !Buffer.isBuffer(v) && !(v instanceof Uint8Array)) {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes("\u0000")) return problem(path || "base", { code: "nul_character", params: {} });
        if (typeof child === "string") {
          const found = stringProblem(child, join(path, k), long);
          if (found) return problem(join(path, k), found);
        } else if (child && typeof child === "object") stack.push([child, join(path, k)]);
      }
    }
  }
  return null;
}

function checkRequest(request: FastifyRequest) {
  const inPath = findBadString(request.params);
  // A path that names nothing we could store answers like any other path that names nothing.
  if (inPath) throw refuse(404, "not_found");
  const inQuery = findBadString(request.query);
  if (inQuery) throw refuseFields({ [inQuery.path || "base"]: [inQuery.refusal] }, 400);
  // A body that is one string (text/csv uploads) is the upload reader's to check, row by row.
  if (request.body && typeof request.body === "object") {
    const inBody = findBadString(request.body, (request.routeOptions.config as LongStrings | undefined)?.longStrings);
    if (inBody) throw refuseFields({ [inBody.path || "base"]: [inBody.refusal] });
  }
}

/** Registers the check on every route of `app` (call before the routes are registered). */
export function installInputGuard(app: FastifyInstance) {
  app.addHook("preValidation", async (request) => checkRequest(request));
}
