import { unstable_coerceFormValue as coerceFormValue } from "@conform-to/zod";
import { z } from "zod";

/**
 * Cross-field checks (period order, same airports, max below min…) that run in the same pass as the fields'
 * own checks. zod skips an object's `superRefine` as soon as one field fails with a type error (a required
 * field left empty), so a form reported one kind of error per submit: a new agreement showed its date order
 * only once every required field was filled (issue 9 §1.2). Here the checks run first, on the fields that are
 * well-formed on their own, and the object is then parsed as usual: every error the form can know, at once.
 * A check that must tell "left empty" from "typed badly" reads the posted text (`posted`).
 */

/** The values a check sees: a field that failed its own rules is absent (lists of objects: item by item). */
export type WellFormed<T> = T extends readonly (infer I)[] ? WellFormed<I>[] : T extends object ? { [K in keyof T]?: WellFormed<T[K]> } : T;

/** The schema with every field on its own: a failing field becomes undefined instead of failing the object. */
function fieldByField(schema: z.ZodTypeAny): z.ZodTypeAny {
  if (schema instanceof z.ZodObject) {
    const shape = schema.shape as z.ZodRawShape;
    return z.object(Object.fromEntries(Object.entries(shape).map(([key, field]) => [key, fieldByField(field).catch(undefined)])));
  }
  // a list of rows (the schedule's lines): each row checked on its own
  if (schema instanceof z.ZodArray && schema.element instanceof z.ZodObject) return z.array(fieldByField(schema.element));
  return schema;
}

/**
 * `base` with `check` run on its well-formed fields even when others fail. The value seen by `check` is
 * coerced as conform coerces the form ("" → absent, numbers, ticked boxes); issues it adds are the form's.
 */
export function withCrossChecks<S extends z.ZodObject<z.ZodRawShape>>(
  base: S,
  check: (value: WellFormed<z.output<S>>, ctx: z.RefinementCtx, posted: Readonly<Record<string, unknown>>) => void,
): z.ZodEffects<S, z.output<S>, z.input<S>> {
  const wellFormed = coerceFormValue(fieldByField(base));
  const checked = z.preprocess((input, ctx) => {
    const fields = wellFormed.safeParse(input);
    const posted = typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
    if (fields.success) check(fields.data as WellFormed<z.output<S>>, ctx, posted);
    // the form goes on unchanged: its own rules still run on it (an issue added here is not fatal)
    return input;
  }, base);
  // the form's typed shape is the object's: the preprocess passes the input through untouched
  return checked as unknown as z.ZodEffects<S, z.output<S>, z.input<S>>;
}

/** The fields of a form (posted or already parsed) that are well-formed on their own, for lookups that need them. */
export function wellFormedFields<S extends z.ZodObject<z.ZodRawShape>>(base: S, input: unknown): WellFormed<z.output<S>> {
  const fields = coerceFormValue(fieldByField(base)).safeParse(input);
  return (fields.success ? fields.data : {}) as WellFormed<z.output<S>>;
}
