import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { HandlerForm } from "~/components/settings/handler-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { handlerDefaults, handlerInput } from "~/lib/forms/handler-schema";
import { handlerForm } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { airlineChoices, chosenCarrier } from "~/lib/settings/settings-user.server";
import { createHandler } from "~/lib/upstream/handlers.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/handlers/create";
const LIST = "/dashboard/settings/handlers";

export const handle = { i18n: ["handlers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, defaultValue: handlerDefaults(null), airlines: await airlineChoices(user) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  return saveForm(args.request, user, {
    ...handlerForm(user, t),
    save: (v) => createHandler(user.api, { ...handlerInput(v), ...chosenCarrier(user, v.carrier) }),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "handlers:notices.created" }),
  });
}

export default formPage<typeof loader, typeof action>(function HandlerCreatePage({ data, lastResult }) {
  return <HandlerForm id="handler-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
