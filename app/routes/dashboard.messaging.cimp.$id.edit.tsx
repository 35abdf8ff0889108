import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { CimpCorrectForm } from "~/components/telegrams/cimp-telegram-forms";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { CimpCorrectFormSchema } from "~/lib/forms/cimp-telegram-schema";
import { recordIdOf } from "~/lib/http/not-found.server";
import { requireRecord } from "~/lib/settings/required.server";
import { notFoundWithNotice, saveForm } from "~/lib/settings/save-form.server";
import { cimpFailureMessages, toTelegram } from "~/lib/telegrams/cimp-telegram-save.server";
import { correctCimpTelegram, getCimpTelegram } from "~/lib/upstream/cimp-telegrams.server";

// Correcting a received Cargo-IMP telegram (issue 23; spec 1 §2 "/messaging/cimp/:id/edit"): its text, prefilled,
// is replaced and read again (PATCH), the corrector recorded; then back to its page with a notice. A state that no
// longer allows it (spec 2 §4, cargo/telegrams/telegram-state.ts) comes back as the graph's refusal above the form.

const ROUTE = "/dashboard/messaging/cimp/:id/edit";
const DETAIL = "/dashboard/messaging/cimp-telegrams/:id";

export const handle = { i18n: ["telegrams", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle, record } = await requireRecord(args, ROUTE, getCimpTelegram);
  const detail = DETAIL.replace(":id", String(record.id));
  const cancelHref = BUILT_ROUTES.has(DETAIL) && canAccess(DETAIL, user.access) ? detail : "/dashboard/messaging/cimp";
  return json({ pageTitle, id: record.id, text: record.original_content, cancelHref });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  return saveForm(args.request, user, {
    schema: CimpCorrectFormSchema,
    save: (v) => correctCimpTelegram(user.api, id, v.cimp_text),
    messages: cimpFailureMessages(),
    notFound: () => notFoundWithNotice(user, "errors:refusal.telegram_not_found"),
    saved: () => toTelegram(user, id, "telegrams:notices.corrected"),
  });
}

export default formPage<typeof loader, typeof action>(function CimpEditPage({ data, lastResult }) {
  return <CimpCorrectForm id={data.id} text={data.text} lastResult={lastResult} cancelHref={data.cancelHref} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
