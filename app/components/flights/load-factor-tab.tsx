import type { SubmissionResult } from "@conform-to/react";
import { Badge } from "~/components/plain/badge";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/settings/format";
import type { ErrorCode } from "~/lib/upstream/errors";
import { LOAD_FACTOR_KINDS } from "~/lib/flights/segment-values";
import type { SegmentCapacity, SegmentLoadFactor } from "~/lib/upstream/segments.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { useSegmentValueFormat } from "./flight-page-values";
import { LoadFactorPlannedForm } from "./load-factor-planned-form";

// The Load factor tab: the segment's capacity (GET segments/{id}/capacity) as a numbers table, which is the
// whole view without JavaScript, plus a chart once the page runs in a browser; and the load factor sets
// (GET segments/{id}/loadfactor) with the planned set's form for users who may change the flight.

const LoadFactorChart = lazy(() => import("./load-factor-chart"));

/** True after hydration: the chart is drawn only where it can be (a browser with JS), never on the server. */
function useInBrowser() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready;
}

const ROWS = ["max", "booked", "estimated", "allotment", "available"] as const;

/** Negative availability (the flight is over capacity) is drawn in red; every other figure in the text colour. */
const alarm = (row: (typeof ROWS)[number], value: number | null | undefined) => (row === "available" && (value ?? 0) < 0 ? "red" : undefined);

export function LoadFactorTab({
  capacity,
  loadFactor,
  canWrite,
  plannedResult,
}: {
  capacity: { data: SegmentCapacity | null; error: ErrorCode | null };
  loadFactor: { data: SegmentLoadFactor | null; error: ErrorCode | null };
  canWrite: boolean;
  plannedResult?: SubmissionResult<string[]> | null;
}) {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  const fmt = useSegmentValueFormat({});
  const inBrowser = useInBrowser();
  const kg = (v: number | null | undefined) => f.unit(v ?? null, "kilogram");
  const m3 = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${f.number(v, { maximumFractionDigits: 3 })} m³`);
  const pct = (v: number | null | undefined) => f.unit(v ?? null, "percent");
  const c = capacity.data;
  const planned = loadFactor.data?.planned;

  return (
    <Stack gap="md" data-testid="load-factor-tab">
      {c ? (
        <>
          <Group gap="xs">
            <Badge color={c.capacity_available ? "teal" : "red"} variant="light" data-testid="capacity-available">
              {c.capacity_available ? t("capacity.hasSpace") : t("capacity.noSpace")}
            </Badge>
            <Badge color={c.load_factor_overflow ? "red" : "gray"} variant="light" data-testid="load-factor-overflow">
              {c.load_factor_overflow ? t("capacity.overflow") : t("capacity.noOverflow")}
            </Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <Table data-testid="capacity-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th />
                  <Table.Th>{t("capacity.weight")}</Table.Th>
                  <Table.Th>{t("capacity.volume")}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROWS.map((row) => (
                  <Table.Tr key={row} data-testid={`capacity-${row}`}>
                    <Table.Th scope="row">{t(`capacity.${row}`)}</Table.Th>
                    <Table.Td c={alarm(row, c[`${row}_weight`])}>{kg(c[`${row}_weight`])}</Table.Td>
                    <Table.Td c={alarm(row, c[`${row}_volume`])}>{m3(c[`${row}_volume`])}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr data-testid="capacity-load-factor">
                  <Table.Th scope="row">{t("capacity.loadFactor")}</Table.Th>
                  <Table.Td>{pct(c.load_factor.weight)}</Table.Td>
                  <Table.Td>{pct(c.load_factor.volume)}</Table.Td>
                </Table.Tr>
                <Table.Tr data-testid="capacity-overall">
                  <Table.Th scope="row">{t("capacity.overall")}</Table.Th>
                  <Table.Td colSpan={2}>{pct(c.load_factor.overall)}</Table.Td>
                </Table.Tr>
                <Table.Tr data-testid="capacity-overflow-allowance">
                  <Table.Th scope="row">{t("capacity.overflowAllowance")}</Table.Th>
                  <Table.Td>{kg(c.overflow_allowance_weight)}</Table.Td>
                  <Table.Td>{m3(c.overflow_allowance_volume)}</Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
            {c.max_weight + c.max_volume > 0 ? (
              // the chart repeats the table for the eye; screen readers read the table
              <div aria-hidden="true" data-testid="load-factor-chart-slot">
                {inBrowser ? (
                  <Suspense fallback={null}>
                    <LoadFactorChart capacity={c} />
                  </Suspense>
                ) : null}
              </div>
            ) : (
              <Text c="dimmed" size="sm">
                {t("capacity.noAircraftCapacity")}
              </Text>
            )}
          </SimpleGrid>
        </>
      ) : (
        <FlightPageTabError code={capacity.error} what={t("capacity.title")} />
      )}

      <Fieldset legend={t("sets.title")}>
        {loadFactor.data ? (
          // six columns do not fit a phone: the table scrolls inside its box, the page does not
          <Table.ScrollContainer minWidth={560}>
          <Table data-testid="load-factor-sets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("sets.kind")}</Table.Th>
                <Table.Th>{t("sets.weight")}</Table.Th>
                <Table.Th>{t("sets.volume")}</Table.Th>
                <Table.Th>{t("sets.pax")}</Table.Th>
                <Table.Th>{t("sets.payload")}</Table.Th>
                <Table.Th>{t("sets.updated")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {LOAD_FACTOR_KINDS.map((kind) => {
                const set = loadFactor.data![kind];
                return (
                  <Table.Tr key={kind} data-testid={`set-${kind}`}>
                    <Table.Th scope="row">{t(`sets.kinds.${kind}`)}</Table.Th>
                    <Table.Td>{kg(set?.weight)}</Table.Td>
                    <Table.Td>{m3(set?.volume)}</Table.Td>
                    <Table.Td>{f.number(set?.pax ?? null)}</Table.Td>
                    <Table.Td>{kg(set?.payload)}</Table.Td>
                    <Table.Td>{set ? fmt.instant(set.updated_at) : t("sets.none")}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
          </Table.ScrollContainer>
        ) : (
          <FlightPageTabError code={loadFactor.error} what={t("sets.title")} />
        )}
        {canWrite && loadFactor.data ? (
          <Stack gap="xs" mt="md">
            <Text fw={500} size="sm">
              {t("sets.plannedForm")}
            </Text>
            <LoadFactorPlannedForm
              lastResult={plannedResult}
              defaultValue={{
                weight: planned?.weight?.toString() ?? "",
                volume: planned?.volume?.toString() ?? "",
                pax: planned?.pax?.toString() ?? "",
                payload: planned?.payload?.toString() ?? "",
              }}
            />
          </Stack>
        ) : null}
      </Fieldset>
    </Stack>
  );
}
