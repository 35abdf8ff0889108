import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { SingleFlightForm } from "~/components/flights/flight-form-single";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { DialogOverlay } from "~/components/settings/dialog-overlay";
import { PageHeader } from "~/components/settings/form-parts";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import type { SignedInUser } from "~/lib/auth/guard.server";
import { singleDefaults, singleFieldName, singleInput } from "~/lib/flights/flight-form-input";
import { flightFailureReply, parseSingleFlightForm } from "~/lib/flights/flight-form-save.server";
import { failureStatus } from "~/lib/upstream/errors";
import { TIME_MODES } from "~/lib/flights/flight-form-schema";
import { failureResponse } from "~/lib/upstream/failure-response.server";
import { cancelFlight, getSegment, updateSegment, type TimeMode } from "~/lib/upstream/segments.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";

const ROUTE = "/dashboard/flights/:id/edit";
const flightPage = (id: number) => `/dashboard/flights/${id}`;

export const handle = { i18n: ["flight-form", "common", "errors"] };
export const meta = pageMeta;

/** The segment, or the not-found page (another airline's segment included: the API answers 404). */
async function segmentOf(user: SignedInUser, id: number) {
  const segment = await getSegment(user.api, id);
  if (!segment.ok) throw failureResponse(segment);
  return segment.data;
}

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const segment = await segmentOf(user, recordIdOf(args.params.id));
  const url = new URL(args.request.url);
  // the times are shown in the mode asked for in the URL, else in the user's display mode (local/UTC switch)
  const asked = url.searchParams.get("time_mode");
  const mode: TimeMode = asked === "utc" || asked === "local" ? asked : (user.session.get("timeMode") ?? "local");
  return json({
    pageTitle,
    id: Number(segment.id),
    numberWithDate: segment.number_with_date,
    canceled: segment.canceled,
    mode,
    confirmCancel: url.searchParams.get("confirm") === "cancel" && !segment.canceled,
    defaultValue: singleDefaults(segment, mode),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user, t } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);

  if (form.get("intent") === "cancel") {
    const segment = await segmentOf(user, id);
    const cancelled = await cancelFlight(user.api, segment.number_with_date);
    if (!cancelled.ok) {
      return redirectWithNotice(`${flightPage(id)}/edit`, user, { kind: "error", key: "flight-form:notices.cancelFailed" });
    }
    return redirectWithNotice(flightPage(id), user, { kind: "success", key: "flight-form:notices.cancelled", params: { number: segment.number_with_date } });
  }

  const submission = await parseSingleFlightForm(user, t, form);
  if (submission.status !== "success") return json(submission.reply(), { status: submission.status === undefined ? 200 : 400 });
  const { segment, timeMode } = singleInput(submission.value);
  const updated = await updateSegment(user.api, id, segment, timeMode);
  if (!updated.ok) {
    if (updated.code === "NotFound") throw notFound();
    return json(flightFailureReply(submission, updated, singleFieldName), { status: failureStatus(updated) });
  }
  return redirectWithNotice(flightPage(id), user, { kind: "success", key: "flight-form:notices.updated", params: { number: updated.data.number_with_date } });
}

/** Asks before cancelling every leg of the flight; drawn from the URL, so it works without JavaScript. */
function CancelFlightDialog({ numberWithDate, keepHref }: { numberWithDate: string; keepHref: string }) {
  const { t } = useTranslation("flight-form");
  return (
    <DialogOverlay label={t("cancel.title")} testId="cancel-flight-dialog">
      <Form method="post">
        <CsrfInput />
        <Stack gap="md">
          <Text fw={600}>{t("cancel.title")}</Text>
          <Text size="sm">{t("cancel.confirm", { number: numberWithDate })}</Text>
          <Group justify="flex-end">
            <Button component={Link} to={keepHref} variant="default">
              {t("cancel.keep")}
            </Button>
            <Button type="submit" name="intent" value="cancel" color="red" data-testid="cancel-flight-confirm">
              {t("cancel.submit")}
            </Button>
          </Group>
        </Stack>
      </Form>
    </DialogOverlay>
  );
}

export default function FlightEditPage() {
  const data = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation("flight-form");
  const here = `${flightPage(data.id)}/edit?time_mode=${data.mode}`;
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Group gap="sm">
          <Text fw={600} data-testid="flight-number-with-date">
            {data.numberWithDate}
          </Text>
          {data.canceled ? <Badge color="red">{t("cancel.cancelled")}</Badge> : null}
          <Anchor component={Link} to={flightPage(data.id)} data-testid="back-to-flight">
            {t("edit.back")}
          </Anchor>
        </Group>
      </PageHeader>
      <Group gap="xs" data-testid="edit-time-mode">
        <Text size="sm">{t("edit.timesIn")}</Text>
        {TIME_MODES.map((m) => (
          <Button key={m} component={Link} to={`?time_mode=${m}`} size="compact-sm" variant={m === data.mode ? "filled" : "default"} aria-current={m === data.mode ? "true" : undefined}>
            {t(`timeModes.${m}`)}
          </Button>
        ))}
      </Group>
      <SingleFlightForm
        key={data.mode}
        id={`flight-${data.id}-${data.mode}`}
        defaultValue={data.defaultValue}
        lastResult={lastResult}
        cancelHref={flightPage(data.id)}
        fixedTimeMode={data.mode}
      />
      {data.canceled ? null : (
        <Group justify="flex-start">
          <Button component={Link} to={`${here}&confirm=cancel`} color="red" variant="outline" data-testid="cancel-flight">
            {t("cancel.open")}
          </Button>
        </Group>
      )}
      {data.confirmCancel ? <CancelFlightDialog numberWithDate={data.numberWithDate} keepHref={here} /> : null}
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
