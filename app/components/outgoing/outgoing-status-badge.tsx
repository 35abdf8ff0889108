import { Badge } from "~/components/plain/badge";
import { useTranslation } from "react-i18next";
import type { OutgoingStatus } from "../../../cargo/telegrams/outgoing-message";

const COLORS: Record<OutgoingStatus, string> = { queued: "gray", sent: "green", failed: "red" };

/** An outgoing message's status (cargo/telegrams/outgoing-message.ts), in words and colour. */
export function OutgoingStatusBadge({ status }: { status: OutgoingStatus | null }) {
  const { t } = useTranslation("outgoing");
  if (!status) return <Badge color="gray" variant="light">—</Badge>;
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="outgoing-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
