import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { formPage } from "~/components/settings/form-page";
import { ReadOnlyValue } from "~/components/settings/form-parts";
import { PermittedRouteForm } from "~/components/settings/permitted-route-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { checked, joinCodes } from "~/lib/forms/field-rules";
import { routeInput } from "~/lib/settings/permitted-route-action.server";
import { requireRecord } from "~/lib/settings/required.server";
import { permittedRouteForm } from "~/lib/settings/resource-forms.server";
import { saveForm } from "~/lib/settings/save-form.server";
import { getPermittedRoute, updatePermittedRoute } from "~/lib/upstream/permitted-routes.server";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/permitted-routes/:id/edit";
const LIST = "/dashboard/settings/permitted-routes";

export const handle = { i18n: ["routes", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  // another airline's id answers 404 upstream, exactly like an id that does not exist
  const { pageTitle, record: r } = await requireRecord(args, ROUTE, getPermittedRoute);
  return json({
    pageTitle,
    id: r.id,
    carrier: r.carrier,
    defaultValue: {
      origin_iata: r.origin_iata,
      destination_iata: r.destination_iata,
      transfer_iata_codes: joinCodes(r.transfer_iata_codes),
      company_short_name: r.company_short_name ?? "",
      contracted: checked(r.contracted),
      direct: checked(r.direct),
    },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  // the airline of a route does not change
  return saveForm(args.request, user, {
    ...permittedRouteForm(user, t),
    save: (v) => updatePermittedRoute(user.api, id, routeInput(user, v)),
    // "Record Not Found" (deleted meanwhile, or not this airline's): say so on the list, the form has nothing to edit
    notFound: () => redirectWithNotice(LIST, user, { kind: "error", key: "routes:notices.notFound" }),
    saved: () => redirectWithNotice(LIST, user, { kind: "success", key: "routes:notices.updated" }),
  });
}

export default formPage<typeof loader, typeof action>(function PermittedRouteEditPage({ data, lastResult }) {
  const { t } = useTranslation("routes");
  return (
    <>
      <ReadOnlyValue label={t("fields.carrier")} value={data.carrier} testId="route-carrier" />
      <PermittedRouteForm id={`permitted-route-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={false} cancelHref={LIST} />
    </>
  );
});

export const ErrorBoundary = GeneralErrorBoundary;
