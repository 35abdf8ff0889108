import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { MessageSettingForm } from "~/components/settings/message-setting-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { messageSettingDefaults, messageSettingInput } from "~/lib/forms/message-setting-schema";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { requireRecord } from "~/lib/settings/required.server";
import { messageSettingForm, sendingSide } from "~/lib/settings/resource-forms.server";
import { notFoundWithNotice, saveForm } from "~/lib/settings/save-form.server";
import { getMessageSetting, updateMessageSetting } from "~/lib/upstream/message-settings.server";

const ROUTE = "/dashboard/settings/message-settings/:id/edit";
const LIST = "/dashboard/settings/messaging";

export const handle = { i18n: ["message-settings", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  // "Record Not Found" (also another airline's id) → NotFound (spec 3 §8)
  const { user, pageTitle, record } = await requireRecord(args, ROUTE, getMessageSetting);
  return json({ pageTitle, id: record.id, defaultValue: messageSettingDefaults(record), side: sendingSide(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  return saveForm(args.request, user, {
    ...messageSettingForm(user, t),
    save: (v) => updateMessageSetting(user.api, id, messageSettingInput(v)),
    notFound: () => notFoundWithNotice(user, "message-settings:notices.notFound"),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "message-settings:notices.updated" }),
  });
}

export default formPage<typeof loader, typeof action>(function MessageSettingEditPage({ data, lastResult }) {
  return <MessageSettingForm id={`message-setting-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} side={data.side} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
