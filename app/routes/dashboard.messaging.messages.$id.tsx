
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
import { IncomingStatusBadge } from "~/components/incoming/incoming-status-badge";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { TelegramStateBadge } from "~/components/telegrams/telegram-state-badge";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { required } from "~/lib/settings/required.server";
import { postedForm } from "~/lib/settings/save-form.server";
import { failureStatus } from "~/lib/upstream/errors";
import { getIncomingMessage, restartIncomingMessage } from "~/lib/upstream/incoming-messages.server";
import { refusalMessage } from "~/lib/upstream/refusal-message";

// One incoming message (issue 23; spec 1 §2 "/messaging/messages/:id"; spec 2 §3 "Incoming message"): who sent it to
// whom and when, its body, the raw source as received (folded: a plain <details>, so it opens without JS), what
// processing found, the CIMP telegrams made from it with a link to each one's page for whoever may open it, and
// "Process again" exactly when the API's `actions` say (a stale page gets the graph's refusal).

const ROUTE = "/dashboard/messaging/messages/:id";
const LIST = "/dashboard/messaging/messages";
const TELEGRAM = "/dashboard/messaging/cimp-telegrams/:id";

export const handle = { i18n: ["incoming", "telegrams", "common", "errors"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const message = required(await getIncomingMessage(user.api, recordIdOf(args.params.id)));
  // the telegram lists are the platform's and the airline Manager's: others see the telegram named, not linked
  const telegramLinks = BUILT_ROUTES.has(TELEGRAM) && canAccess(TELEGRAM, user.access);
  return json({ pageTitle, message, telegramLinks });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const form = await postedForm(args.request, user);
  if (form.get("intent") !== "restart") throw new Response("Bad Request", { status: 400 });
  const result = await restartIncomingMessage(user.api, id);
  if (result.ok) return redirectWithNotice(`${LIST}/${id}`, user, { kind: "success", key: "incoming:notices.restarted" });
  if (result.code === "NotFound") throw notFound();
  const message = result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`;
  return json({ refusal: message }, { status: failureStatus(result) });
}


const BLOCK = { overflow: "auto", maxHeight: "60vh", margin: 0, padding: 8, border: "1px solid var(--mantine-color-default-border)", borderRadius: 4, fontSize: 13 } as const;

export default function IncomingMessagePage() {
  const { message, pageTitle, telegramLinks } = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation(["incoming", "telegrams", "errors", "common"]);
  const ft = useFlightTime();
  return (
    <Stack gap="md">
      <PageHeader title={pageTitle}>
        {message.actions.restart ? <IntentButton intent="restart" label={t("actions.restart")} testId="incoming-restart" /> : null}
      </PageHeader>
      <RefusalAlert refusal={refused?.refusal} testId="incoming-refusal" />
      <Group gap="md" wrap="wrap">
        <IncomingStatusBadge status={message.status} />
        <Text size="sm">
          {t("detail.receivedAt")}: {ft.at(message.created_at, null)}
        </Text>
        {message.source ? (
          <Text size="sm">
            {t("detail.source")}: {t(`sources.${message.source}`)}
          </Text>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Stack gap={4}>
          <Fact label={t("detail.subject")} value={message.subject ?? t("detail.noSubject")} testId="incoming-subject" />
          <Fact label={t("detail.sender")} value={message.sender.join(", ")} testId="incoming-sender" />
          <Fact label={t("detail.recipient")} value={message.recipient.join(", ")} testId="incoming-recipient" />
          <Fact label={t("detail.sentDate")} value={message.sent_date ? ft.at(message.sent_date, null) : null} testId="incoming-sent-date" />
          <Fact label={t("detail.airline")} value={message.carrier ?? t("detail.unassigned")} testId="incoming-airline" />
          <Fact label={t("detail.messageId")} value={message.message_id} />
        </Stack>
      </Paper>
      <Stack gap="xs" data-testid="incoming-telegrams">
        <Title order={2} size="h4">
          {t("detail.telegrams")}
        </Title>
        {message.telegrams.length ? (
          message.telegrams.map((telegram) => (
            <Group key={telegram.id} gap="sm" wrap="wrap" data-testid={`incoming-telegram-${telegram.id}`}>
              {telegramLinks ? (
                <Anchor component={Link} to={`/dashboard/messaging/cimp-telegrams/${telegram.id}`} size="sm" data-testid="incoming-telegram-link">
                  {t("detail.telegram", { type: telegram.message_type ?? "—", id: telegram.id })}
                </Anchor>
              ) : (
                <Text size="sm">{t("detail.telegram", { type: telegram.message_type ?? "—", id: telegram.id })}</Text>
              )}
              {telegram.mawb ? <Text size="sm">{telegram.mawb}</Text> : null}
              <TelegramStateBadge state={telegram.state} />
            </Group>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            {t("detail.noTelegrams")}
          </Text>
        )}
      </Stack>
      {message.processing_notes.length ? (
        <Stack gap={4} data-testid="incoming-notes">
          <Title order={2} size="h4">
            {t("detail.notes")}
          </Title>
          {message.processing_notes.map((note, i) => (
            <Text key={`${note.code}-${i}`} size="sm" data-code={note.code}>
              {t(`notes.${note.code}`, { ...note.params, defaultValue: note.code })}
            </Text>
          ))}
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t("detail.body")}
        </Title>
        <pre data-testid="incoming-body" tabIndex={0} style={BLOCK}>
          {message.body}
        </pre>
      </Stack>
      {message.raw_source ? (
        <details data-testid="incoming-raw">
          <summary style={{ cursor: "pointer" }}>
            <Text component="span" size="sm" fw={600}>
              {t("detail.showRaw")}
            </Text>
          </summary>
          <pre tabIndex={0} style={{ ...BLOCK, marginTop: 8 }}>
            {message.raw_source}
          </pre>
        </details>
      ) : (
        <Text size="sm" c="dimmed">
          {t("detail.noRaw")}
        </Text>
      )}
      <Anchor component={Link} to={LIST} size="sm">
        {t("detail.back")}
      </Anchor>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
