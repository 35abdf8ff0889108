import { Stack } from "~/lib/mantine/Stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { HandlerForm } from "~/components/settings/handler-form";
import { requirePage } from "~/lib/auth/require-page.server";
import { HANDLER_FIELDS, HandlerFormSchema, handlerDefaults, handlerInput } from "~/lib/forms/handler-schema";
import { failureReply, invalid, readForm, referenceErrors } from "~/lib/forms/settings-form.server";
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
  const submission = await readForm(args.request, user, HandlerFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await referenceErrors(user, t, [
    { field: "location", kind: "airports", codes: submission.value.location, message: "handlers:unknownStation" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await createHandler(user.api, { ...handlerInput(submission.value), ...chosenCarrier(user, submission.value.carrier) });
  if (!result.ok) return failureReply(submission, result, { fields: HANDLER_FIELDS, exists: { key: "handlers:exists", field: "location" } });
  return redirectWithNotice(LIST, user, { kind: "success", key: "handlers:notices.created" });
}

export default function HandlerCreatePage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <HandlerForm id="handler-new" defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
