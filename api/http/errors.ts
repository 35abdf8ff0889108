import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from "fastify-type-provider-zod";

/** Error bodies always carry `error`, `errors` (list or map) or `message` (spec 3 §7). */
export type ErrorBody =
  | { error: string; error_description?: string; [k: string]: unknown }
  | { errors: string[] | Record<string, string[]>; [k: string]: unknown }
  | { message: string; [k: string]: unknown };

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

export const notFound = () => new HttpError(404, { error: "Record Not Found" });

/** Devise-style field errors, the shape the BFF classifies password and registration failures by. */
export const fieldErrors = (errors: Record<string, string[]>) => new HttpError(422, { errors });

/** zod issue paths become dotted keys ("user.email"); issues on the whole body go under "base". */
function zodErrorsMap(error: FastifyError & { validation: Array<{ instancePath: string; message: string; params: unknown }> }) {
  const errors: Record<string, string[]> = {};
  for (const v of error.validation) {
    const issue = (v.params as { issue?: { path: (string | number)[]; message: string } }).issue;
    const key = issue?.path.length ? issue.path.join(".") : "base";
    (errors[key] ??= []).push(issue?.message ?? v.message);
  }
  return errors;
}

export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send(error.body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send({ errors: zodErrorsMap(error) });
    }
    if (isResponseSerializationError(error)) {
      // Our answer did not match its own schema: a bug on our side, never the client's.
      request.log.error({ err: error, issues: error.cause.issues }, "answer does not match its schema");
      return reply.code(500).send({ error: "Internal Server Error" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, "request failed");
      return reply.code(500).send({ error: "Internal Server Error" });
    }
    // Fastify's own client errors: malformed JSON, unsupported media type, body too large...
    return reply.code(status).send({ error: error.message });
  });

  app.setNotFoundHandler((_request, reply) => reply.code(404).send({ error: "Not Found" }));
}

/** Postgres unique violation, whether thrown by the driver directly or wrapped by drizzle. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === "23505") return true;
  }
  return false;
}
