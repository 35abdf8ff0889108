import { Badge } from "~/components/plain/badge";
import { useTranslation } from "react-i18next";
import type { IncomingStatus } from "../../../cargo/telegrams/incoming-message";

const COLORS: Record<IncomingStatus, string> = { queued: "gray", processed: "green", no_telegram: "yellow", unassigned: "orange", failed: "red" };

/** An incoming message's status (cargo/telegrams/incoming-message.ts), in words and colour. */
export function IncomingStatusBadge({ status }: { status: IncomingStatus | null }) {
  const { t } = useTranslation("incoming");
  if (!status) return <Badge color="gray" variant="light">—</Badge>;
  return (
    <Badge color={COLORS[status]} variant="light" data-testid="incoming-status" data-status={status}>
      {t(`statuses.${status}`)}
    </Badge>
  );
}
