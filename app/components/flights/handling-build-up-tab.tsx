import { Group } from "~/components/plain/group";
import { NativeSelect } from "~/lib/mantine/NativeSelect";
import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { TextInput } from "~/components/plain/text-input";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { PreManifestItem, PreManifestPage } from "~/lib/upstream/handling.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { FieldErrors, FormErrors, HandlingForm, HandlingSubmit, useFigures, useHandlingFeedback } from "./handling-parts";
import { PrioritySelect } from "./handling-ready-tab";

// The Build-Up tab (spec 2 §3 "Pre-manifest item", "Build-up row"): the flight's manifest, first priority first, with
// the confirmed bookings' figures against what is manifested; each waybill's priority changed, moved to another flight
// from the same station (its booking and space go along) or taken off. A booked waybill can also be added by number.

export interface MoveTarget {
  id: number;
  label: string;
}

function AddByNumber() {
  const { t } = useTranslation("handling");
  const feedback = useHandlingFeedback("manifest_add", "manifest_add");
  return (
    <HandlingForm tab="manifest" testId="manifest-add-number">
      <input type="hidden" name="row" value="manifest_add" />
      <Stack gap={0}>
        <TextInput name="mawb" size="xs" aria-label={t("fields.mawb")} placeholder={t("fields.mawb")} defaultValue={feedback?.values.mawb ?? ""} w={150} />
        <FieldErrors feedback={feedback} field="mawb" />
      </Stack>
      <PrioritySelect value="2" feedback={feedback} />
      <HandlingSubmit intent="manifest_add" label={t("actions.addToBuildUp")} testId="manifest-add-number-submit" />
      <FormErrors feedback={feedback} />
    </HandlingForm>
  );
}

function ItemActions({ item, targets }: { item: PreManifestItem; targets: MoveTarget[] }) {
  const { t } = useTranslation("handling");
  const row = String(item.id);
  const priority = useHandlingFeedback("manifest_priority", row);
  const move = useHandlingFeedback("manifest_move", row);
  const remove = useHandlingFeedback("manifest_remove", row);
  return (
    <Stack gap={4}>
      <HandlingForm tab="manifest" testId={`manifest-priority-${item.mawb}`}>
        <input type="hidden" name="id" value={row} />
        <PrioritySelect value={String(item.priority)} feedback={priority} />
        <HandlingSubmit intent="manifest_priority" label={t("actions.save")} variant="subtle" />
        <FormErrors feedback={priority} />
      </HandlingForm>
      {targets.length ? (
        <HandlingForm tab="manifest" testId={`manifest-move-${item.mawb}`}>
          <input type="hidden" name="id" value={row} />
          <Stack gap={0}>
            <NativeSelect name="segment_id" size="xs" aria-label={t("fields.moveTo")} defaultValue={move?.values.segment_id} data={targets.map((s) => ({ value: String(s.id), label: s.label }))} />
            <FieldErrors feedback={move} field="segment_id" />
          </Stack>
          <HandlingSubmit intent="manifest_move" label={t("actions.move")} variant="subtle" testId="manifest-move-submit" />
          <FormErrors feedback={move} />
        </HandlingForm>
      ) : null}
      <HandlingForm tab="manifest" testId={`manifest-remove-${item.mawb}`} confirmText={t("confirm.remove", { mawb: item.mawb })}>
        <input type="hidden" name="id" value={row} />
        <HandlingSubmit intent="manifest_remove" label={t("actions.remove")} color="red" variant="subtle" testId="manifest-remove-submit" />
        <FormErrors feedback={remove} />
      </HandlingForm>
    </Stack>
  );
}

export function HandlingBuildUpTab({ list, error, moveTargets, canAct }: { list: PreManifestPage | null; error: ErrorCode | null; moveTargets: MoveTarget[]; canAct: boolean }) {
  const { t } = useTranslation("handling");
  const figures = useFigures();
  const columns: Column<PreManifestItem>[] = [
    { key: "priority", header: t("fields.priority"), render: (i) => t(`priorities.${i.priority}`) },
    { key: "mawb", header: t("columns.mawb"), render: (i) => i.mawb },
    { key: "route", header: t("columns.route"), render: (i) => `${i.origin}–${i.destination}` },
    { key: "goods", header: t("columns.goods"), render: (i) => [i.commodity, i.shcs.join(" ")].filter(Boolean).join(" · ") },
    { key: "manifested", header: t("columns.manifested"), render: (i) => figures(i) },
    ...(canAct ? [{ key: "actions", header: "", render: (i: PreManifestItem) => <ItemActions item={i} targets={moveTargets} /> }] : []),
  ];
  return (
    <Stack gap="md" data-testid="build-up-tab">
      {list ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Paper withBorder p="sm" data-testid="totals-booked">
            <Text size="sm" c="dimmed">{t("totals.booked")}</Text>
            <Text fw={600}>{figures(list.meta.booked)}</Text>
          </Paper>
          <Paper withBorder p="sm" data-testid="totals-manifested">
            <Text size="sm" c="dimmed">{t("totals.manifested")}</Text>
            <Text fw={600}>{figures(list.meta.manifested)}</Text>
          </Paper>
        </SimpleGrid>
      ) : null}
      {canAct ? (
        <Group>
          <AddByNumber />
        </Group>
      ) : null}
      {list ? (
        <DataTable id="flight-build-up" columns={columns} rows={list.data} rowKey={(i) => i.id} empty={t("empty.buildUp")} testId="build-up-table" meta={list.meta} />
      ) : (
        <FlightPageTabError code={error} what={t("what.buildUp")} />
      )}
    </Stack>
  );
}
