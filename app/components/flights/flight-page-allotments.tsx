import { Badge } from "~/components/plain/badge";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { useFormat } from "~/components/settings/format";
import type { Allotment } from "~/lib/upstream/allotments.server";
import { FlightPageListTab, type FlightListTabData } from "./flight-page-list-tab";

/** An allotment with its state now: released once its time limit before STD has passed (0 = held to departure). */
export type AllotmentRow = Allotment & { released: boolean };

/** The Allotments tab: space held on this segment for forwarders (spec 2 "Allotment"). */
export function FlightPageAllotments(data: FlightListTabData<AllotmentRow>) {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  const m3 = (v: number) => `${f.number(v, { maximumFractionDigits: 3 })} m³`;
  const columns: Column<AllotmentRow>[] = [
    { key: "forwarder", header: t("allotments.forwarder"), render: (r) => r.forwarder_short_name },
    { key: "type", header: t("allotments.type"), render: (r) => (r.postal ? `${r.type} · ${t("allotments.postal")}` : r.type) },
    { key: "weight", header: t("allotments.weight"), render: (r) => f.unit(r.weight, "kilogram") },
    { key: "volume", header: t("allotments.volume"), render: (r) => m3(r.volume) },
    { key: "used", header: t("allotments.used"), render: (r) => `${f.unit(r.used_weight, "kilogram")} · ${m3(r.used_volume)}` },
    {
      key: "timelimit",
      header: t("allotments.timelimit"),
      render: (r) => (r.timelimit_to_std > 0 ? t("allotments.hours", { count: r.timelimit_to_std }) : t("allotments.fullBlock")),
    },
    {
      key: "state",
      header: t("allotments.state"),
      render: (r) => (
        <Badge color={r.released ? "gray" : "teal"} variant="light" data-testid={`allotment-state-${r.id}`}>
          {r.released ? t("allotments.released") : t("allotments.held")}
        </Badge>
      ),
    },
    { key: "valid", header: t("allotments.validUntil"), render: (r) => f.date(r.valid_until) },
  ];
  return (
    <FlightPageListTab
      {...data}
      name="allotments"
      what={t("tabs.allotments")}
      columns={columns}
      empty={t("allotments.empty")}
      add={{ label: t("allotments.add"), testId: "add-allotment" }}
    />
  );
}
