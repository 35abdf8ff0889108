import { notFound } from "../http/not-found.server";
import { parseWithZod } from "@conform-to/zod";
import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import type { UploadActionData } from "~/components/settings/upload-panel";
import type { SignedInUser } from "../auth/guard.server";
import { verifyCsrf } from "../auth/csrf.server";
import { requirePage } from "../auth/require-page.server";
import { urlWithout } from "../forms/list-query";
import { fieldErrorsOf } from "../forms/upstream-field-errors";
import { UploadFormSchema } from "../forms/upload-schema";
import { passDownload } from "../http/pass-download.server";
import { downloadTemplate, fileRefusalMessage, UPLOAD_FORMATS, uploadSheet, type HeaderMismatch } from "../upstream/uploads.server";
import { isPlatformUser } from "./settings-user.server";
import { redirectWithNotice } from "../notices/redirect-with-notice.server";

/**
 * The upload intent of a statistics page's action (CSRF already checked): validates the file, forwards it and
 * answers the page. Success: a flashed "N rows created" and back to the list (the new rows show). Refused:
 * the same page with every bad row (422).
 */
export async function uploadAction(
  user: SignedInUser,
  form: FormData,
  opts: { resource: string; what: string; backTo: string },
): Promise<Response> {
  const submission = parseWithZod(form, { schema: UploadFormSchema });
  if (submission.status !== "success") {
    return json<UploadActionData>({ form: "upload", reply: submission.reply({ hideFields: ["file"] }), rows: [] }, { status: 400 });
  }
  const carrier = isPlatformUser(user) ? submission.value.carrier : undefined;
  const outcome = await uploadSheet(user, opts.resource, submission.value.file, carrier);
  if (outcome.ok) {
    return redirectWithNotice(opts.backTo, user, { kind: "success", key: "uploads:notices.created", params: { what: opts.what, count: outcome.created } });
  }
  if (outcome.columns) {
    // one message about the header, not a "row 1" line per missing column
    return json<UploadActionData>(
      { form: "upload", reply: submission.reply({ hideFields: ["file"], formErrors: [headerMismatchMessage(outcome.columns)] }), rows: [] },
      { status: 422 },
    );
  }
  if (outcome.rows.length) {
    return json<UploadActionData>(
      { form: "upload", reply: submission.reply({ hideFields: ["file"], formErrors: [] }), rows: outcome.rows },
      { status: 422 },
    );
  }
  if (outcome.refusal) {
    // the file as a whole: said beside the file field, in the reader's language
    return json<UploadActionData>(
      { form: "upload", reply: submission.reply({ hideFields: ["file"], fieldErrors: { file: [fileRefusalMessage(outcome.refusal)] }, formErrors: [] }), rows: [] },
      { status: outcome.failure.status },
    );
  }
  const { fieldErrors, rest } = fieldErrorsOf(outcome.failure, ["file", "carrier"]);
  const formErrors = Object.keys(fieldErrors).length || rest.length ? rest : [outcome.failure.code === "Undefined" ? "uploads:errors.failed" : `errors:${outcome.failure.code}`];
  return json<UploadActionData>(
    { form: "upload", reply: submission.reply({ hideFields: ["file"], fieldErrors, formErrors }), rows: [] },
    { status: 422 },
  );
}

/**
 * The whole action of a statistics page whose only form is the upload (its access guard already passed): the
 * CSRF token, then the upload; any other post is not one this page makes (400).
 */
export async function uploadOnlyAction(request: Request, user: SignedInUser, opts: { resource: string; what: string }): Promise<Response> {
  const form = await request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") !== "upload") throw new Response("Bad Request", { status: 400 });
  return uploadAction(user, form, { ...opts, backTo: urlWithout(request) });
}

/** At most this many column names are echoed per list, each cut to COLUMN_SHOWN characters (they are the file's text). */
const COLUMNS_NAMED = 10;
const COLUMN_SHOWN = 40;
const columnList = (names: readonly string[]) =>
  names
    .slice(0, COLUMNS_NAMED)
    .map((n) => (n.length > COLUMN_SHOWN ? `${n.slice(0, COLUMN_SHOWN)}…` : n))
    .join(", ") + (names.length > COLUMNS_NAMED ? ", …" : "");

/** "uploads:headerMismatch?missing=…&unexpected=…": an i18n key with its values, as the form's errors are strings. */
export function headerMismatchMessage({ missing, unexpected }: HeaderMismatch): string {
  const values = new URLSearchParams({ missing: columnList(missing) });
  if (!unexpected.length) return `uploads:headerMissing?${values}`;
  values.set("unexpected", columnList(unexpected));
  return `uploads:headerMismatch?${values}`;
}

const TemplateQuery = z.object({ format: z.enum(UPLOAD_FORMATS) });

/** Loader of a template resource route: the page's own access rule, then the upstream file streamed through. */
export async function templateLoader(args: LoaderFunctionArgs, pattern: string, resource: string): Promise<Response> {
  const { user } = await requirePage(args, pattern);
  const query = TemplateQuery.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!query.success) throw notFound();
  const result = await downloadTemplate(user, resource, query.data.format);
  // a failed template download goes back to the page it was offered on, with the message
  return passDownload(result, `${resource}_template.${query.data.format}`, { user, backTo: pattern });
}
