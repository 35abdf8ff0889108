import { BarChart } from "@mantine/charts";
import { useTranslation } from "react-i18next";
import type { SegmentCapacity } from "~/lib/upstream/segments.server";
import { percentAxis } from "./load-factor-axis";

// The load factor as a stacked bar per dimension: booked, estimated, held allotment and free space, each as a
// share of the aircraft's cargo capacity. Loaded lazily in the browser only (recharts is large and draws
// nothing on the server anyway); every number it draws is also in the numbers table beside it.

const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

export default function LoadFactorChart({ capacity }: { capacity: SegmentCapacity }) {
  const { t } = useTranslation("flight-page");
  const row = (dimension: "weight" | "volume") => {
    const max = capacity[`max_${dimension}`];
    return {
      dimension: t(`capacity.${dimension}`),
      booked: percentOf(capacity[`booked_${dimension}`], max),
      estimated: percentOf(capacity[`estimated_${dimension}`], max),
      allotment: percentOf(capacity[`allotment_${dimension}`], max),
      available: percentOf(Math.max(capacity[`available_${dimension}`], 0), max),
    };
  };
  const data = [row("weight"), row("volume")];
  const axis = percentAxis(Math.max(...data.map((r) => r.booked + r.estimated + r.allotment + r.available)));
  return (
    <BarChart
      h={180}
      data={data}
      dataKey="dimension"
      type="stacked"
      orientation="vertical"
      yAxisProps={{ width: 90 }}
      // round percents on the axis; an overbooked flight stretches it past 100 to the next round value
      xAxisProps={{ domain: [0, axis.max], ticks: [...axis.ticks], tickFormatter: (v: number) => `${Math.round(v)} %` }}
      valueFormatter={(v) => `${v} %`}
      withLegend
      series={[
        { name: "booked", label: t("capacity.booked"), color: "blue.6" },
        { name: "estimated", label: t("capacity.estimated"), color: "cyan.5" },
        { name: "allotment", label: t("capacity.allotment"), color: "grape.5" },
        { name: "available", label: t("capacity.available"), color: "gray.3" },
      ]}
      data-testid="load-factor-chart"
    />
  );
}
