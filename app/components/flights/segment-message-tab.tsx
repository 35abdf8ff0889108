import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import { translateMessage } from "~/components/fields/fields";
import { useFormat } from "~/components/settings/format";
import type { SegmentFileLink, SegmentMessageTab as Tab } from "~/lib/flights/segment-message-values";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { MessageShipment, SegmentTelegram, UwsLoad } from "~/lib/upstream/segment-messages.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { SendTelegramForm } from "~/components/outgoing/send-telegram-form";
import { TelegramText } from "~/components/outgoing/telegram-text";
import { SEND_TELEGRAM_INTENT } from "~/lib/flights/segment-message-values";

// The flight page's FBL, FFM and UWS tabs (spec 1 §2; spec 3 §7 segments/{id}/fbl, /ffm, /uws.json): the telegram as
// the API writes it from the flight's data, in a monospace block per part (plain selectable text, so copying works
// without JavaScript), a summary of what it carries and, for FBL and FFM, the document to download. When the flight
// has nothing to write yet the API's refusal is shown in the reader's language (spec 3 §8 "Not enough data").

export interface SegmentMessagePanel {
  tab: Tab;
  telegram: SegmentTelegram | null;
  error: ErrorCode | null;
  /** The API's refusal as an i18n message (errors:refusal.<code>?…), when it sent one. */
  refusal: string | null;
  /** The message's files (document, correspondence letter, XML); none while there is no message. */
  files: SegmentFileLink[];
  /** The user sends telegrams (cargo OUTGOING_SEND): the tab offers to send this one. */
  canSend: boolean;
}

type Row = MessageShipment & { key: string };
type LoadRow = UwsLoad & { key: string };

function useShipmentColumns(tab: Tab): Column<Row>[] {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  const columns: Column<Row>[] = [
    { key: "mawb", header: t("messages.columns.mawb"), render: (s) => s.mawb },
    { key: "route", header: t("messages.columns.route"), render: (s) => `${s.origin_iata ?? ""}–${s.destination_iata ?? ""}` },
    { key: "pieces", header: t("messages.columns.pieces"), render: (s) => (s.total_pieces !== null ? t("messages.partOf", { pieces: s.pieces, total: s.total_pieces }) : f.number(s.pieces)) },
    { key: "weight", header: t("messages.columns.weight"), render: (s) => `${f.number(s.weight)} ${s.weight_code === "L" ? "lb" : "kg"}` },
    { key: "volume", header: t("messages.columns.volume"), render: (s) => (s.volume === null ? "—" : f.number(s.volume)) },
    { key: "goods", header: t("messages.columns.goods"), render: (s) => s.commodity ?? "" },
    { key: "shcs", header: t("messages.columns.shcs"), render: (s) => s.shcs.join(" ") },
  ];
  if (tab === "fbl") columns.push({ key: "status", header: t("messages.columns.status"), render: (s) => s.response_status ?? "" });
  else columns.push({ key: "uld", header: t("messages.columns.uld"), render: (s) => s.uld_number ?? t("messages.bulk") });
  columns.push({ key: "unloading", header: t("messages.columns.unloading"), render: (s) => s.unloading_iata ?? "" });
  return columns;
}

function UwsLoads({ telegram }: { telegram: SegmentTelegram }) {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  const rows: LoadRow[] = [
    ...(telegram.message.ulds ?? []).map((u, i) => ({ ...u, key: `uld-${i}` })),
    ...(telegram.message.bulk ?? []).map((b, i) => ({ ...b, uld_number: null, key: `bulk-${i}` })),
  ];
  const columns: Column<LoadRow>[] = [
    { key: "uld", header: t("messages.columns.uld"), render: (l) => l.uld_number ?? t("messages.bulk") },
    { key: "unloading", header: t("messages.columns.unloading"), render: (l) => l.destination_iata },
    { key: "weight", header: t("messages.columns.weight"), render: (l) => f.unit(l.weight, "kilogram") },
    { key: "category", header: t("messages.columns.category"), render: (l) => t(`messages.categories.${l.load_category ?? "C"}`, { defaultValue: l.load_category ?? "" }) },
    { key: "shcs", header: t("messages.columns.shcs"), render: (l) => l.shcs.join(" ") },
  ];
  return <DataTable id="flight-uws-loads" columns={columns} rows={rows} rowKey={(l) => l.key} empty={t("messages.empty")} testId="uws-loads-table" />;
}

function Totals({ telegram }: { telegram: SegmentTelegram }) {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  const totals = telegram.totals;
  const boxes: Array<[string, string]> = [
    ["shipments", f.number(totals.shipments)],
    ["pieces", f.number(totals.pieces)],
    ["weight", f.unit(totals.weight, "kilogram")],
    ["volume", `${f.number(totals.volume)} m³`],
  ];
  return (
    <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" data-testid="message-totals">
      {boxes.map(([key, value]) => (
        <Paper key={key} withBorder p="sm">
          <Text size="sm" c="dimmed">
            {t(`messages.totals.${key}`)}
          </Text>
          <Text fw={600}>{value}</Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

export function SegmentMessageTab({ panel, sendReply }: { panel: SegmentMessagePanel; sendReply: { addresses: string; error: string | null } | null }) {
  const { t } = useTranslation(["flight-page", "errors"]);
  const columns = useShipmentColumns(panel.tab);
  const type = panel.tab.toUpperCase();
  const telegram = panel.telegram;
  if (!telegram) {
    return (
      <Stack gap="md" data-testid={`${panel.tab}-tab`}>
        {panel.refusal ? (
          <Alert color="yellow" role="status" data-testid="message-refusal" title={t("messages.nothingYet", { type })}>
            {translateMessage(t, panel.refusal)}
          </Alert>
        ) : (
          <FlightPageTabError code={panel.error} what={type} />
        )}
      </Stack>
    );
  }
  const rows = telegram.shipments.map((s, i) => ({ ...s, key: `${s.mawb}-${i}` }));
  return (
    <Stack gap="md" data-testid={`${panel.tab}-tab`}>
      <Group justify="space-between" align="baseline">
        <Text size="sm" c="dimmed">
          {t(`messages.about.${panel.tab}`)}
        </Text>
        <Group gap="md">
          {panel.files.map((file) => (
            <Anchor key={file.key} href={file.href} target="_blank" data-testid={`message-${file.key}`}>
              {t(`messages.files.${file.key}`, { type })}
            </Anchor>
          ))}
        </Group>
      </Group>
      {panel.canSend ? (
        <SendTelegramForm type={type} hidden={{ intent: SEND_TELEGRAM_INTENT, tab: panel.tab }} settings={type === "FFM"} reply={sendReply} testId={`send-${panel.tab}`} />
      ) : null}
      <Totals telegram={telegram} />
      {panel.tab === "uws" ? <UwsLoads telegram={telegram} /> : null}
      <DataTable id={`flight-${panel.tab}-shipments`} columns={columns} rows={rows} rowKey={(s) => s.key} empty={t("messages.empty")} testId="message-shipments-table" />
      {telegram.parts.map((part, i) => (
        <TelegramText key={i} title={telegram.parts.length > 1 ? t("messages.part", { n: i + 1, count: telegram.parts.length }) : t("messages.text", { type })} text={part} testId="message-text" />
      ))}
    </Stack>
  );
}
