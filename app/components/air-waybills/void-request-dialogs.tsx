import { Checkbox } from "~/lib/mantine/Checkbox";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { useTranslation } from "react-i18next";
import { translateMessage } from "~/components/fields/fields";
import { ChoiceRadios, DecisionRadios, IntentForm } from "~/components/intent-form";
import { FormDialog } from "~/components/settings/dialog-overlay";
import { FormActions } from "~/components/settings/form-parts";
import { VOID_REASON_MAX, type VoidReply } from "~/lib/air-waybills/void-request-reply";
import type { VoidRequest } from "~/lib/upstream/void-requests.server";

// The void-request dialogs of the shipment page (spec 1 §2 "void-request dialogs"; spec 2 §4): the forwarder's request
// and the airline's answer. Both are drawn by the server from the URL (?dialog=void_request, ?dialog=resolve_void), so
// they open, submit and show their errors with JavaScript off too; a refused post comes back with what was typed.

function useMessage() {
  const { t } = useTranslation(["void-requests", "errors"]);
  return (key: string | undefined) => (key ? translateMessage(t, key) : undefined);
}

/** The forwarder asks the airline to void the waybill: why, and whether it still needs paying. */
export function RequestVoidDialog({ mawb, reply, closeHref }: { mawb: string; reply: VoidReply | null; closeHref: string }) {
  const { t } = useTranslation("void-requests");
  const message = useMessage();
  return (
    <FormDialog title={t("request.title", { mawb })} testId="void-request-dialog">
      <IntentForm intent="void_request" testId="void-request-form" errors={reply?.errors.form ? [reply.errors.form] : undefined}>
        <Textarea
          name="request_reason"
          label={t("request.reason")}
          defaultValue={reply?.values.request_reason ?? ""}
          error={message(reply?.errors.request_reason)}
          required
          rows={4}
          maxLength={VOID_REASON_MAX}
        />
        <Checkbox name="payment_required" label={t("request.payment")} defaultChecked={reply?.values.payment_required === true} />
        <FormActions cancelHref={closeHref} cancelLabel={t("cancel")} submitLabel={t("request.submit")} submitColor="red" submitTestId="void-request-submit" />
      </IntentForm>
    </FormDialog>
  );
}

/** The airline accepts (the waybill is voided; whether it must still be paid) or declines (with a reason). */
export function ResolveVoidDialog({ request, reply, closeHref }: { request: VoidRequest; reply: VoidReply | null; closeHref: string }) {
  const { t } = useTranslation("void-requests");
  const message = useMessage();
  const values = reply?.values ?? {};
  const payment = values.void_payment ?? (request.payment_required ? "required" : "not_required");
  return (
    <FormDialog title={t("resolve.title", { mawb: request.mawb })} testId="void-resolve-dialog">
      <Text size="sm" data-testid="void-resolve-asked" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {t("resolve.asked", { forwarder: request.company_short_name ?? "—", reason: request.request_reason ?? "" })}
      </Text>
      <Text size="xs" c="dimmed">
        {t(`paymentAsked.${request.payment_required}`)}
      </Text>
      <IntentForm intent="void_request_resolve" id={request.id} testId="void-resolve-form" errors={reply?.errors.form ? [reply.errors.form] : undefined}>
        <DecisionRadios
          name="status"
          defaultValue={values.status ?? ""}
          label={t("resolve.decision")}
          error={message(reply?.errors.status)}
          acceptLabel={t("resolve.accept")}
          declineLabel={t("resolve.decline")}
          testId="void-resolve"
        />
        <ChoiceRadios
          name="void_payment"
          defaultValue={payment}
          label={t("resolve.payment")}
          error={message(reply?.errors.void_payment)}
          direction="row"
          choices={[
            { value: "required", label: t("payment.required") },
            { value: "not_required", label: t("payment.not_required") },
          ]}
        />
        <Textarea
          name="resolve_reason"
          label={t("resolve.reason")}
          description={t("resolve.reasonHint")}
          defaultValue={values.resolve_reason ?? ""}
          error={message(reply?.errors.resolve_reason)}
          rows={3}
          maxLength={VOID_REASON_MAX}
        />
        <FormActions cancelHref={closeHref} cancelLabel={t("cancel")} submitLabel={t("resolve.submit")} submitTestId="void-resolve-submit" />
      </IntentForm>
    </FormDialog>
  );
}
