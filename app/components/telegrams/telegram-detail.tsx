
import { List } from "~/lib/mantine/List";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useFlightTime } from "~/components/flights/flight-time";
import { IntentButton, RefusalAlert } from "~/components/record-actions";
import { TelegramErrors } from "~/components/telegrams/telegram-errors";
import { TelegramOriginal } from "~/components/telegrams/telegram-original";
import { TelegramStateBadge } from "~/components/telegrams/telegram-state-badge";
import type { ShownLine } from "~/lib/telegrams/telegram-text";
import type { CimpTelegramDetail } from "~/lib/upstream/cimp-telegrams.server";

type Shown = Omit<CimpTelegramDetail, "original_content" | "parsed_content">;
type Note = Shown["processing_notes"][number];

/** Where the field names of a note's `fields` (the API writes them as it names them, comma-separated) get their words. */
const NOTE_FIELD_WORDS: Record<string, string> = {
  telegram_awb_updated: "awb:fields",
  telegram_house_updated: "house-waybills:fields",
  telegram_schedule_segment_changed: "flight-page:fields",
  telegram_movement_applied: "flight-page:fields",
};

/** A note's params with its field names worded in the page's language (a name without words stays as it is). */
function noteParams(note: Note, t: (key: string, opts: { defaultValue: string }) => string): Record<string, unknown> {
  const prefix = NOTE_FIELD_WORDS[note.code];
  const fields = note.params?.fields;
  if (!prefix || typeof fields !== "string") return { ...note.params };
  const worded = fields.split(",").map((f) => f.trim()).filter(Boolean).map((f) => t(`${prefix}.${f}`, { defaultValue: f }));
  return { ...note.params, fields: worded.join(", ") };
}

/**
 * The body of a received telegram's page (issue 23), whatever its list: its state and who sent it when, every fault
 * with a link to its line, what applying it did (its processing notes, worded by code), and the text as sent, its
 * lines numbered, beside what it read as (`parsed`, each list's own view).
 */
export function TelegramDetailBody({ telegram, lines, hiddenLines = 0, parsed }: { telegram: Shown; lines: ShownLine[]; hiddenLines?: number; parsed: ReactNode }) {
  const { t } = useTranslation(["telegrams", "errors", "common"]);
  const ft = useFlightTime();
  const faulty = new Set(telegram.error_messages.map((e) => e.line));
  return (
    <>
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
                <List.Item key={`${note.code}-${index}`} data-testid={`telegram-note-${note.code}`} style={{ overflowWrap: "anywhere" }}>
                  {t(`processingNotes.${note.code}`, { ...noteParams(note, t), defaultValue: note.code })}
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
          <TelegramOriginal lines={lines} faulty={faulty} />
          {hiddenLines ? (
            <Text size="sm" c="dimmed" data-testid="telegram-hidden-lines">
              {t("detail.hiddenLines", { count: hiddenLines })}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs" style={{ minWidth: 0 }}>
          <Title order={2} size="h4">
            {t("detail.parsed")}
          </Title>
          {parsed}
        </Stack>
      </SimpleGrid>
    </>
  );
}

/** Restart: read the telegram again and apply it again (a POST form; offered when the API's `actions` say). */
export function TelegramRestartForm() {
  const { t } = useTranslation("telegrams");
  return <IntentButton intent="restart" label={t("actions.restart")} testId="telegram-restart" />;
}

/** What the API refused of an action on the page (a Restart its state no longer allows), in words. */
export function TelegramRefusal({ refusal }: { refusal: string | undefined }) {
  return <RefusalAlert refusal={refusal} testId="telegram-refusal" />;
}
