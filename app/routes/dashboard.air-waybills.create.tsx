import type { SubmissionResult } from "@conform-to/react";
import { formInstanceRedirect } from "~/lib/forms/form-seed.server";
import { parseWithZod } from "@conform-to/zod";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AwbForm } from "~/components/air-waybills/awb-form";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { answerOf, awbFailureReply, formAfterStep, readAwbPost, stepReply, tripsFor, warningsOf } from "~/lib/air-waybills/awb-form-actions.server";
import { failureStatus } from "~/lib/upstream/errors";
import { awbFormContext } from "~/lib/air-waybills/awb-form-data.server";
import { prefillOf } from "~/lib/offers/awb-prefill.server";
import { createInput } from "~/lib/air-waybills/awb-form-input";
import { AwbFormSchema } from "~/lib/air-waybills/awb-form-schema";
import { tenantHasFeature } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { createAirWaybill, type Trip } from "~/lib/upstream/air-waybills.server";

// Create air waybill (spec 1 §2, §6; issue 10): the number from the forwarder's stock (typed on c6 and su), the cargo,
// route and flights, parties and accounting information; chosen flights become bookings in the same call. On su this
// page is the forwarder's booking (spec 1 §1). The API's warnings are confirmed (Continue) or not (Cancel).

const ROUTE = "/dashboard/air-waybills/create";
const BACK = "/dashboard";

export const handle = { i18n: ["awb", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const instance = formInstanceRedirect(args.request);
  if (instance) return instance;
  const [context, prefill] = await Promise.all([awbFormContext(user), prefillOf(user, new URL(args.request.url).searchParams)]);
  return json({
    pageTitle,
    context,
    // a "Book" of the booking search (/dashboard/offers/select) opens this page with the route, date and flights chosen
    trips: prefill.trips,
    defaultValue: { ...prefill.values, carrier: context.carrier || prefill.carrier, shipper: {}, consignee: {}, notify: {}, dimensions: [] },
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const post = await readAwbPost(args.request, user);
  if (post.step) {
    const form = await formAfterStep(user, post.form, post.step);
    return json(answerOf(stepReply(form, post.step), await tripsFor(user, form, post.step)));
  }
  const submission = parseWithZod(post.form, { schema: AwbFormSchema });
  if (submission.status !== "success") {
    // a dimension row added or removed without JS answers 200 with the changed form
    const trips = await tripsFor(user, post.form, null);
    return json(answerOf(submission.reply(), trips), { status: submission.status === undefined ? 200 : 400 });
  }
  const created = await createAirWaybill(user.api, createInput(submission.value, post.accept, tenantHasFeature(user.access, "customWaybillNumber")));
  if (!created.ok) {
    const trips = await tripsFor(user, post.form, null);
    const warnings = warningsOf(created);
    if (warnings) return json(answerOf(submission.reply(), trips, warnings), { status: 409 });
    return json(answerOf(awbFailureReply(submission, created), trips), { status: failureStatus(created) });
  }
  return redirectWithNotice(`/dashboard/shipments/${created.data.mawb}`, user, {
    kind: "success",
    key: created.data.bookings.length ? "awb:notices.createdBooked" : "awb:notices.created",
    params: { mawb: created.data.mawb },
  });
}

export default function AirWaybillCreatePage() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const { t } = useTranslation("awb");
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <Text size="sm" c="dimmed">
        {t("form.createHint")}
      </Text>
      <AwbForm
        // a step changed values on the server: the form is drawn afresh from the answer
        key={answer?.seq ?? 0}
        mode="create"
        defaultValue={data.defaultValue}
        lastResult={(answer?.result ?? null) as SubmissionResult<string[]> | null}
        trips={(answer ? answer.trips : data.trips) as Trip[] | null}
        warnings={answer?.warnings ?? null}
        context={data.context}
        cancelHref={BACK}
      />
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
