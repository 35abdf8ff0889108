import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Stack } from "~/components/plain/stack";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { AwbForm } from "~/components/air-waybills/awb-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { answerOf, awbFailureReply, formAfterStep, readAwbPost, stepReply, warningsOf } from "~/lib/air-waybills/awb-form-actions.server";
import { failureStatus } from "~/lib/upstream/errors";
import { awbFormContext } from "~/lib/air-waybills/awb-form-data.server";
import { awbFields, awbFormValues, dimensionsInput } from "~/lib/air-waybills/awb-form-input";
import { AwbFormSchema } from "~/lib/air-waybills/awb-form-schema";
import { loadAirWaybill, mawbParam } from "~/lib/air-waybills/shipment.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { notFound } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { updateAirWaybill } from "~/lib/upstream/air-waybills.server";

// Edit air waybill /dashboard/shipments/:mawb/edit-awb (spec 1 §2): the create form, filled with the stored waybill,
// saved with PATCH. The number, airline, forwarder and flights do not change here (flights: edit-booking). Only while
// the API says the user may edit it (a forwarder until it is issued, the airline until it is voided).

const ROUTE = "/dashboard/shipments/:mawb/edit-awb";

export const handle = { i18n: ["awb", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const awb = await loadAirWaybill(user, mawb);
  if (!awb.actions.edit) throw notFound();
  const context = await awbFormContext(user);
  // the waybill's own airline, whatever the host: its products and chargeable-weight rules
  return json({ pageTitle, mawb, context: { ...context, airlines: null, typedNumber: false, forwarderField: false }, defaultValue: awbFormValues(awb) });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const mawb = mawbParam(args.params.mawb);
  const post = await readAwbPost(args.request, user);
  if (post.step) return json(answerOf(stepReply(await formAfterStep(user, post.form, post.step), post.step)));
  const submission = parseWithZod(post.form, { schema: AwbFormSchema });
  if (submission.status !== "success") return json(answerOf(submission.reply()), { status: submission.status === undefined ? 200 : 400 });
  const v = submission.value;
  const saved = await updateAirWaybill(user.api, mawb, { air_waybill: awbFields(v), dimensions: dimensionsInput(v), accept_warnings: post.accept });
  if (!saved.ok) {
    if (saved.code === "NotFound") throw notFound();
    const warnings = warningsOf(saved);
    if (warnings) return json(answerOf(submission.reply(), null, warnings), { status: 409 });
    return json(answerOf(awbFailureReply(submission, saved)), { status: failureStatus(saved) });
  }
  return redirectWithNotice(`/dashboard/shipments/${mawb}`, user, { kind: "success", key: "awb:notices.updated", params: { mawb } });
}

export default function EditAirWaybillPage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <AwbForm
        key={answer?.seq ?? 0}
        mode="edit"
        defaultValue={data.defaultValue}
        lastResult={(answer?.result ?? null) as SubmissionResult<string[]> | null}
        trips={null}
        warnings={answer?.warnings ?? null}
        context={data.context}
        cancelHref={`/dashboard/shipments/${data.mawb}`}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
