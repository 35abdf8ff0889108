import { Alert } from "~/lib/mantine/Alert";
import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import { translateMessage } from "~/components/fields/fields";
import { SendTelegramForm } from "~/components/outgoing/send-telegram-form";
import { useFormat } from "~/components/settings/format";
import type { CsnReply } from "~/lib/flights/customs-action.server";
import type { CustomsPanel } from "~/lib/flights/customs-tabs.server";
import { FILE_ACI_INTENT, FILE_PLACI_INTENT, SEND_CSN_INTENT } from "~/lib/flights/customs-values";
import type { AciStatus } from "~/lib/upstream/customs.server";
import type { FlightRow } from "~/lib/upstream/handling.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { useFlightTime } from "./flight-time";

// The flight page's customs tabs (issue 23): ACI, where the flight's advance cargo information is filed with customs
// (the ACI from its manifest, the PLACI from its bookings) and the ACI statuses list what was filed and answered; CSN,
// where the waybills the flight carries are ticked to send their customs status notification, each needing an MRN
// (spec 2 §5), with the MRN list to download. Plain POST forms: they work without JavaScript.

type FilingReply = { type: string; addresses: string; error: string } | null;

function AciStatuses({ statuses }: { statuses: NonNullable<Extract<CustomsPanel, { tab: "aci" }>["statuses"]> }) {
  const { t } = useTranslation("flight-page");
  const ft = useFlightTime();
  const f = useFormat();
  const columns: Column<AciStatus>[] = [
    { key: "generated_at", header: t("customs.aci.columns.generated_at"), render: (s) => ft.dateTime(s.generated_at, null) },
    { key: "type", header: t("customs.aci.columns.type"), render: (s) => s.message_type },
    { key: "direction", header: t("customs.aci.columns.direction"), render: (s) => t(`customs.aci.directions.${s.direction}`, { defaultValue: s.direction }) },
    { key: "name", header: t("customs.aci.columns.name"), render: (s) => <Text size="sm" ff="monospace">{s.name}</Text> },
    { key: "shipments", header: t("customs.aci.columns.shipments"), render: (s) => (s.shipments === null ? "—" : f.number(s.shipments)) },
  ];
  return <DataTable id="flight-aci-statuses" columns={columns} rows={statuses.rows} rowKey={(s) => String(s.id)} empty={t("customs.aci.empty")} testId="aci-statuses-table" meta={statuses.meta} />;
}

function AciTab({ panel, reply }: { panel: Extract<CustomsPanel, { tab: "aci" }>; reply: FilingReply }) {
  const { t } = useTranslation("flight-page");
  const form = (type: "ACI" | "PLACI", intent: string) => (
    <SendTelegramForm
      type={type}
      hidden={{ intent, tab: "aci" }}
      settings={false}
      reply={reply?.type === type ? reply : null}
      hint={t("customs.aci.addressesHint", { type })}
      testId={`file-${type.toLowerCase()}`}
    >
      <Text size="sm" c="dimmed" mb="xs">
        {t(`customs.aci.about.${type}`)}
      </Text>
    </SendTelegramForm>
  );
  return (
    <Stack gap="md" data-testid="aci-tab">
      {panel.aciRequired ? null : (
        <Alert color="yellow" role="status" data-testid="aci-not-required">
          {t("customs.aci.notRequired")}
        </Alert>
      )}
      {panel.canFile && panel.aciRequired ? (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {form("ACI", FILE_ACI_INTENT)}
          {form("PLACI", FILE_PLACI_INTENT)}
        </SimpleGrid>
      ) : null}
      <Text fw={600}>{t("customs.aci.statuses")}</Text>
      {panel.statuses ? <AciStatuses statuses={panel.statuses} /> : <FlightPageTabError code={panel.error} what={t("customs.aci.statuses")} />}
    </Stack>
  );
}

function useWaybillColumns(): Column<FlightRow>[] {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  return [
    { key: "mawb", header: t("messages.columns.mawb"), render: (w) => w.mawb },
    { key: "route", header: t("messages.columns.route"), render: (w) => `${w.origin_iata}–${w.destination_iata}` },
    { key: "figures", header: t("customs.csn.columns.figures"), render: (w) => `${f.number(w.awb.pieces)} / ${f.unit(w.awb.weight, "kilogram")}` },
    { key: "goods", header: t("messages.columns.goods"), render: (w) => w.commodity ?? "" },
    { key: "forwarder", header: t("customs.csn.columns.forwarder"), render: (w) => w.forwarder_short_name ?? "" },
    {
      key: "mrn",
      header: t("customs.csn.columns.mrn"),
      render: (w) =>
        w.mrn ? (
          <Text size="sm" ff="monospace">
            {w.mrn}
          </Text>
        ) : (
          <Badge color="red" variant="light" size="sm" data-testid="no-mrn">
            {t("customs.csn.noMrn")}
          </Badge>
        ),
    },
  ];
}

function CsnTab({ panel, reply }: { panel: Extract<CustomsPanel, { tab: "csn" }>; reply: CsnReply["csn"] | null }) {
  const { t } = useTranslation(["flight-page", "errors"]);
  const columns = useWaybillColumns();
  const waybills = panel.waybills;
  const table = (selectable: boolean) =>
    waybills ? (
      <DataTable
        id="flight-csn-waybills"
        columns={columns}
        rows={waybills.rows}
        rowKey={(w) => w.mawb}
        empty={t("customs.csn.empty")}
        testId="csn-waybills-table"
        meta={waybills.meta}
        // ticked: what was posted (a refused send keeps it), else the waybills that have an MRN
        selection={selectable ? { name: "mawbs", initial: reply?.mawbs ?? waybills.rows.filter((w) => w.mrn).map((w) => w.mawb) } : undefined}
      />
    ) : (
      <FlightPageTabError code={panel.error} what={t("customs.csn.waybills")} />
    );
  return (
    <Stack gap="md" data-testid="csn-tab">
      <Group justify="space-between" align="baseline">
        <Text size="sm" c="dimmed">
          {t("customs.csn.about")}
        </Text>
        <Anchor href={panel.mrnListHref} data-testid="mrn-list">
          {t("customs.csn.mrnList")}
        </Anchor>
      </Group>
      {panel.canSend && waybills ? (
        <SendTelegramForm type="CSN" hidden={{ intent: SEND_CSN_INTENT, tab: "csn" }} settings reply={reply ? { addresses: reply.addresses, error: reply.field === "addresses" ? reply.error : null } : null} testId="send-csn">
          {reply?.field === "mawbs" ? (
            <Alert color="red" role="alert" mb="sm" data-testid="csn-selection-error">
              {translateMessage(t, reply.error)}
            </Alert>
          ) : null}
          {table(true)}
        </SendTelegramForm>
      ) : (
        table(false)
      )}
    </Stack>
  );
}

export function CustomsTabPanel({ panel, filingReply, csnReply }: { panel: CustomsPanel; filingReply: FilingReply; csnReply: CsnReply["csn"] | null }) {
  return panel.tab === "aci" ? <AciTab panel={panel} reply={filingReply} /> : <CsnTab panel={panel} reply={csnReply} />;
}
