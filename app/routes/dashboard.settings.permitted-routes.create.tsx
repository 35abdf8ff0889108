import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { PermittedRouteForm } from "~/components/settings/permitted-route-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { routeInput } from "~/lib/settings/permitted-route-action.server";
import { permittedRouteForm } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { defaultCarrier, isPlatformUser } from "~/lib/settings/settings-user.server";
import { createPermittedRoute } from "~/lib/upstream/permitted-routes.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/permitted-routes/create";
const LIST = "/dashboard/settings/permitted-routes";

export const handle = { i18n: ["routes", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, showCarrier: isPlatformUser(user), defaultValue: { carrier: defaultCarrier(user), direct: "on" as const } });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  return saveForm(args.request, user, {
    ...permittedRouteForm(user, t),
    save: (v) => createPermittedRoute(user.api, routeInput(user, v)),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "routes:notices.created" }),
  });
}

export default formPage<typeof loader, typeof action>(function PermittedRouteCreatePage({ data, lastResult }) {
  return <PermittedRouteForm id="permitted-route-new" defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={data.showCarrier} cancelHref={LIST} />;
});

export const ErrorBoundary = GeneralErrorBoundary;
