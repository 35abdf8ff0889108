import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { useTranslation } from "react-i18next";
import { ChoiceRadios, IntentForm } from "~/components/intent-form";
import { FormActions } from "~/components/settings/form-parts";
import { FormDialog } from "~/components/settings/dialog-overlay";

/** What the bookings action answers a refused answer with: the values as sent and the errors, as i18n keys. */
export interface AnswerReply {
  intent: "answer";
  id: number;
  status: string;
  response_reason: string;
  errors: { status?: string; response_reason?: string; form?: string[] };
}

/**
 * The airline's answer to a booking request (spec 2 §4 "Booking"; issue 10: KK or UU with a reason), a dialog drawn
 * from the URL (?answer=<id>): a plain POST form that works without JS and comes back with what was typed and the
 * errors beside their fields. Validation is the server's, so the list page loads no schema code.
 */
export function AnswerDialog({ booking, reply, closeHref }: { booking: { id: number; mawb: string; number_with_date: string }; reply: AnswerReply | null; closeHref: string }) {
  const { t } = useTranslation("shipments");
  const status = reply?.status ?? "UU";
  return (
    <FormDialog title={t("bookings.answer.title")} testId="booking-answer-dialog">
      <Text size="sm" fw={600}>
        {t("bookings.answer.booking", { mawb: booking.mawb, flight: booking.number_with_date })}
      </Text>
      <IntentForm intent="answer" id={booking.id} testId="booking-answer-form" errors={reply?.errors.form}>
        <ChoiceRadios
          name="status"
          defaultValue={status}
          label={t("bookings.answer.status")}
          error={reply?.errors.status ? t(reply.errors.status) : undefined}
          direction="row"
          choices={[
            { value: "KK", label: t("bookings.confirm") },
            { value: "UU", label: t("bookings.reject") },
          ]}
        />
        <Textarea
          name="response_reason"
          label={t("bookings.answer.reason")}
          description={t("bookings.answer.reasonHint")}
          defaultValue={reply?.response_reason ?? ""}
          error={reply?.errors.response_reason ? t(reply.errors.response_reason) : undefined}
          autosize
          minRows={2}
          maxLength={500}
        />
        <FormActions cancelHref={closeHref} cancelLabel={t("bookings.answer.cancel")} submitLabel={t("bookings.answer.submit")} submitTestId="booking-answer-submit" />
      </IntentForm>
    </FormDialog>
  );
}
