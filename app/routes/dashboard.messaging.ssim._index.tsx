import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { SsimUploadForm } from "~/components/telegrams/ssim-upload-form";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { SsimUploadFormSchema } from "~/lib/forms/ssim-telegram-schema";
import { invalid, readForm } from "~/lib/forms/settings-form.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { saveSubmission } from "~/lib/settings/save-form.server";
import { sendSsimTelegram } from "~/lib/upstream/flight-telegrams.server";

// Sending a schedule by hand (issue 23; spec 1 §2 "Messaging: ssim (upload)", spec 1 §6 "SSIM upload"): an ASM or SSM
// pasted, or an SSIM file chosen (forwarded to the API as a file: its size and legs are the API's limits, refused
// with a code beside the field). Stored as sent even with faults; the telegram's page then shows each on its line and,
// once the queue applied it, what it changed on the flights.

const ROUTE = "/dashboard/messaging/ssim";
const LIST = "/dashboard/messaging/ssim-telegrams";
const DETAIL = "/dashboard/messaging/ssim-telegrams/:id";

export const handle = { i18n: ["telegrams", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, cancelHref: BUILT_ROUTES.has(LIST) && canAccess(LIST, user.access) ? LIST : "/dashboard" });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const submission = await readForm(args.request, user, SsimUploadFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const { ssim_file: file, ssim_text: text, message_identifier } = submission.value;
  const textField = file ? "ssim_file" : "ssim_text";
  return saveSubmission(submission, {
    save: () => sendSsimTelegram(user.api, { file, text, message_identifier: message_identifier || undefined }),
    messages: { fields: ["ssim_text", "ssim_file", "message_identifier"], rename: (name) => (name === "file" || name === "ssim_text" ? textField : name), notFound: "errors:refusal.telegram_not_found" },
    saved: (telegram) => {
      const target = BUILT_ROUTES.has(DETAIL) && canAccess(DETAIL, user.access) ? DETAIL.replace(":id", String(telegram.id)) : ROUTE;
      return redirectWithNotice(target, user, { kind: "success", key: "telegrams:notices.received" });
    },
  });
}

export default formPage<typeof loader, typeof action>(function SsimUploadPage({ data, lastResult }) {
  return <SsimUploadForm lastResult={lastResult} cancelHref={data.cancelHref} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
