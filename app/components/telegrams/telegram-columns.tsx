import { Anchor } from "~/components/plain/anchor";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { useFlightTime } from "~/components/flights/flight-time";
import { TelegramStateBadge } from "~/components/telegrams/telegram-state-badge";
import type { CimpTelegram } from "~/lib/upstream/cimp-telegrams.server";

/** The columns every telegram list shows (issue 23), by name, for each list to arrange with its own; rows open at `route`/:id. */
export function useTelegramColumns(route: string): Record<"received_at" | "type" | "sender" | "state" | "errors" | "open", Column<CimpTelegram>> {
  const { t } = useTranslation(["telegrams", "common"]);
  const ft = useFlightTime();
  return {
    received_at: { key: "received_at", header: t("list.columns.received_at"), render: (r) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{ft.at(r.created_at, null)}</Text> },
    type: { key: "type", header: t("list.columns.type"), render: (r) => (r.message_type ? `${r.message_type}${r.message_version ? `/${r.message_version}` : ""}` : "—") },
    sender: { key: "sender", header: t("list.columns.sender"), render: (r) => <Text size="sm" style={{ overflowWrap: "anywhere" }}>{r.sender ?? "—"}</Text> },
    state: { key: "state", header: t("list.columns.state"), render: (r) => <TelegramStateBadge state={r.state} /> },
    errors: { key: "errors", header: t("list.columns.errors"), render: (r) => <span data-testid="telegram-error-count">{r.error_count ?? 0}</span> },
    open: {
      key: "open",
      header: t("list.columns.open"),
      render: (r) => (
        <Anchor component={Link} to={`${route}/${r.id}`} size="sm" data-testid={`telegram-link-${r.id}`}>
          {t("list.open")}
        </Anchor>
      ),
    },
  };
}
