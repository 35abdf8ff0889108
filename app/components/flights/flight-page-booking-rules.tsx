import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { useFormat } from "~/components/settings/format";
import type { BookingRule } from "~/lib/upstream/booking-rules.server";
import { FlightPageListTab, type FlightListTabData } from "./flight-page-list-tab";

/** The Booking rules tab: which answer a booking request on this flight gets (spec 2 "Booking rule"). */
export function FlightPageBookingRules(data: FlightListTabData<BookingRule>) {
  const { t } = useTranslation("flight-page");
  const f = useFormat();
  /** "min – max"; an open end shows as "…". */
  const range = (min: number | null, max: number | null, show: (v: number) => string) =>
    min === null && max === null ? t("bookingRules.any") : `${min === null ? "…" : show(min)} – ${max === null ? "…" : show(max)}`;
  const columns: Column<BookingRule>[] = [
    { key: "od", header: t("bookingRules.od"), render: (r) => `${r.origin_iata} → ${r.destination_iata}` },
    { key: "status", header: t("bookingRules.responseStatus"), render: (r) => r.response_status },
    { key: "percent", header: t("bookingRules.percent"), render: (r) => range(r.min_percent, r.max_percent, (v) => f.unit(v, "percent")) },
    { key: "weight", header: t("bookingRules.weight"), render: (r) => range(r.min_weight, r.max_weight, (v) => f.unit(v, "kilogram")) },
    { key: "volume", header: t("bookingRules.volume"), render: (r) => range(r.min_volume, r.max_volume, (v) => `${f.number(v)} m³`) },
    { key: "shcs", header: t("bookingRules.shcs"), render: (r) => (r.shcs.length ? r.shcs.join(", ") : t("bookingRules.any")) },
    { key: "flight", header: t("bookingRules.flight"), render: (r) => r.flight_number_with_date ?? t("bookingRules.wholeRoute") },
  ];
  return (
    <FlightPageListTab
      {...data}
      name="booking-rules"
      what={t("tabs.booking_rules")}
      columns={columns}
      empty={t("bookingRules.empty")}
      add={{ label: t("bookingRules.add"), testId: "add-booking-rule" }}
    />
  );
}
