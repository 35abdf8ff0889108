import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/settings/format";

export interface FlightListSummaryData {
  segments_count?: number | null;
  total_weight?: number | null;
  total_volume?: number | null;
  loadfactor?: number | null;
}

/** The list's `meta.summary` over every matching flight, not only this page (spec 2 "Segment schedule row"). */
export function FlightListSummary({ summary }: { summary: FlightListSummaryData }) {
  const { t } = useTranslation("flights");
  const f = useFormat();
  const items = [
    { key: "segments_count", value: f.number(summary.segments_count ?? 0) },
    { key: "total_weight", value: f.unit(summary.total_weight ?? 0, "kilogram") },
    { key: "total_volume", value: `${f.number(summary.total_volume ?? 0, { maximumFractionDigits: 3 })} m³` },
    { key: "loadfactor", value: summary.loadfactor === null || summary.loadfactor === undefined ? "—" : f.unit(summary.loadfactor, "percent") },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" data-testid="flights-summary">
      {items.map((item) => (
        <Paper key={item.key} withBorder p="sm" radius="md">
          <Text size="xs" c="dimmed">
            {t(`summary.${item.key}`)}
          </Text>
          <Text fw={600} data-testid={`summary-${item.key}`}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
