import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { Title } from "~/components/plain/title";
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import type { AirWaybill, StateAction } from "~/lib/upstream/air-waybills.server";

/** The state flags of a shipment (spec 2 §4 "Shipment flags") with their badge colours. */
export function shipmentFlags(awb: AirWaybill): Array<{ key: string; color: string }> {
  const booked = awb.bookings.some((b) => b.active && b.effective);
  return [
    booked ? { key: "booked", color: "blue" } : !awb.voided_at && { key: "notBooked", color: "gray" },
    awb.issued_at && { key: "issued", color: "teal" },
    awb.verified_at && { key: "verified", color: "green" },
    awb.voided_at && { key: "voided", color: "red" },
    awb.departed && { key: "departed", color: "indigo" },
    awb.delivered && { key: "delivered", color: "green" },
    awb.charter && { key: "charter", color: "grape" },
    awb.warnings.length > 0 && { key: "warnings", color: "orange" },
  ].filter((f): f is { key: string; color: string } => Boolean(f));
}

/** Number, route and flags of the shipment. */
export function ShipmentHeader({ awb }: { awb: AirWaybill }) {
  const { t } = useTranslation("awb");
  const route = awb.route.length ? awb.route : [awb.origin_iata, ...awb.manual_route, awb.destination_iata];
  const flags = shipmentFlags(awb);
  return (
    <Stack gap={4} data-testid="shipment-header">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={2}>
          <Title order={1} size="h2" data-testid="shipment-number">
            {awb.mawb}
          </Title>
          <Text size="lg" fw={500} data-testid="shipment-route">
            {route.join(" → ")}
          </Text>
        </Stack>
        <Group gap="xs" data-testid="shipment-flags">
          {flags.map((f) => (
            <Badge key={f.key} color={f.color} variant="light" data-testid={`flag-${f.key}`}>
              {t(`flags.${f.key}`)}
            </Badge>
          ))}
        </Group>
      </Group>
      <Text size="sm" c="dimmed">
        {awb.carrier} · {awb.forwarder_short_name ?? "—"} · {t("detail.pcsKg", { pieces: awb.pieces, weight: awb.weight })}
      </Text>
    </Stack>
  );
}

/** Actions that ask for a reason first: a small dialog drawn from the URL (`?dialog=void`), which works without JS. */
const REASON_ACTIONS = new Set<StateAction>(["void", "cancel_void"]);

/**
 * The actions this user may take now (the API's `actions` booleans): each one a POST form; void and cancel void open
 * their reason dialog; edit links to the edit pages.
 */
export function ShipmentActions({
  awb,
  dialog,
  editAwbHref,
  editBookingHref,
  reasonError,
}: {
  awb: AirWaybill;
  dialog: StateAction | null;
  editAwbHref: string | null;
  editBookingHref: string | null;
  reasonError?: string | null;
}) {
  const { t } = useTranslation("awb");
  const a = awb.actions;
  const simple: StateAction[] = (["issue", "cancel_issue", "verify", "cancel_verify", "deliver"] as const).filter((k) => a[k]);
  return (
    <Stack gap="sm">
      <Group gap="xs" data-testid="shipment-actions">
        {editAwbHref ? (
          <Button component={Link} to={editAwbHref} variant="light" size="sm" data-testid="action-edit">
            {t("actions.edit")}
          </Button>
        ) : null}
        {editBookingHref ? (
          <Button component={Link} to={editBookingHref} variant="light" size="sm" data-testid="action-edit-booking">
            {t("actions.editBooking")}
          </Button>
        ) : null}
        {simple.map((action) => (
          <Form method="post" key={action}>
            <CsrfInput />
            <Button type="submit" name="intent" value={action} size="sm" variant={action.startsWith("cancel") ? "default" : "filled"} data-testid={`action-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          </Form>
        ))}
        {a.charter ? (
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="charter" value={awb.charter ? "false" : "true"} />
            <Button type="submit" name="intent" value="charter" size="sm" variant="light" color="grape" data-testid="action-charter">
              {awb.charter ? t("actions.uncharter") : t("actions.charter")}
            </Button>
          </Form>
        ) : null}
        {(["void", "cancel_void"] as const)
          .filter((k) => a[k])
          .map((action) => (
            <Button key={action} component={Link} to={`?dialog=${action}`} size="sm" color={action === "void" ? "red" : undefined} variant={action === "void" ? "filled" : "default"} data-testid={`action-${action}`}>
              {t(`actions.${action}`)}
            </Button>
          ))}
      </Group>
      {dialog && REASON_ACTIONS.has(dialog) && a[dialog] ? (
        <Paper withBorder p="md" radius="md" role="dialog" aria-label={t(`actions.${dialog}`)} data-testid={`dialog-${dialog}`}>
          <Form method="post">
            <CsrfInput />
            <Stack gap="sm">
              <Text fw={500}>{t(`dialogs.${dialog}.title`, { mawb: awb.mawb })}</Text>
              <Textarea name="reason" label={t("dialogs.reason")} required rows={3} maxLength={2000} error={reasonError ?? undefined} />
              <Group justify="flex-end" gap="xs">
                <Button component={Link} to="." variant="default">
                  {t("form.cancel")}
                </Button>
                <Button type="submit" name="intent" value={dialog} color={dialog === "void" ? "red" : undefined} data-testid={`confirm-${dialog}`}>
                  {t(`dialogs.${dialog}.confirm`)}
                </Button>
              </Group>
            </Stack>
          </Form>
        </Paper>
      ) : null}
    </Stack>
  );
}
