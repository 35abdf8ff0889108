import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { PermittedRouteForm } from "~/components/settings/permitted-route-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { PERMITTED_ROUTE_FIELDS, PermittedRouteFormSchema } from "~/lib/forms/permitted-route-schema";
import { failureReply, invalid, readForm } from "~/lib/forms/settings-form.server";
import { ROUTE_FAILURE_MESSAGES, routeAirportErrors, routeInput } from "~/lib/settings/permitted-route-action.server";
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
  const submission = await readForm(args.request, user, PermittedRouteFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await routeAirportErrors(user, t, submission.value);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await createPermittedRoute(user.api, routeInput(user, submission.value));
  if (!result.ok) return failureReply(submission, result, { fields: PERMITTED_ROUTE_FIELDS, ...ROUTE_FAILURE_MESSAGES });
  return redirectWithNotice(LIST, user, { kind: "success", key: "routes:notices.created" });
}

export default function PermittedRouteCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <PermittedRouteForm id="permitted-route-new" defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={data.showCarrier} cancelHref={LIST} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
