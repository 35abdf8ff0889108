import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { MessageSettingForm } from "~/components/settings/message-setting-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { messageSettingDefaults, messageSettingInput } from "~/lib/forms/message-setting-schema";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { messageSettingForm, sendingSide } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { airlineChoices, chosenCarrier } from "~/lib/settings/settings-user.server";
import { createMessageSetting } from "~/lib/upstream/message-settings.server";

const ROUTE = "/dashboard/settings/message-settings/create";
const LIST = "/dashboard/settings/messaging";

export const handle = { i18n: ["message-settings", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, defaultValue: messageSettingDefaults(null), airlines: await airlineChoices(user), side: sendingSide(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  return saveForm(args.request, user, {
    ...messageSettingForm(user, t),
    save: (v) => createMessageSetting(user.api, { ...messageSettingInput(v), ...chosenCarrier(user, v.carrier) }),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "message-settings:notices.created" }),
  });
}

export default formPage<typeof loader, typeof action>(function MessageSettingCreatePage({ data, lastResult }) {
  return <MessageSettingForm id="message-setting-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} side={data.side} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
