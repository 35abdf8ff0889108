import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/lib/mantine/Anchor";
import { Button } from "~/lib/mantine/Button";
import { Group } from "~/lib/mantine/Group";
import { Paper } from "~/lib/mantine/Paper";
import { List } from "~/lib/mantine/List";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/lib/mantine/Stack";
import { Text } from "~/lib/mantine/Text";
import { Title } from "~/lib/mantine/Title";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { translateMessage } from "~/components/fields/fields";
import { useFlightTime } from "~/components/flights/flight-time";
import { CsrfInput } from "~/components/form-guards";
import { pageMeta } from "~/components/page-meta";
import { PageHeader } from "~/components/settings/form-parts";
import { TelegramErrors } from "~/components/telegrams/telegram-errors";
import { TelegramOriginal } from "~/components/telegrams/telegram-original";
import { TelegramParsed } from "~/components/telegrams/telegram-parsed";
import { TelegramStateBadge } from "~/components/telegrams/telegram-state-badge";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { required } from "~/lib/settings/required.server";
import { postedForm } from "~/lib/settings/save-form.server";
import { envelopeOf, shownLines } from "~/lib/telegrams/telegram-text";
import { failureStatus } from "~/lib/upstream/errors";
import { getCimpTelegram, restartCimpTelegram } from "~/lib/upstream/cimp-telegrams.server";
import { refusalMessage } from "~/lib/upstream/refusal-message";

// One Cargo-IMP telegram (issue 23): the text as sent, its lines numbered, beside what it read as, and every fault
// with a link to its line. Restart (read and apply it again) and Correct (the edit page) are offered exactly when
// the API's `actions` say; a Restart the state no longer allows (a stale page) gets the state graph's refusal.

const ROUTE = "/dashboard/messaging/cimp-telegrams/:id";
const LIST = "/dashboard/messaging/cimp-telegrams";
const EDIT = "/dashboard/messaging/cimp/:id/edit";

// handling: the shipment states a processing note names
export const handle = { i18n: ["telegrams", "common", "errors", "handling", "awb", "house-waybills"] };
export const meta = pageMeta;

export async function loader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, ROUTE);
  const telegram = required(await getCimpTelegram(user.api, recordIdOf(args.params.id)));
  const { original_content, parsed_content, ...rest } = telegram;
  return json({
    pageTitle,
    telegram: rest,
    lines: shownLines(original_content),
    envelope: envelopeOf(original_content),
    parsed: parsed_content,
    canEdit: BUILT_ROUTES.has(EDIT) && canAccess(EDIT, user.access),
  });
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, ROUTE);
  const id = recordIdOf(args.params.id);
  const form = await postedForm(args.request, user);
  if (form.get("intent") !== "restart") throw new Response("Bad Request", { status: 400 });
  const result = await restartCimpTelegram(user.api, id);
  if (result.ok) return redirectWithNotice(`${LIST}/${id}`, user, { kind: "success", key: "telegrams:notices.restarted" });
  if (result.code === "NotFound") throw notFound();
  const message = result.refusal ? refusalMessage(result.refusal) : `errors:${result.code}`;
  return json({ refusal: message }, { status: failureStatus(result) });
}

export default function CimpTelegramPage() {
  const data = useLoaderData<typeof loader>();
  const refused = useActionData<typeof action>();
  const { t } = useTranslation(["telegrams", "errors", "common"]);
  const ft = useFlightTime();
  const { telegram } = data;
  const faulty = new Set(telegram.error_messages.map((e) => e.line));
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>
        <Group gap="xs">
          {telegram.actions.correct && data.canEdit ? (
            <Button component={Link} to={EDIT.replace(":id", String(telegram.id))} variant="default" data-testid="telegram-correct">
              {t("actions.correct")}
            </Button>
          ) : null}
          {telegram.actions.restart ? (
            <Form method="post" data-testid="telegram-restart-form">
              <CsrfInput />
              <input type="hidden" name="intent" value="restart" />
              <Button type="submit" data-testid="telegram-restart">
                {t("actions.restart")}
              </Button>
            </Form>
          ) : null}
        </Group>
      </PageHeader>
      {refused?.refusal ? (
        <Alert color="red" role="alert" data-testid="telegram-refusal">
          {translateMessage(t, refused.refusal)}
        </Alert>
      ) : null}
      <Group gap="md" wrap="wrap">
        <TelegramStateBadge state={telegram.state} />
        <Text size="sm">
          {t("detail.receivedAt")}: {ft.at(telegram.created_at, null)}
        </Text>
        {telegram.sender ? <Text size="sm" style={{ overflowWrap: "anywhere" }}>{t("detail.sender")}: {telegram.sender}</Text> : null}
        {telegram.message_identifier ? <Text size="sm" style={{ overflowWrap: "anywhere" }}>{t("detail.identifier")}: {telegram.message_identifier}</Text> : null}
        {telegram.corrected ? (
          <Text size="sm" data-testid="telegram-corrector" style={{ overflowWrap: "anywhere" }}>
            {telegram.corrector_email ? t("detail.correctedBy", { email: telegram.corrector_email }) : t("detail.corrected")}
          </Text>
        ) : null}
      </Group>
      <Paper withBorder p="md" radius="md">
        <Title order={2} size="h4" mb="xs">
          {t("detail.errors")} ({telegram.error_count ?? telegram.error_messages.length})
        </Title>
        <TelegramErrors errors={telegram.error_messages} total={telegram.error_count ?? telegram.error_messages.length} />
      </Paper>
      {telegram.parsing_status === "failed" ? null : (
        <Paper withBorder p="md" radius="md" data-testid="telegram-processing">
          <Title order={2} size="h4" mb="xs">
            {t("processingNotes.title")}
          </Title>
          {telegram.processing_notes.length ? (
            <List size="sm">
              {telegram.processing_notes.map((note, index) => (
                <List.Item key={`${note.code}-${index}`} data-testid={`telegram-note-${note.code}`}>
                  {t(`processingNotes.${note.code}`, { ...note.params, defaultValue: note.code })}
                </List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed">
              {t("processingNotes.none")}
            </Text>
          )}
        </Paper>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h4">
            {t("detail.original")}
          </Title>
          <TelegramOriginal lines={data.lines} faulty={faulty} />
        </Stack>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h4">
            {t("detail.parsed")}
          </Title>
          <TelegramParsed type={telegram.message_type} version={telegram.message_version} mawb={telegram.mawb} envelope={data.envelope} content={data.parsed} />
        </Stack>
      </SimpleGrid>
      <Anchor component={Link} to={LIST} size="sm">
        {t("detail.back")}
      </Anchor>
    </Stack>
  );
}

export const ErrorBoundary = GeneralErrorBoundary;
