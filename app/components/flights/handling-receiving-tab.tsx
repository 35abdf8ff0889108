import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import { RECEIVING_VIEWS, type ReceivingView } from "~/lib/flights/handling-values";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { FlightRow } from "~/lib/upstream/handling.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { FieldErrors, FormErrors, HandlingForm, HandlingSubmit, rowAllows, useFigures, useHandlingFeedback } from "./handling-parts";
import { useFlightRowColumns, type FlightRowList } from "./handling-shipments-tab";

// The Receiving tab (spec 2 §4 "Movement of an AWB"): at the flight's origin the desk marks a booked waybill received
// with the pieces and weight it counted (an RCS movement), or takes it off the received list. ?state= switches between
// what is still to receive and what was received; the switch is a pair of links, so it works without JS.

const href = (segmentId: number, view: ReceivingView) => `/dashboard/flights/${segmentId}?tab=receiving&state=${view}`;

function ReceiveForm({ row }: { row: FlightRow }) {
  const { t } = useTranslation("handling");
  const feedback = useHandlingFeedback("receive", row.mawb);
  const expected = row.booking ?? row.awb;
  return (
    <HandlingForm tab="receiving" testId={`receive-${row.mawb}`}>
      <input type="hidden" name="mawb" value={row.mawb} />
      <Stack gap={0}>
        <TextInput name="pieces" aria-label={t("fields.pieces")} placeholder={t("fields.pieces")} size="xs" w={80} inputMode="numeric" defaultValue={feedback?.values.pieces ?? String(expected.pieces)} />
        <FieldErrors feedback={feedback} field="pieces" />
      </Stack>
      <Stack gap={0}>
        <TextInput name="weight" aria-label={t("fields.weight")} placeholder={t("fields.weight")} size="xs" w={100} inputMode="decimal" defaultValue={feedback?.values.weight ?? String(expected.weight)} />
        <FieldErrors feedback={feedback} field="weight" />
      </Stack>
      <HandlingSubmit intent="receive" label={t("actions.receive")} testId="receive-submit" />
      <FormErrors feedback={feedback} />
    </HandlingForm>
  );
}

/** Why a row offers no form: its shipment's state (cargo is received only under an issued waybill). */
function StateNote({ row }: { row: FlightRow }) {
  const { t } = useTranslation("handling");
  return (
    <Text size="xs" c="dimmed" data-testid={`shipment-state-${row.mawb}`}>
      {row.shipment_state ? t(`shipmentStates.${row.shipment_state}`) : "—"}
    </Text>
  );
}

function UnreceiveForm({ row }: { row: FlightRow }) {
  const { t } = useTranslation("handling");
  const feedback = useHandlingFeedback("unreceive", row.mawb);
  return (
    <HandlingForm tab="receiving" testId={`unreceive-${row.mawb}`} confirmText={t("confirm.unreceive", { mawb: row.mawb })}>
      <input type="hidden" name="mawb" value={row.mawb} />
      <HandlingSubmit intent="unreceive" label={t("actions.unreceive")} color="red" variant="subtle" testId="unreceive-submit" />
      <FormErrors feedback={feedback} />
    </HandlingForm>
  );
}

export function HandlingReceivingTab({
  segmentId,
  view,
  list,
  error,
  canAct,
}: {
  segmentId: number;
  view: ReceivingView;
  list: FlightRowList | null;
  error: ErrorCode | null;
  canAct: boolean;
}) {
  const { t } = useTranslation("handling");
  const figures = useFigures();
  const columns: Column<FlightRow>[] = [
    ...useFlightRowColumns(),
    { key: "booked", header: t("columns.booked"), render: (r) => figures(r.booking) },
    ...(view === "received"
      ? [
          { key: "received", header: t("columns.received"), render: (r: FlightRow) => figures(r.received) },
          ...(canAct ? [{ key: "action", header: "", render: (r: FlightRow) => (rowAllows(r, "unreceive") ? <UnreceiveForm row={r} /> : <StateNote row={r} />) }] : []),
        ]
      : canAct
        ? [{ key: "action", header: t("columns.receive"), render: (r: FlightRow) => (rowAllows(r, "receive") ? <ReceiveForm row={r} /> : <StateNote row={r} />) }]
        : []),
  ];
  return (
    <Stack gap="md" data-testid="receiving-tab">
      <Group gap="xs" role="tablist" aria-label={t("receiving.label")}>
        {RECEIVING_VIEWS.map((v) => (
          <Button key={v} component={Link} to={href(segmentId, v)} size="compact-sm" variant={v === view ? "filled" : "default"} aria-current={v === view ? "page" : undefined} data-testid={`receiving-view-${v}`}>
            {t(`receiving.${v}`)}
          </Button>
        ))}
      </Group>
      {list ? (
        <DataTable id={`flight-receiving-${view}`} columns={columns} rows={list.data} rowKey={(r) => r.mawb} empty={t(view === "received" ? "empty.received" : "empty.toReceive")} testId="receiving-table" meta={list.meta} />
      ) : (
        <FlightPageTabError code={error} what={t("what.receiving")} />
      )}
    </Stack>
  );
}
