import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { HandlerForm } from "~/components/settings/handler-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { handlerDefaults, handlerInput } from "~/lib/forms/handler-schema";
import { requireRecord } from "~/lib/settings/required.server";
import { handlerForm } from "~/lib/settings/resource-forms.server";
import { notFoundWithNotice, saveForm } from "~/lib/settings/save-form.server";
import { getHandler, updateHandler } from "~/lib/upstream/handlers.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/handlers/:id/edit";
const LIST = "/dashboard/settings/handlers";

export const handle = { i18n: ["handlers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  // "Record Not Found" (also another airline's id) → NotFound (spec 3 §8)
  const { pageTitle, record: handler } = await requireRecord(args, ROUTE, getHandler);
  return json({ pageTitle, id: handler.id, defaultValue: handlerDefaults(handler) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  return saveForm(args.request, user, {
    ...handlerForm(user, t),
    save: (v) => updateHandler(user.api, id, handlerInput(v)),
    notFound: () => notFoundWithNotice(user, "handlers:notices.notFound"),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "handlers:notices.updated" }),
  });
}

export default formPage<typeof loader, typeof action>(function HandlerEditPage({ data, lastResult }) {
  return <HandlerForm id={`handler-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
