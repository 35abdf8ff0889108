import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FlightFormModeSwitch } from "~/components/flights/flight-form-mode-switch";
import { SingleFlightForm } from "~/components/flights/flight-form-single";
import { ScheduleForm, type CreatedScheduleLine } from "~/components/flights/schedule-form";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { newScheduleDefaults, newSingleDefaults, singleFieldName, singleInput } from "~/lib/flights/flight-form-input";
import { flightFailureReply, parseScheduleForm, parseSingleFlightForm, saveScheduleLines } from "~/lib/flights/flight-form-save.server";
import { failureStatus } from "~/lib/upstream/errors";
import { flightFormModeOf } from "~/lib/flights/flight-form-schema";
import { airlineChoices, chosenCarrier, defaultCarrier } from "~/lib/settings/settings-user.server";
import { createSegment } from "~/lib/upstream/segments.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/flights/create";
const LIST = "/dashboard/flights/tabs";

export const handle = { i18n: ["flight-form", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const mode = flightFormModeOf(new URL(args.request.url).searchParams.get("mode"));
  const carrier = defaultCarrier(user);
  return json({
    pageTitle,
    mode,
    airlines: await airlineChoices(user),
    defaultValue: mode === "single" ? newSingleDefaults(carrier) : newScheduleDefaults(carrier),
  });
}

/** The action answers the form's conform result and, for a schedule, the lines already stored. */
const answer = (result: unknown, status: number, created: CreatedScheduleLine[] = []) => json({ result, created }, { status });

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  const mode = flightFormModeOf(String(form.get("mode") ?? ""));

  if (mode === "single") {
    const submission = await parseSingleFlightForm(user, t, form);
    if (submission.status !== "success") return answer(submission.reply(), submission.status === undefined ? 200 : 400);
    const { segment, timeMode } = singleInput(submission.value);
    const created = await createSegment(user.api, { ...segment, ...chosenCarrier(user, submission.value.carrier) }, timeMode);
    if (!created.ok) return answer(flightFailureReply(submission, created, singleFieldName), failureStatus(created));
    return redirectWithNotice(`/dashboard/flights/${created.data.id}`, user, {
      kind: "success",
      key: "flight-form:notices.created",
      params: { number: created.data.number_with_date },
    });
  }

  const submission = await parseScheduleForm(user, t, form);
  // a line added or removed without JS (conform intent) answers 200 with the changed form
  if (submission.status !== "success") return answer(submission.reply(), submission.status === undefined ? 200 : 400);
  const saved = await saveScheduleLines(user, form, submission);
  if (!saved.ok) return answer(saved.result, saved.status, saved.created);
  const { period_from, period_to } = submission.value;
  return redirectWithNotice(`${LIST}/all?${new URLSearchParams({ number: saved.number, date_from: period_from, date_to: period_to })}`, user, {
    kind: "success",
    key: "flight-form:notices.scheduleCreated",
    params: { count: saved.count, number: saved.number },
  });
}

export default function FlightCreatePage() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("flight-form");
  const lastResult = (actionData?.result ?? null) as Parameters<typeof SingleFlightForm>[0]["lastResult"];
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle} />
      <FlightFormModeSwitch mode={data.mode} />
      <Text size="sm" c="dimmed">
        {t(`modes.${data.mode}Hint`)}
      </Text>
      {data.mode === "single" ? (
        <SingleFlightForm id="flight-new-single" defaultValue={data.defaultValue as Record<string, string>} lastResult={lastResult} cancelHref={LIST} airlines={data.airlines} />
      ) : (
        <ScheduleForm
          id={`flight-new-${data.mode}`}
          mode={data.mode}
          defaultValue={data.defaultValue}
          lastResult={lastResult}
          created={actionData?.created ?? []}
          cancelHref={LIST}
          airlines={data.airlines}
        />
      )}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
