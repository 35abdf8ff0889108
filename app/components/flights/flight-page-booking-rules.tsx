import { Button, Group, Stack } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data/data-table";
import { useFormat } from "~/components/settings/format";
import type { BookingRule } from "~/lib/upstream/booking-rules.server";
import type { ErrorCode } from "~/lib/upstream/errors";
import { FlightPageTabError } from "./flight-page-tab-error";

/** The Booking rules tab: which answer a booking request on this flight gets (spec 2 "Booking rule"). */
export function FlightPageBookingRules({
  rows,
  error,
  createHref,
}: {
  rows: BookingRule[] | null;
  error: ErrorCode | null;
  /** /dashboard/flights/:id/create-booking-rule, when the user may open it. */
  createHref: string | null;
}) {
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
    <Stack gap="md" data-testid="booking-rules-tab">
      {createHref ? (
        <Group justify="flex-end">
          <Button component={Link} to={createHref} data-testid="add-booking-rule">
            {t("bookingRules.add")}
          </Button>
        </Group>
      ) : null}
      {rows ? (
        <DataTable columns={columns} rows={rows} rowKey={(r) => r.id} empty={t("bookingRules.empty")} testId="booking-rules-table" />
      ) : (
        <FlightPageTabError code={error} what={t("tabs.booking_rules")} />
      )}
    </Stack>
  );
}
