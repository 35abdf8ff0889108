import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { BaggageStatForm } from "~/components/settings/baggage-stat-form";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { BAGGAGE_STAT_FIELDS, BaggageStatFormSchema } from "~/lib/forms/baggage-stat-schema";
import { failureReply, invalid, readForm } from "~/lib/forms/settings-form.server";
import { BAGGAGE_FAILURE_MESSAGES, baggageAirportErrors, baggageInput } from "~/lib/settings/baggage-stat-action.server";
import { defaultCarrier, isPlatformUser } from "~/lib/settings/settings-user.server";
import { createBaggageStat } from "~/lib/upstream/baggage-stats.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/baggage-stats/create";
const LIST = "/dashboard/settings/baggage-averages";

export const handle = { i18n: ["statistics", "routes", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  return json({ pageTitle, showCarrier: isPlatformUser(user), defaultValue: { carrier: defaultCarrier(user) } });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const submission = await readForm(args.request, user, BaggageStatFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await baggageAirportErrors(user, t, submission.value);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await createBaggageStat(user.api, baggageInput(user, submission.value));
  if (!result.ok) return failureReply(submission, result, { fields: BAGGAGE_STAT_FIELDS, ...BAGGAGE_FAILURE_MESSAGES });
  return redirectWithNotice(LIST, user, { kind: "success", key: "statistics:notices.baggageCreated" });
}

export default function BaggageStatCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <BaggageStatForm id="baggage-stat-new" defaultValue={data.defaultValue} lastResult={lastResult} showCarrier={data.showCarrier} cancelHref={LIST} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
