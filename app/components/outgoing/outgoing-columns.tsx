import { Anchor } from "~/components/plain/anchor";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { useFlightTime } from "~/components/flights/flight-time";
import { OutgoingStatusBadge } from "~/components/outgoing/outgoing-status-badge";
import type { OutgoingMessage } from "~/lib/upstream/outgoing-messages.server";

type Name = "created_at" | "type" | "channel" | "to" | "mawb" | "event" | "status" | "error" | "open";

/** The columns every list of outgoing telegrams shows (issue 23), by name, for each list to arrange; rows open at `route`/:id. */
export function useOutgoingColumns(route: string): Record<Name, Column<OutgoingMessage>> {
  const { t } = useTranslation(["outgoing", "common"]);
  const ft = useFlightTime();
  return {
    created_at: { key: "created_at", header: t("list.columns.created_at"), render: (r) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{ft.at(r.created_at, null)}</Text> },
    type: { key: "type", header: t("list.columns.type"), render: (r) => r.message_type ?? "—" },
    channel: { key: "channel", header: t("list.columns.channel"), render: (r) => (r.channel_type ? t(`channels.${r.channel_type}`) : "—") },
    to: { key: "to", header: t("list.columns.to"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.to.join(", ") || "—"}</Text> },
    mawb: { key: "mawb", header: t("list.columns.mawb"), render: (r) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{r.mawb ?? "—"}</Text> },
    event: { key: "event", header: t("list.columns.event"), render: (r) => r.event_identifier ?? "—" },
    status: { key: "status", header: t("list.columns.status"), render: (r) => <OutgoingStatusBadge status={r.status} /> },
    error: { key: "error", header: t("list.columns.error"), render: (r) => (r.last_error_code ? <Text size="sm" c="red">{t(`errorCodes.${r.last_error_code}`)}</Text> : "—") },
    open: {
      key: "open",
      header: t("list.columns.open"),
      render: (r) => (
        <Anchor component={Link} to={`${route}/${r.id}`} size="sm" data-testid={`outgoing-link-${r.id}`}>
          {t("list.open")}
        </Anchor>
      ),
    },
  };
}
