import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Stack } from "~/components/plain/stack";
import { useTranslation } from "react-i18next";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { MANIFEST_PRIORITIES } from "~/lib/flights/handling-values";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { ReadyToGo } from "~/lib/upstream/handling.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { FieldErrors, FormErrors, HandlingForm, HandlingSubmit, useFigures, useHandlingFeedback, useMawbColumn } from "./handling-parts";
import { StatusBadge } from "./handling-shipments-tab";

// The Ready for Carriage tab (spec 2 §3 "Ready-to-go list"): what was received for the flight, each with its booking
// and its movements here; the desk puts a waybill on the build-up (the pre-manifest) with a loading priority.

export function PrioritySelect({ value, feedback }: { value: string; feedback: ReturnType<typeof useHandlingFeedback> }) {
  const { t } = useTranslation("handling");
  return (
    <Stack gap={0}>
      <NativeSelect name="priority" size="xs" aria-label={t("fields.priority")} defaultValue={feedback?.values.priority ?? value} data={MANIFEST_PRIORITIES.map((p) => ({ value: p, label: t(`priorities.${p}`) }))} />
      <FieldErrors feedback={feedback} field="priority" />
    </Stack>
  );
}

function AddForm({ row }: { row: ReadyToGo }) {
  const { t } = useTranslation("handling");
  const feedback = useHandlingFeedback("manifest_add", row.mawb);
  return (
    <HandlingForm tab="build_up" testId={`manifest-add-${row.mawb}`}>
      <input type="hidden" name="mawb" value={row.mawb} />
      <PrioritySelect value="2" feedback={feedback} />
      <HandlingSubmit intent="manifest_add" label={t("actions.addToBuildUp")} testId="manifest-add-submit" />
      <FormErrors feedback={feedback} />
    </HandlingForm>
  );
}

export function HandlingReadyTab({ list, error, canAct }: { list: { data: ReadyToGo[]; meta: ListMeta } | null; error: ErrorCode | null; canAct: boolean }) {
  const { t } = useTranslation("handling");
  const figures = useFigures();
  const mawbColumn = useMawbColumn<ReadyToGo>();
  const received = (r: ReadyToGo) => r.movements.filter((m) => m.status_code === "RCS" && !m.deactivated).at(-1) ?? null;
  const columns: Column<ReadyToGo>[] = [
    mawbColumn,
    { key: "booking", header: t("columns.booking"), render: (r) => (r.booking ? `${r.booking.response_status} · ${figures(r.booking)}` : t("columns.noBooking")) },
    { key: "received", header: t("columns.received"), render: (r) => figures(received(r)) },
    {
      key: "movements",
      header: t("columns.movements"),
      render: (r) => (
        <Group gap={4}>
          {r.movements.filter((m) => !m.deactivated).map((m) => (
            <StatusBadge key={String(m.id)} code={m.status_code} />
          ))}
        </Group>
      ),
    },
    {
      key: "action",
      header: t("columns.buildUp"),
      render: (r) => (r.manifested ? t("readyToGo.onBuildUp") : canAct ? <AddForm row={r} /> : "—"),
    },
  ];
  return (
    <Stack gap="md" data-testid="ready-tab">
      {list ? (
        <DataTable id="flight-ready" columns={columns} rows={list.data} rowKey={(r) => r.mawb} empty={t("empty.ready")} testId="ready-table" meta={list.meta} />
      ) : (
        <FlightPageTabError code={error} what={t("what.ready")} />
      )}
    </Stack>
  );
}
