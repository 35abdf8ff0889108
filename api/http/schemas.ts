import { z } from "zod";

/**
 * Every error answer: `error` (with an optional `error_description`), `errors` (list or field map) or `message`.
 * Passthrough so an error never fails its own serialisation.
 */
export const ErrorSchema = z
  .object({
    error: z.string().optional(),
    error_description: z.string().optional(),
    // checked, not rebuilt: zod would copy a field map key by key, and a field named "__proto__" (a query parameter)
    // would vanish from the answer (fieldErrorsBody keeps it as an own key on a map without a prototype)
    errors: z
      .custom<string[] | Record<string, string[]>>((v) => Array.isArray(v) || (typeof v === "object" && v !== null))
      .describe("a list of sentences, or a map of field name to its sentences")
      .optional(),
    message: z.string().optional(),
  })
  .passthrough();

/** Answer schemas of a resource's refusals: not allowed, not found (or not the caller's), invalid. */
export const resourceErrors = { 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema } as const;

/** Answer schemas for the errors that every authenticated call can give. */
export const authErrors = { 401: ErrorSchema, 422: ErrorSchema } as const;

export const EmptyObjectSchema = z.object({}).strict();

/** Booleans that may arrive from HTML forms ("true", "1", "on") as well as JSON. */
export const FormBoolean = z.preprocess((v) => {
  if (typeof v === "string") return ["true", "1", "on", "yes"].includes(v.toLowerCase());
  return v;
}, z.boolean());

export const IsoDateTime = z.preprocess((v) => (v instanceof Date ? v.toISOString() : v), z.string());

/** The answer of a row's stamps (api/db/tables/columns.ts stamps): when it was written and last changed. */
export const StampsShape = { created_at: IsoDateTime, updated_at: IsoDateTime };

/** A station (airport) IATA code; accepted in any case, stored upper case. */
export const StationCode = z
  .string()
  .trim()
  .transform((s) => s.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{3}$/, "must be a 3-letter IATA code"));
