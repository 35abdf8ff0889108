import { Alert } from "~/lib/mantine/Alert";
import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CsrfInput } from "~/components/form-guards";
import { useDialogLinks } from "~/components/settings/dialog-links";
import type { VoidReply } from "~/lib/air-waybills/void-request-reply";
import type { VoidRequest, VoidRequestStatus } from "~/lib/upstream/void-requests.server";
import { useFlightTime } from "~/components/flights/flight-time";
import { Rows, Section } from "./shipment-sections";
import { RequestVoidDialog, ResolveVoidDialog } from "./void-request-dialogs";

/** The badge colour of each request state (spec 2 §4: requested is shown as in progress). */
export const VOID_STATUS_COLOURS: Record<VoidRequestStatus, string> = { requested: "orange", accepted: "red", declined: "gray", cancelled: "gray" };

export function VoidStatusBadge({ status }: { status: VoidRequestStatus }) {
  const { t } = useTranslation("void-requests");
  return (
    <Badge color={VOID_STATUS_COLOURS[status]} variant="light">
      {t(`statuses.${status}`)}
    </Badge>
  );
}

/**
 * The waybill's void requests on the shipment page: the button that asks (the forwarder that owns it), the open
 * request with its Withdraw (the forwarder) or Answer (the airline), every request so far, and the two dialogs.
 */
export function VoidRequestsSection({
  mawb,
  rows,
  canRequest,
  failed,
  reply,
  timeZone,
}: {
  mawb: string;
  rows: VoidRequest[];
  canRequest: boolean;
  failed: boolean;
  reply: VoidReply | null;
  /** The waybill's origin zone: the requests' times in local mode. */
  timeZone: string | null;
}) {
  const { t } = useTranslation("void-requests");
  const ft = useFlightTime();
  const [params] = useSearchParams();
  const { closeHref, openHref } = useDialogLinks(["dialog"]);
  const open = rows.find((r) => r.status === "requested") ?? null;
  // a refused post keeps its dialog open even though the post's address lost ?dialog
  const dialog = reply ? (reply.intent === "void_request" ? "void_request" : "resolve_void") : params.get("dialog");
  if (!rows.length && !canRequest && !failed) return null;
  return (
    <Section title={t("title")} testId="void-requests" failure={failed ? t("loadFailed") : null}>
      {open ? (
        <Alert color="orange" data-testid="void-request-open">
          <Group justify="space-between" gap="sm">
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {t("resolve.asked", { forwarder: open.company_short_name ?? "—", reason: open.request_reason ?? "" })}
            </Text>
            <Group gap="xs">
              {open.actions.resolve ? (
                <Button component={Link} to={openHref("dialog", "resolve_void")} size="xs" data-testid="void-request-answer">
                  {t("actions.resolve")}
                </Button>
              ) : null}
              {open.actions.withdraw ? (
                <Form method="post" onSubmit={(e) => (confirm(t("withdrawConfirm", { mawb: open.mawb })) ? undefined : e.preventDefault())}>
                  <CsrfInput />
                  <input type="hidden" name="id" value={open.id} />
                  <Button type="submit" name="intent" value="void_request_withdraw" size="xs" variant="default" data-testid="void-request-withdraw">
                    {t("actions.withdraw")}
                  </Button>
                </Form>
              ) : null}
            </Group>
          </Group>
        </Alert>
      ) : null}
      {canRequest ? (
        <Group>
          <Button component={Link} to={openHref("dialog", "void_request")} size="sm" color="red" variant="light" data-testid="action-void-request">
            {t("actions.request")}
          </Button>
        </Group>
      ) : null}
      <Rows
        testId="void-requests-table"
        empty={t("empty")}
        head={[t("columns.created_at"), t("columns.status"), t("columns.request_reason"), t("columns.payment_required"), t("columns.resolve_reason"), t("columns.void_payment"), t("columns.resolved")]}
        rows={rows.map((r) => [
          ft.at(r.created_at, timeZone),
          <span key="s" data-testid={`void-request-status-${r.id}`}>
            <VoidStatusBadge status={r.status} />
          </span>,
          r.request_reason ?? "—",
          t(`paymentAsked.${r.payment_required}`),
          r.resolve_reason ?? "—",
          r.void_payment ? t(`payment.${r.void_payment}`) : "—",
          r.resolved_at ? `${ft.at(r.resolved_at, timeZone)} ${r.resolved_by ?? ""}` : "—",
        ])}
      />
      {dialog === "void_request" && canRequest ? <RequestVoidDialog mawb={mawb} reply={reply} closeHref={closeHref} /> : null}
      {dialog === "resolve_void" && open?.actions.resolve ? <ResolveVoidDialog request={open} reply={reply} closeHref={closeHref} /> : null}
    </Section>
  );
}
