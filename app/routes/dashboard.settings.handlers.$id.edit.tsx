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
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { getHandler, updateHandler } from "~/lib/upstream/handlers.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { flashNotice, redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/settings/handlers/:id/edit";
const LIST = "/dashboard/settings/handlers";

export const handle = { i18n: ["handlers", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const handler = await getHandler(user.api, recordIdOf(args.params.id));
  // "Record Not Found" (also another airline's id) → NotFound (spec 3 §8)
  if (!handler.ok) throw failureResponse(handler);
  return json({ pageTitle, id: handler.data.id, defaultValue: handlerDefaults(handler.data) });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const submission = await readForm(args.request, user, HandlerFormSchema);
  if (submission.status !== "success") return invalid(submission);
  const fieldErrors = await referenceErrors(user, t, [
    { field: "location", kind: "airports", codes: submission.value.location, message: "handlers:unknownStation" },
  ]);
  if (Object.keys(fieldErrors).length) return invalid(submission, { fieldErrors });
  const result = await updateHandler(user.api, id, handlerInput(submission.value));
  if (!result.ok) {
    if (result.code === "NotFound") {
      flashNotice(user, { kind: "error", key: "handlers:notices.notFound" });
      throw notFound();
    }
    return failureReply(submission, result, { fields: HANDLER_FIELDS, exists: { key: "handlers:exists", field: "location" } });
  }
  return redirectWithNotice(LIST, user, { kind: "success", key: "handlers:notices.updated" });
}

export default function HandlerEditPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <HandlerForm id={`handler-${data.id}`} defaultValue={data.defaultValue} lastResult={lastResult} cancelHref={LIST} />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
