import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { MOVEMENT_ACTIONS } from "../../../cargo/awb/shipment-state";
import { DataTable, type Column } from "~/components/data/data-table";
import type { ErrorCode } from "~/lib/upstream/errors";
import { DISCREPANCY_CODES } from "../../../cargo/awb/movement-codes";
import type { FlightRow } from "~/lib/upstream/handling.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { FieldErrors, FormErrors, HandlingForm, HandlingSubmit, rowAllows, useFigures, useHandlingFeedback } from "./handling-parts";
import { StatusBadge, useFlightRowColumns, type FlightRowList } from "./handling-shipments-tab";

// The Notice tab: the waybills on the flight's manifest with their latest movement. Once the flight has arrived the
// destination records RCF (received from the flight), NFD (consignee notified) and DLV (delivered); a discrepancy (DIS)
// with its state (spec 3 §8: missing or found waybill or cargo, overcarried, definitely loaded, shortshipped,
// offloaded) can be recorded at any time. Each row offers only the steps its shipment's state allows
// (cargo/awb/shipment-state): a delivered shipment none.

function StepForms({ row, arrived }: { row: FlightRow; arrived: boolean }) {
  const { t } = useTranslation("handling");
  const feedback = useHandlingFeedback("movement", row.mawb);
  const steps = arrived ? (["RCF", "NFD", "DLV"] as const).filter((code) => rowAllows(row, MOVEMENT_ACTIONS[code])) : [];
  return (
    <Stack gap={4}>
      {steps.length ? (
        <div style={{ display: "flex", gap: 4 }}>
          {steps.map((code) => (
            <HandlingForm key={code} tab="notice" testId={`step-${code}-${row.mawb}`}>
              <input type="hidden" name="mawb" value={row.mawb} />
              <input type="hidden" name="status_code" value={code} />
              <HandlingSubmit intent="movement" label={t(`steps.${code}`)} testId={`step-${code}`} />
            </HandlingForm>
          ))}
        </div>
      ) : null}
      {rowAllows(row, "discrepancy") ? (
        <HandlingForm tab="notice" testId={`discrepancy-${row.mawb}`}>
          <input type="hidden" name="mawb" value={row.mawb} />
          <input type="hidden" name="status_code" value="DIS" />
          <Stack gap={0}>
            <NativeSelect
              name="discrepancy_code"
              size="xs"
              aria-label={t("fields.discrepancy")}
              defaultValue={feedback?.values.discrepancy_code ?? ""}
              data={[{ value: "", label: t("fields.discrepancy") }, ...DISCREPANCY_CODES.map((c) => ({ value: c, label: `${c} · ${t(`discrepancies.${c}`)}` }))]}
            />
            <FieldErrors feedback={feedback} field="discrepancy_code" />
          </Stack>
          <HandlingSubmit intent="movement" label={t("actions.discrepancy")} variant="subtle" testId="discrepancy-submit" />
        </HandlingForm>
      ) : null}
      <FormErrors feedback={feedback} />
    </Stack>
  );
}

export function HandlingNoticeTab({ list, error, canAct, departed, arrived }: { list: FlightRowList | null; error: ErrorCode | null; canAct: boolean; departed: boolean; arrived: boolean }) {
  const { t } = useTranslation("handling");
  const figures = useFigures();
  const columns: Column<FlightRow>[] = [
    ...useFlightRowColumns(),
    { key: "manifested", header: t("columns.manifested"), render: (r) => figures(r.manifested) },
    {
      key: "status",
      header: t("columns.status"),
      render: (r) => (
        <Stack gap={0}>
          <StatusBadge code={r.last_movement?.status_code} />
          {r.last_movement?.discrepancy_code ? <Text size="xs">{t(`discrepancies.${r.last_movement.discrepancy_code}`)}</Text> : null}
        </Stack>
      ),
    },
    ...(canAct ? [{ key: "actions", header: "", render: (r: FlightRow) => <StepForms row={r} arrived={arrived} /> }] : []),
  ];
  return (
    <Stack gap="md" data-testid="notice-tab">
      <Text size="sm" c="dimmed" data-testid="notice-state">
        {t(arrived ? "notice.arrived" : departed ? "notice.departed" : "notice.onGround")}
      </Text>
      {list ? (
        <DataTable id="flight-notice" columns={columns} rows={list.data} rowKey={(r) => r.mawb} empty={t("empty.notice")} testId="notice-table" meta={list.meta} />
      ) : (
        <FlightPageTabError code={error} what={t("what.notice")} />
      )}
    </Stack>
  );
}
