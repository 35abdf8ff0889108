import type { Submission } from "@conform-to/react";
import type { ZodTypeAny, z } from "zod";
import { verifyCsrf } from "../auth/csrf.server";
import type { SignedInUser } from "../auth/guard.server";
import { failureReply, invalid, readForm, type FailureMessages } from "../forms/settings-form.server";
import { notFound } from "../http/not-found.server";
import { flashNotice } from "../notices/redirect-with-notice.server";
import type { NoticeKey } from "../session/session-data";
import type { UpstreamResult } from "../upstream/errors";

// Every settings form is saved along one path: the schema, the picker codes looked up in the reference lists, the
// upstream call, then (usually) a redirect with a notice; or the form again, every typed value kept and the errors
// beside their fields. The pages differ only in what they send, what they say once saved, and what a record that
// went away meanwhile does; this holds the path once and takes those as a spec.

export interface FormSave<V, R> {
  /** Errors of picker values the reference lists do not know, `{ field: [message] }`; asked once the schema passed. */
  check?: (value: V) => Promise<Record<string, string[]>>;
  /** The upstream call. */
  save: (value: V) => Promise<UpstreamResult<R>>;
  /** How a refusal reads beside the fields and above the form. */
  messages: FailureMessages;
  /** "NotFound" while saving (an edited record deleted meanwhile): the answer instead of the form; it may throw. */
  notFound?: () => Response;
  /** The answer once saved (a redirect with a notice). */
  saved: (saved: R, value: V) => Response;
}

/** A settings POST, its CSRF token checked first: a list page's action picks its intent (upload, delete, save) from it. */
export async function postedForm(request: Request, user: SignedInUser): Promise<FormData> {
  const form = await request.formData();
  verifyCsrf(user.session, form);
  return form;
}

/** The save path of a submission already parsed (a list page's action reads its form first to pick the intent). */
export async function saveSubmission<I, V, R>(submission: Submission<I, string[], V>, spec: FormSave<V, R>) {
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = spec.check ? await spec.check(submission.value) : {};
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await spec.save(submission.value);
  if (result.ok) return spec.saved(result.data, submission.value);
  if (result.code === "NotFound" && spec.notFound) return spec.notFound();
  return failureReply(submission, result, spec.messages);
}

/** A create/edit page's action: the POST read (CSRF first) and parsed with `schema`, then saved as `saveSubmission`. */
export async function saveForm<S extends ZodTypeAny, R>(
  request: Request,
  user: SignedInUser,
  spec: FormSave<z.output<S>, R> & { schema: S },
) {
  return saveSubmission(await readForm(request, user, spec.schema), spec);
}

/** The not-found page for a record that went away while it was edited, with a notice saying which one. */
export function notFoundWithNotice(user: SignedInUser, key: NoticeKey): never {
  flashNotice(user, { kind: "error", key });
  throw notFound();
}
