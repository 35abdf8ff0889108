import { Anchor } from "~/components/plain/anchor";
import { Fieldset } from "~/lib/mantine/Fieldset";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/settings/format";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { Segment, SegmentCapacity } from "~/lib/upstream/segments.server";
import { FLIGHT_TIMES } from "./flight-page-header";
import { FlightPageTabError } from "./flight-page-tab-error";
import { useSegmentValueFormat } from "./flight-page-values";
import { useFlightTime } from "./flight-time";
import { useSegmentEnumText } from "./segment-enum-text";

// The flight's times, capacity figures and legs first, then every field of the segment (spec 2 "Flight / segment"), grouped.

const GROUPS: ReadonlyArray<{ legend: string; fields: ReadonlyArray<keyof Segment> }> = [
  {
    legend: "identity",
    fields: ["id", "carrier", "number", "flight_date", "number_with_date", "segment_number", "flight_type", "segment_type", "code_shared", "schedule_id", "days_of_week"],
  },
  {
    legend: "route",
    fields: ["origin_iata", "destination_iata", "origin_country_code", "destination_country_code", "origin_time_zone", "destination_time_zone", "region"],
  },
  { legend: "schedule", fields: ["departure_time", "arrival_time", "time_mode"] },
  { legend: "aircraft", fields: ["aircraft_type", "aircraft_reg", "payload", "forbidden_shc"] },
  {
    legend: "state",
    fields: ["available", "locked", "sales_closed", "canceled", "charter", "aci_required", "response_status", "notation", "notes", "attention"],
  },
  { legend: "cargo", fields: ["booked_weight", "booked_volume", "estimated_weight", "estimated_volume"] },
  { legend: "record", fields: ["created_at", "updated_at"] },
];

/** `alarm`: a figure that is wrong for the flight (negative availability), in red. */
function Pair({ label, value, testId, alarm }: { label: string; value: string; testId?: string; alarm?: boolean }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" data-testid={testId} c={alarm ? "red" : undefined} fw={alarm ? 700 : undefined}>
        {value}
      </Text>
    </Stack>
  );
}

export function FlightPageSummary({
  segment,
  legs,
  capacity,
}: {
  segment: Segment;
  /** Every leg of the same flight (number_with_date), this one included. */
  legs: Segment[];
  capacity: { data: SegmentCapacity | null; error: ErrorCode | null };
}) {
  const { t } = useTranslation("flight-page");
  const ft = useFlightTime();
  const fmt = useSegmentValueFormat(segment);
  const enums = useSegmentEnumText();
  const f = useFormat();
  const kg = (v: number) => f.unit(v, "kilogram");
  const m3 = (v: number) => `${f.number(v, { maximumFractionDigits: 3 })} m³`;
  return (
    <Stack gap="md" data-testid="flight-summary">
      <Fieldset legend={t("summary.times")}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {FLIGHT_TIMES.map(({ key, local }) => (
            <Pair key={key} label={`${fmt.fieldName(key)} (${ft.mode === "utc" ? "UTC" : t("summary.local")})`} value={ft.dateTime(segment[key], segment[local])} testId={`summary-${key}`} />
          ))}
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend={t("summary.capacity")}>
        {capacity.data ? (
          <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="sm" data-testid="summary-capacity">
            <Pair label={t("capacity.max")} value={`${kg(capacity.data.max_weight)} · ${m3(capacity.data.max_volume)}`} />
            <Pair label={t("capacity.booked")} value={`${kg(capacity.data.booked_weight)} · ${m3(capacity.data.booked_volume)}`} />
            <Pair
              label={t("capacity.available")}
              value={`${kg(capacity.data.available_weight)} · ${m3(capacity.data.available_volume)}`} testId="summary-available"
              alarm={capacity.data.available_weight < 0 || capacity.data.available_volume < 0}
            />
            <Pair label={t("capacity.overall")} value={f.unit(capacity.data.load_factor.overall ?? null, "percent")} />
          </SimpleGrid>
        ) : (
          <FlightPageTabError code={capacity.error} what={t("tabs.loadfactor")} />
        )}
      </Fieldset>
      <Fieldset legend={t("summary.legs")}>
        <Table data-testid="flight-legs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{fmt.fieldName("segment_number")}</Table.Th>
              <Table.Th>{t("summary.legRoute")}</Table.Th>
              <Table.Th>{fmt.fieldName("std")}</Table.Th>
              <Table.Th>{fmt.fieldName("sta")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {legs.map((leg) => (
              <Table.Tr key={leg.id} data-current={leg.id === segment.id ? "true" : undefined}>
                <Table.Td>{leg.segment_number ?? "—"}</Table.Td>
                <Table.Td>
                  {leg.id === segment.id ? (
                    <Text span fw={700} size="sm">
                      {leg.origin_iata} → {leg.destination_iata}
                    </Text>
                  ) : (
                    <Anchor component={Link} to={`/dashboard/flights/${leg.id}`} size="sm" data-testid={`leg-${leg.id}`}>
                      {leg.origin_iata} → {leg.destination_iata}
                    </Anchor>
                  )}
                </Table.Td>
                <Table.Td>{ft.dateTime(leg.std, leg.std_local)}</Table.Td>
                <Table.Td>{ft.dateTime(leg.sta, leg.sta_local)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Fieldset>
      {GROUPS.map((group) => (
        <Fieldset key={group.legend} legend={t(`summary.${group.legend}`)}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
            {group.fields.map((field) => (
              <Pair
                key={field}
                label={fmt.fieldName(field)}
                value={
                  field === "created_at" || field === "updated_at"
                    ? fmt.instant(segment[field] as string | null)
                    : (enums.of(field, segment[field]) ?? fmt.value(field, segment[field]))
                }
                testId={`summary-${field}`}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      ))}
    </Stack>
  );
}
