import { Anchor } from "~/components/plain/anchor";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { DeleteRowForm } from "~/components/settings/row-actions";

/**
 * A booking row's actions, each a POST form of its own or a link, so they work without JS: the airline confirms a
 * request at once (KK) or opens the answer dialog to refuse it with a reason (UU); the forwarder cancels its booking
 * (with JS it asks first).
 */
export function BookingRowActions({ id, canAnswer, canCancel, answerHref }: { id: number; canAnswer: boolean; canCancel: boolean; answerHref: string }) {
  const { t } = useTranslation("shipments");
  if (!canAnswer && !canCancel) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      {canAnswer ? (
        <>
          <Form method="post" data-testid={`booking-confirm-${id}`}>
            <CsrfInput />
            <input type="hidden" name="intent" value="answer" />
            <input type="hidden" name="id" value={id} />
            <input type="hidden" name="status" value="KK" />
            <Button type="submit" size="compact-xs" color="teal" variant="light">
              {t("bookings.confirm")}
            </Button>
          </Form>
          <Anchor component={Link} to={answerHref} size="xs" c="red" style={{ whiteSpace: "nowrap" }} data-testid={`booking-reject-${id}`}>
            {t("bookings.reject")}
          </Anchor>
        </>
      ) : null}
      {canCancel ? <DeleteRowForm id={id} intent="cancel" label={t("bookings.cancel")} confirmText={t("bookings.cancelConfirm")} testId={`booking-cancel-${id}`} /> : null}
    </Group>
  );
}
