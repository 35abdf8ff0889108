
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { useOutgoingColumns } from "~/components/outgoing/outgoing-columns";
import { useTelegramColumns } from "~/components/telegrams/telegram-columns";
import type { FlightMessageListTab } from "~/lib/flights/flight-message-lists";
import type { CimpTelegram } from "~/lib/upstream/cimp-telegrams.server";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { OutgoingMessage } from "~/lib/upstream/outgoing-messages.server";
import { FlightPageTabError } from "./flight-page-tab-error";

// The flight page's Outgoing messages and Incoming messages tabs (spec 1 §2; issue 23): what was sent about the flight
// and the Cargo-IMP telegrams received about it, newest first, a server page at a time (the pager's links keep the
// tab). A row opens its own page when the user may open it.

export interface FlightMessagesPanel {
  tab: FlightMessageListTab;
  outgoing: { data: OutgoingMessage[]; meta: ListMeta } | null;
  incoming: { data: CimpTelegram[]; meta: ListMeta } | null;
  error: ErrorCode | null;
  /** Where a row's page is (`<rowHref>/<id>`), or null when the user may not open it. */
  rowHref: string | null;
}

function OutgoingList({ list, rowHref }: { list: NonNullable<FlightMessagesPanel["outgoing"]>; rowHref: string | null }) {
  const { t } = useTranslation("flight-page");
  const c = useOutgoingColumns(rowHref ?? "");
  const columns = [c.created_at, c.type, c.channel, c.to, c.mawb, c.status, c.error, ...(rowHref ? [c.open] : [])];
  return <DataTable id="flight-outgoing-messages" columns={columns} rows={list.data} rowKey={(r) => r.id} empty={t("messageLists.outgoingEmpty")} testId="flight-outgoing-table" meta={list.meta} />;
}

function IncomingList({ list, rowHref }: { list: NonNullable<FlightMessagesPanel["incoming"]>; rowHref: string | null }) {
  const { t } = useTranslation(["telegrams", "flight-page"]);
  const c = useTelegramColumns(rowHref ?? "");
  const mawb: Column<CimpTelegram> = { key: "mawb", header: t("list.columns.mawb"), render: (r) => r.mawb ?? "—" };
  const columns = [c.received_at, c.type, mawb, c.sender, c.state, ...(rowHref ? [c.open] : [])];
  return <DataTable id="flight-incoming-messages" columns={columns} rows={list.data} rowKey={(r) => r.id} empty={t("flight-page:messageLists.incomingEmpty")} testId="flight-incoming-table" meta={list.meta} />;
}

export function FlightMessagesTab({ panel }: { panel: FlightMessagesPanel }) {
  const { t } = useTranslation("flight-page");
  const outgoing = panel.tab === "outgoing_messages";
  const what = t(outgoing ? "messageLists.outgoingNote" : "messageLists.incomingNote");
  const loaded = outgoing ? panel.outgoing : panel.incoming;
  if (!loaded) return <FlightPageTabError code={panel.error} what={what} />;
  return (
    <Stack gap="sm" data-testid={`flight-${panel.tab.replace("_", "-")}`}>
      <Text size="sm" c="dimmed">
        {what}
      </Text>
      {panel.outgoing ? <OutgoingList list={panel.outgoing} rowHref={panel.rowHref} /> : null}
      {panel.incoming ? <IncomingList list={panel.incoming} rowHref={panel.rowHref} /> : null}
    </Stack>
  );
}
