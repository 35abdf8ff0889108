import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { CimpUploadForm } from "~/components/telegrams/cimp-telegram-forms";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { CIMP_TEXT_MAX, CimpUploadFormSchema } from "~/lib/forms/cimp-telegram-schema";
import { invalid, readForm } from "~/lib/forms/settings-form.server";
import { saveSubmission } from "~/lib/settings/save-form.server";
import { cimpFailureMessages, toTelegram } from "~/lib/telegrams/cimp-telegram-save.server";
import { sendCimpTelegram } from "~/lib/upstream/cimp-telegrams.server";

// Sending a Cargo-IMP telegram by hand (issue 23; spec 1 §2 "Messaging: cimp (upload)"): pasted or as a .txt file,
// with the sender's optional message identifier. Stored as sent even when it has faults: the telegram's page then
// shows each on its line. A refusal of the API (a text of another list) stands beside the field, the text kept.

const ROUTE = "/dashboard/messaging/cimp";
const LIST = "/dashboard/messaging/cimp-telegrams";

export const handle = { i18n: ["telegrams", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, cancelHref: BUILT_ROUTES.has(LIST) && canAccess(LIST, user.access) ? LIST : "/dashboard" });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const submission = await readForm(args.request, user, CimpUploadFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const file = submission.value.cimp_file;
  // the file's size is checked by the schema before it is read
  const text = file ? await file.text() : (submission.value.cimp_text ?? "");
  if (file && text.length > CIMP_TEXT_MAX) return invalid(submission, { fieldErrors: { cimp_file: [`telegrams:form.fileTooLarge?max=${CIMP_TEXT_MAX}`] } });
  if (file && !text.trim()) return invalid(submission, { fieldErrors: { cimp_file: ["telegrams:form.textRequired"] } });
  return saveSubmission(submission, {
    save: () => sendCimpTelegram(user.api, { cimp_text: text, message_identifier: submission.value.message_identifier || undefined }),
    messages: cimpFailureMessages(file ? "cimp_file" : "cimp_text"),
    saved: (telegram) => toTelegram(user, telegram.id, "telegrams:notices.received"),
  });
}

export default formPage<typeof loader, typeof action>(function CimpUploadPage({ data, lastResult }) {
  return <CimpUploadForm lastResult={lastResult} cancelHref={data.cancelHref} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
