import { Alert } from "~/lib/mantine/Alert";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { List } from "~/lib/mantine/List";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { IntentForm } from "~/components/intent-form";

/** What the bookings action answers an FFR with: the text as sent, its errors as messages, and what was booked. */
export interface FfrReply {
  intent: "ffr";
  cimp_text: string;
  consignor_certified: boolean;
  errors: { cimp_text?: string[]; form?: string[] };
  result?: {
    booked: Array<{ number_with_date: string; origin_iata: string; destination_iata: string; response_status: string }>;
    refused: Array<{ flight: string; message: string }>;
    ffa: string;
  };
}

const MONOSPACE = { fontFamily: "var(--mantine-font-family-monospace)", whiteSpace: "pre", overflowX: "auto" } as const;

/**
 * A booking request pasted as Cargo-IMP FFR text (spec 3 §7 "POST bookings/ffr"; issue 23): the waybill it names is
 * booked on each flight it asks for, and the page shows each flight's answer and the FFA the airline's decisions
 * make. A plain POST form (works without JS); a refused text comes back beside the field, as typed.
 */
export function FfrBookingForm({ reply }: { reply: FfrReply | null }) {
  const { t } = useTranslation(["shipments", "awb", "errors"]);
  const message = (m: string) => translateMessage(t, m);
  const result = reply?.result;
  return (
    <Fieldset legend={t("bookings.ffr.title")} data-testid="ffr-booking">
      <IntentForm intent="ffr" testId="ffr-booking-form" errors={reply?.errors.form}>
        <Textarea
          name="cimp_text"
          label={t("bookings.ffr.text")}
          description={t("bookings.ffr.hint")}
          defaultValue={reply && !result ? reply.cimp_text : ""}
          error={reply?.errors.cimp_text?.map(message).join(" ")}
          rows={8}
          autosize={false}
          spellCheck={false}
          styles={{ input: MONOSPACE }}
          data-testid="ffr-text"
        />
        <Checkbox name="consignor_certified" label={t("awb:fields.consignor_certified")} description={t("awb:hints.certification")} defaultChecked={reply?.consignor_certified ?? false} />
        <Group>
          <Button type="submit" data-testid="ffr-submit">
            {t("bookings.ffr.submit")}
          </Button>
        </Group>
      </IntentForm>
      {result ? (
        <Stack gap="xs" mt="md" data-testid="ffr-result">
          <Alert color={result.refused.length ? "yellow" : "green"}>
            <List size="sm">
              {result.booked.map((b) => (
                <List.Item key={b.number_with_date + b.origin_iata}>
                  {t("bookings.ffr.booked", { flight: b.number_with_date, route: `${b.origin_iata}–${b.destination_iata}`, status: b.response_status })}
                </List.Item>
              ))}
              {result.refused.map((r) => (
                <List.Item key={r.flight}>{t("bookings.ffr.refused", { flight: r.flight, reason: message(r.message) })}</List.Item>
              ))}
            </List>
          </Alert>
          <Text size="sm" fw={600}>
            {t("bookings.ffr.ffa")}
          </Text>
          <pre data-testid="ffr-answer" style={{ ...MONOSPACE, margin: 0, padding: 8, fontSize: 13, border: "1px solid var(--mantine-color-default-border)", borderRadius: 4 }}>
            {result.ffa}
          </pre>
        </Stack>
      ) : null}
    </Fieldset>
  );
}
