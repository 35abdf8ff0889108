import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json } from "@remix-run/node";
import type { ZodTypeAny } from "zod";
import { verifyCsrf } from "../auth/csrf.server";
import type { SignedInUser } from "../auth/guard.server";
import type { ReferenceKind } from "../reference/reference-kinds";
import { unknownCodes } from "../reference/reference.server";
import type { ApiRefusal, UpstreamFailure } from "../upstream/errors";
import { refusalMessage } from "../upstream/refusal-message";
import { fieldErrorsOf } from "./upstream-field-errors";
import { failureStatus } from "~/lib/upstream/errors";

/**
 * The shared server half of the settings create/edit forms: read the POST (CSRF first), parse it with the
 * form's zod schema, check picker values against the reference lists, and turn an upstream failure into
 * errors beside the fields while every typed value is sent back (conform's reply carries them).
 */

export async function readForm<S extends ZodTypeAny>(request: Request, user: SignedInUser, schema: S) {
  const form = await request.formData();
  verifyCsrf(user.session, form);
  return parseWithZod(form, { schema });
}

/**
 * A submission that failed here answers 400 with its errors and values; a form intent (a list row added or
 * removed without JS) answers 200 with the changed form.
 */
export function invalid(submission: Submission<unknown>, extra?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }) {
  const reply = submission.reply(extra ? { fieldErrors: extra.fieldErrors, formErrors: extra.formErrors } : undefined);
  return json(reply, { status: submission.status === undefined && !extra ? 200 : 400 });
}

export interface ReferenceCheck {
  field: string;
  kind: ReferenceKind;
  codes: Array<string | null | undefined> | string | null | undefined;
  /** i18n key; `{{codes}}` receives the unknown codes. */
  message: string;
}

/** What the checks translate their messages with (the route's `t`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * Checks of several fields of one kind under one message, `{ field: codes }`: a form's airport (or SHC) pickers
 * are usually checked alike.
 */
export function checksOf(kind: ReferenceKind, message: string, fields: Record<string, ReferenceCheck["codes"]>): ReferenceCheck[] {
  return Object.entries(fields).map(([field, codes]) => ({ field, kind, codes, message }));
}

/**
 * Server-side validation of picker values (without JS they are plain text): every unknown code gives an
 * error beside its field, translated here so it can name the codes.
 */
export async function referenceErrors(
  user: SignedInUser,
  t: Translate,
  checks: ReferenceCheck[],
): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  await Promise.all(
    checks.map(async (check) => {
      const codes = [check.codes ?? []].flat().filter((c): c is string => typeof c === "string" && c.length > 0);
      if (!codes.length) return;
      const unknown = await unknownCodes(user, check.kind, codes);
      if (unknown.length) errors[check.field] = [t(check.message, { codes: unknown.join(", ") })];
    }),
  );
  return errors;
}

export interface FailureMessages {
  /** Form fields a server field error may name. */
  fields: readonly string[];
  /** Server field name → form field name (nested settings use "_" for "."). */
  rename?: (name: string) => string;
  /** "Exists": the message key, and the field it is shown beside as well. */
  exists?: { key: string; field?: string };
  /** "NotFound" while saving: the message key. */
  notFound?: string;
  /** The resource's own words for some refusal codes (code → message key), before the generic ones apply. */
  known?: ReadonlyArray<readonly [string, string]>;
}

/** An upstream failure as conform errors: field errors beside their fields, the rest above the form. */
export function failureReply(submission: Submission<unknown>, failure: UpstreamFailure, messages: FailureMessages) {
  const keyOf = (refusal: ApiRefusal) => messages.known?.find(([code]) => refusal.code === code)?.[1] ?? refusalMessage(refusal);
  const byField = Object.entries(failure.fieldErrors).map(([k, v]) => {
    const coded = failure.fieldRefusals?.[k];
    return [messages.rename ? messages.rename(k) : k, coded?.length ? coded.map(keyOf) : v] as const;
  });
  // worded here already: fieldErrorsOf takes these messages as they are
  const renamed: UpstreamFailure = { ...failure, fieldErrors: Object.fromEntries(byField), fieldRefusals: {} };
  const { fieldErrors, rest } = fieldErrorsOf(renamed, messages.fields);
  const formErrors: string[] = [];
  if (failure.code === "Exists" && messages.exists) {
    formErrors.push(messages.exists.key);
    if (messages.exists.field) fieldErrors[messages.exists.field] = [messages.exists.key];
  } else if (failure.code === "NotFound" && messages.notFound) {
    formErrors.push(messages.notFound);
  } else if (Object.keys(fieldErrors).length === 0) {
    formErrors.push(...(failure.status === 422 && failure.refusal ? [keyOf(failure.refusal)] : [`errors:${failure.code}`]));
  } else if (rest.length) {
    formErrors.push(...rest);
  }
  return json(submission.reply({ fieldErrors, formErrors }), { status: failureStatus(failure) });
}
