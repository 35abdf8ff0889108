import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { FastifyFormbodyOptions } from "@fastify/formbody";
import { refusalBody, refuseField } from "./errors";

// What one request may bring before any work that grows with it (issue 8 §2, DESIGN §4a). Most of it is Fastify's and
// its parsers' own behaviour, set here explicitly so that it is visible and tested (tests/api/request-limits.test.ts):
// - bodies: JSON (and every other type) up to 1 MiB, form bodies up to 64 KiB, uploads up to 10 MiB (their own routes);
//   over it, 413 before the body is parsed;
// - form bodies and query strings are parsed by fast-querystring, which builds no nested objects or arrays from
//   names: `a[999999999]=1` is one field of that name, never an array of a billion slots;
// - a query string over HTTP is bounded by Node's header size limit (16 KiB; over it, 431 before Fastify runs);
// - JSON is parsed by secure-json-parse: V8's JSON.parse does not recurse, and `__proto__`/`constructor.prototype`
//   keys are refused with 400 rather than scanned for.

export const JSON_BODY_LIMIT = 1024 * 1024;
export const FORM_BODY_LIMIT = 64 * 1024;
/** Values of one repeated query parameter (`codes[]=OVB&codes[]=DME...`). */
export const MAX_QUERY_VALUES = 500;

/** Fastify's own options for what a request may carry. */
export const serverLimits = {
  bodyLimit: JSON_BODY_LIMIT,
  onProtoPoisoning: "error",
  onConstructorPoisoning: "error",
  // Path parameters are ids and codes; a longer one names nothing and answers 404.
  maxParamLength: 100,
} satisfies FastifyServerOptions;

/** Options of @fastify/formbody wherever a plugin registers it: sign-in and locale forms are a few hundred bytes. */
export const formBodyOptions = { bodyLimit: FORM_BODY_LIMIT } satisfies FastifyFormbodyOptions;

/** Refuses a query that repeats one parameter more than MAX_QUERY_VALUES times, before authentication or any route. */
export function installQueryLimits(app: FastifyInstance) {
  app.addHook("onRequest", async (request) => {
    for (const [name, value] of Object.entries(request.query as Record<string, unknown>)) {
      if (Array.isArray(value) && value.length > MAX_QUERY_VALUES) {
        throw refuseField(name.slice(0, 100), "too_many_query_values", { max: MAX_QUERY_VALUES }, 400);
      }
    }
  });
}

/**
 * A body the API will not use is not read (issue 21 §5/§6): a request for no route is answered 404 before its body is
 * parsed (Fastify's not-found route parses it first, so any client could make the API wait for and parse a megabyte),
 * and an answer sent before the body was read in full (401, 404, 413 at the cap) closes the connection: the client stops
 * sending at the answer, so the bytes Node still expects as the body would swallow its next request on a kept-alive
 * connection until a timeout.
 */
export function installUnreadBodies(app: FastifyInstance) {
  app.addHook("onRequest", async (request, reply) => {
    if (request.is404) return reply.code(404).send(refusalBody("not_found"));
  });
  app.addHook("onSend", async (request, reply) => {
    if (!request.raw.complete) reply.header("connection", "close");
  });
}
