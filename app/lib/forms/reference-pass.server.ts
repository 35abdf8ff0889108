import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { verifyCsrf } from "../auth/csrf.server";
import type { SignedInUser } from "../auth/guard.server";
import type { ReferenceKind } from "../reference/reference-kinds";
import { wellFormedFields } from "./cross-checks";
import { referenceErrors } from "./settings-form.server";

/**
 * A form parsed with its schema AND its reference codes looked up (unknown airport, country, SHC…) in the same
 * pass. Before, the lookups ran only once the schema passed, so an unknown airport was reported one submit after
 * the period order and the weekdays (issue 9 §1.2). A code is looked up when its own field is well-formed,
 * whatever the other fields hold; the answer is a conform submission like parseWithZod's, its errors merged.
 */

export interface ReferenceRule {
  /** A field of the form holding a code or a list of codes. */
  field: string;
  kind: ReferenceKind;
  /** i18n key; `{{codes}}` receives the unknown codes. */
  message: string;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The object under a schema's effects (withCrossChecks, superRefine). */
function objectOf(schema: z.ZodTypeAny): z.ZodObject<z.ZodRawShape> | null {
  let s: z.ZodTypeAny = schema;
  while (s instanceof z.ZodEffects) s = s.innerType();
  return s instanceof z.ZodObject ? s : null;
}

export async function parseWithReferences<S extends z.ZodTypeAny>(
  user: SignedInUser,
  t: Translate,
  form: FormData,
  schema: S,
  rules: readonly ReferenceRule[],
): Promise<Submission<z.input<S>, string[], z.output<S>>> {
  const submission = parseWithZod(form, { schema });
  // a form intent (a line added without JS) is not a submit: nothing to look up
  if (submission.status === undefined || !rules.length) return submission;
  const object = objectOf(schema);
  const values = (submission.status === "success" ? submission.value : object ? wellFormedFields(object, submission.payload) : {}) as Record<string, unknown>;
  const failed = submission.status === "error" ? (submission.error ?? {}) : {};
  const checks = rules
    .filter((rule) => !failed[rule.field]?.length)
    .map((rule) => ({ ...rule, codes: values[rule.field] as string | string[] | undefined }));
  const unknown = await referenceErrors(user, t, checks);
  if (!Object.keys(unknown).length) return submission;
  // parsed again with the unknown codes as issues of their fields: conform's reply carries them with the rest
  const withUnknown = z.preprocess((input, ctx) => {
    for (const [field, messages] of Object.entries(unknown)) {
      for (const message of messages) ctx.addIssue({ code: z.ZodIssueCode.custom, path: [field], message });
    }
    return input;
  }, schema);
  return parseWithZod(form, { schema: withUnknown }) as Submission<z.input<S>, string[], z.output<S>>;
}

/** readForm (CSRF, then the schema) with the reference lookups of `parseWithReferences` in the same pass. */
export async function readFormWithReferences<S extends z.ZodTypeAny>(
  request: Request,
  user: SignedInUser,
  t: Translate,
  schema: S,
  rules: readonly ReferenceRule[],
) {
  const form = await request.formData();
  verifyCsrf(user.session, form);
  return parseWithReferences(user, t, form, schema, rules);
}
