import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader, ReadOnlyValue } from "~/components/settings/form-parts";
import { PermittedRouteForm } from "~/components/settings/permitted-route-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { checked, joinCodes } from "~/lib/forms/field-rules";
import { PERMITTED_ROUTE_FIELDS, PermittedRouteFormSchema } from "~/lib/forms/permitted-route-schema";
import { failureReply, invalid, readForm } from "~/lib/forms/settings-form.server";
import { ROUTE_FAILURE_MESSAGES, routeAirportErrors, routeInput } from "~/lib/settings/permitted-route-action.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { getPermittedRoute, updatePermittedRoute } from "~/lib/upstream/permitted-routes.server";
import { useTranslation } from "react-i18next";
import { recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/permitted-routes/:id/edit";
const LIST = "/dashboard/settings/permitted-routes";

export const handle = { i18n: ["routes", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  // another airline's id answers 404 upstream, exactly like an id that does not exist
  const found = await getPermittedRoute(user.api, recordIdOf(args.params.id));
  if (!found.ok) throw failureResponse(found);
  const r = found.data;
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
  const submission = await readForm(args.request, user, PermittedRouteFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await routeAirportErrors(user, t, submission.value);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await updatePermittedRoute(user.api, id, routeInput(user, submission.value));
  if (!result.ok && result.code === "NotFound") {
    // "Record Not Found" (deleted meanwhile, or not this airline's): say so on the list, the form has nothing to edit
    return redirectWithNotice(LIST, user, { kind: "error", key: "routes:notices.notFound" });
  }
  if (!result.ok) return failureReply(submission, result, { fields: PERMITTED_ROUTE_FIELDS, ...ROUTE_FAILURE_MESSAGES });
  return redirectWithNotice(LIST, user, { kind: "success", key: "routes:notices.updated" });
}

export default function PermittedRouteEditPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("routes");
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <ReadOnlyValue label={t("fields.carrier")} value={data.carrier} testId="route-carrier" />
      <PermittedRouteForm id={`permitted-route-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={false} cancelHref={LIST} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
