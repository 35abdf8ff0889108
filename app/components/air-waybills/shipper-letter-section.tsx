import { Alert } from "~/lib/mantine/Alert";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { CsrfInput } from "~/components/form-guards";
import { DecisionRadios, IntentForm } from "~/components/intent-form";
import { useDialogLinks } from "~/components/settings/dialog-links";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { FormActions } from "~/components/settings/form-parts";
import type { SliReply } from "~/lib/handover/sli-reply";
import { SLI_INFO_MAX, type SliState } from "~/lib/handover/sli-states";
import type { ShipperLetter } from "~/lib/upstream/handover.server";
import { useFlightTime } from "~/components/flights/flight-time";
import { Section } from "./shipment-sections";

// The shipper's letter of instruction on the shipment page (issue 11; spec 2 §3 SLI fields): its state and barcode,
// who sent it and when, the airline's answer; the forwarder's Send button (a plain POST) and the airline's answer
// dialog, drawn by the server from the URL (?dialog=sli_answer) so that it opens, submits and shows its errors with
// JavaScript off too; a refused answer comes back with what was typed.

const STATE_COLOURS: Record<SliState, string> = { not_sent: "gray", sent: "orange", accepted: "green", declined: "red" };

function Fact({ label, value, testId }: { label: string; value: string | null; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
        {value || "—"}
      </Text>
    </Stack>
  );
}

export function ShipperLetterSection({ mawb, letter, reply, timeZone }: { mawb: string; letter: ShipperLetter | null; reply: SliReply | null; timeZone: string | null }) {
  const { t } = useTranslation("handover");
  const ft = useFlightTime();
  const [params] = useSearchParams();
  const { closeHref, openHref } = useDialogLinks(["dialog"]);
  if (letter && letter.status === "not_sent" && !letter.actions.send) return null;
  const dialogOpen = Boolean(reply) || params.get("dialog") === "sli_answer";
  return (
    <Section title={t("sli.title")} testId="shipper-letter">
      {!letter ? (
        <Alert color="yellow" data-testid="shipper-letter-failed">
          {t("sli.loadFailed")}
        </Alert>
      ) : (
        <>
          <Group gap="sm">
            <Badge color={STATE_COLOURS[letter.status]} variant="light" data-testid="shipper-letter-status">
              {t(`sli.states.${letter.status}`)}
            </Badge>
            {letter.actions.send ? (
              <Form method="post">
                <CsrfInput />
                <Button type="submit" name="intent" value="sli_send" size="xs" data-testid="shipper-letter-send">
                  {letter.status === "declined" ? t("sli.sendAgain") : t("sli.send")}
                </Button>
              </Form>
            ) : null}
            {letter.actions.answer ? (
              <Button component={Link} to={openHref("dialog", "sli_answer")} size="xs" data-testid="shipper-letter-answer">
                {t("sli.answer")}
              </Button>
            ) : null}
          </Group>
          {letter.status !== "not_sent" ? (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
              <Fact label={t("sli.barcode")} value={letter.barcode} testId="shipper-letter-barcode" />
              <Fact label={t("sli.sent")} value={letter.sent_at ? `${ft.at(letter.sent_at, timeZone)} ${letter.sent_by ?? ""}`.trim() : null} testId="shipper-letter-sent" />
              <Fact label={t("sli.answered")} value={letter.answered_at ? `${ft.at(letter.answered_at, timeZone)} ${letter.answered_by ?? ""}`.trim() : null} testId="shipper-letter-answered" />
              <Fact label={t("sli.info")} value={letter.info} testId="shipper-letter-info" />
            </SimpleGrid>
          ) : (
            <Text size="sm" c="dimmed">
              {t("sli.hint")}
            </Text>
          )}
          {dialogOpen && letter.actions.answer ? <AnswerDialog mawb={mawb} letter={letter} reply={reply} closeHref={closeHref} /> : null}
        </>
      )}
    </Section>
  );
}

/** The airline accepts the letter, or declines it saying why (the forwarder corrects it and sends it again). */
function AnswerDialog({ mawb, letter, reply, closeHref }: { mawb: string; letter: ShipperLetter; reply: SliReply | null; closeHref: string }) {
  const { t } = useTranslation(["handover", "errors"]);
  const message = (key: string | undefined) => (key ? translateMessage(t, key) : undefined);
  return (
    <FormDialog title={t("sli.answerTitle", { mawb })} testId="shipper-letter-dialog">
      <Text size="sm">{t("sli.answerAsked", { barcode: letter.barcode ?? "—", who: letter.sent_by ?? "—" })}</Text>
      <IntentForm intent="sli_answer" testId="shipper-letter-form" errors={reply?.errors.form ? [reply.errors.form] : undefined}>
        <DecisionRadios
          name="decision"
          defaultValue={reply?.values.decision ?? ""}
          label={t("sli.decision")}
          error={message(reply?.errors.decision)}
          acceptLabel={t("sli.accept")}
          declineLabel={t("sli.decline")}
          testId="shipper-letter"
        />
        <Textarea
          name="info"
          label={t("sli.info")}
          description={t("sli.infoHint")}
          defaultValue={reply?.values.info ?? ""}
          error={message(reply?.errors.info)}
          rows={3}
          maxLength={SLI_INFO_MAX}
          data-testid="shipper-letter-info-input"
        />
        <FormActions cancelHref={closeHref} cancelLabel={t("sli.cancel")} submitLabel={t("sli.submit")} submitTestId="shipper-letter-submit" />
      </IntentForm>
    </FormDialog>
  );
}
