import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { useFlightTime } from "~/components/flights/flight-time";
import { Fact, IntentButton, RefusalAlert } from "~/components/record-actions";
import { OutgoingStatusBadge } from "~/components/outgoing/outgoing-status-badge";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { requirePage } from "~/lib/auth/require-page.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { required } from "~/lib/settings/required.server";
import { postedForm } from "~/lib/settings/save-form.server";
import { failureStatus } from "~/lib/upstream/errors";
import { getOutgoingMessage, resendOutgoingMessage } from "~/lib/upstream/outgoing-messages.server";
import { refusalMessage } from "~/lib/upstream/refusal-message";

// One outgoing message (issue 23): through which channel it went and to whom, the text exactly as sent, how the
// sending went (status, attempts, the last error and its code, the next attempt), and "Send again" exactly when the
// API's `actions` say; a resend the state no longer allows (a stale page) gets the graph's refusal.

const ROUTE = "/dashboard/messaging/outgoing-messages/:id";
const LIST = "/dashboard/messaging/outgoing-messages";

export const handle = { i18n: ["outgoing", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const message = required(await getOutgoingMessage(user.api, recordIdOf(args.params.id)));
  return json({ pageTitle, message });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const form = await postedForm(args.request, user);
  if (form.get("intent") !== "resend") throw new Response("Bad Request", { status: 400 });
  const result = await resendOutgoingMessage(user.api, id);
  if (result.ok) return redirectWithNotice(`${LIST}/${id}`, user, { kind: "success", key: "outgoing:notices.resent" });
  if (result.code === "NotFound") throw notFound();
  const message = result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`;
  return json({ refusal: message }, { status: failureStatus(result) });
}


export default function OutgoingMessagePage() {
  const { message, pageTitle } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation(["outgoing", "errors", "common"]);
  const ft = useFlightTime();
  const request = message.channel_type === "url" ? `${message.request_method ?? "POST"} ${message.url ?? ""}` : null;
  return (
    <Stack gap="md">
      <PageHeader title={pageTitle}>
        {message.actions.resend ? <IntentButton intent="resend" label={t("actions.resend")} testId="outgoing-resend" /> : null}
      </PageHeader>
      <RefusalAlert refusal={refused?.refusal} testId="outgoing-refusal" />
      <Group gap="md" wrap="wrap">
        <OutgoingStatusBadge status={message.status} />
        <Text size="sm">{message.message_type ?? "—"}</Text>
        <Text size="sm">{message.channel_type ? t(`channels.${message.channel_type}`) : "—"}</Text>
        <Text size="sm">
          {t("detail.createdAt")}: {ft.at(message.created_at, null)}
        </Text>
        {message.sent_at ? (
          <Text size="sm">
            {t("detail.sentAt")}: {ft.at(message.sent_at, null)}
          </Text>
        ) : null}
        <Text size="sm" data-testid="outgoing-attempts">
          {t("detail.attempts")}: {message.attempts ?? 0}
        </Text>
      </Group>
      {message.last_error_code ? (
        <Alert color={message.status === "failed" ? "red" : "yellow"} data-testid="outgoing-error" data-code={message.last_error_code}>
          <Text size="sm" fw={600}>
            {t("detail.error")}: {t(`errorCodes.${message.last_error_code}`)}
          </Text>
          {message.last_error ? (
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {message.last_error}
            </Text>
          ) : null}
          {message.status === "queued" && message.delivery ? (
            <Text size="sm">
              {t("detail.nextAttempt")}: {ft.at(message.delivery.run_at, null)}
            </Text>
          ) : null}
        </Alert>
      ) : null}
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Fact label={t("detail.event")} value={message.event_identifier} />
          <Fact label={t("detail.awb")} value={message.mawb} />
          <Fact label={t("detail.sender")} value={message.sender} />
          <Fact label={t("detail.to")} value={message.to.join(", ")} testId="outgoing-to" />
          <Fact label={t("detail.cc")} value={message.cc.join(", ")} />
          <Fact label={t("detail.bcc")} value={message.bcc.join(", ")} />
          <Fact label={t("detail.subject")} value={message.subject} />
          <Fact label={t("detail.request")} value={request} />
          <Fact label={t("detail.reference")} value={message.message_id} />
        </Stack>
      </Paper>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("detail.body")}
        </Title>
        <pre
          data-testid="outgoing-body"
          tabIndex={0}
          style={{ overflow: "auto", maxHeight: "70vh", margin: 0, padding: 8, border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, fontSize: 13 }}
        >
          {message.body}
        </pre>
      </Stack>
      <Anchor component={Link} to={LIST} size="sm">
        {t("detail.back")}
      </Anchor>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
