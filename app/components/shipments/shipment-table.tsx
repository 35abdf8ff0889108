import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { translateBookingReason } from "~/lib/bookings/booking-reasons";
import { DataTable, type Column, type ListMeta, type RowSelection } from "~/components/data/data-table";
import { useFormat } from "~/components/settings/format";
import type { Shipment } from "~/lib/upstream/air-waybill-list.server";
import { AwbLink } from "./awb-link";
import { BookingBadges } from "./booking-badges";
import { bookingSummaryOf, listState, shipmentReason } from "../../../cargo/awb/shipment-display";
import { DATE_FIELDS, type DateType } from "./shipment-list-query";


const STATE_COLORS: Record<string, string> = { voided: "gray", delivered: "teal", departed: "indigo", verified: "cyan", issued: "blue", created: "yellow" };
const BOOKING_STATUS_COLORS: Record<string, string> = { confirmed: "teal", requested: "blue", waitlisted: "yellow", unable: "red", cancelled: "gray", none: "gray" };

interface Props {
  rows: Shipment[];
  meta?: ListMeta;
  /** Row checkboxes posting `mawbs` with the charter form around the table (users allowed to mark charters). */
  selection?: RowSelection;
  /** The detail page exists in this build and the user may open it. */
  canOpen: boolean;
  /** Which date the Date column shows (the filters' date type). */
  dateType: DateType;
}

/** The shipments list (spec 2 "Shipment columns in list"), on the shared DataTable. */
export function ShipmentTable({ rows, meta, selection, canOpen, dateType }: Props) {
  const { t } = useTranslation("shipments");
  const f = useFormat();
  const n = (v: number | null, digits = 2) => f.number(v, { maximumFractionDigits: digits });
  const columns: Column<Shipment>[] = [
    // the date the filters are about: the one a user filtering on departures compares with the range
    {
      key: "date",
      header: t(`columns.dateOf.${dateType}`),
      sort: DATE_FIELDS[dateType],
      render: (s) => <span data-testid="awb-date">{f.date(s[DATE_FIELDS[dateType]])}</span>,
    },
    {
      key: "awb",
      header: t("columns.awb"),
      sort: "mawb",
      render: (s) => <AwbLink mawb={s.mawb} canOpen={canOpen} />,
    },
    { key: "origin", header: t("columns.origin"), sort: "origin_iata", render: (s) => s.origin_iata ?? "—" },
    { key: "destination", header: t("columns.destination"), sort: "destination_iata", render: (s) => s.destination_iata ?? "—" },
    {
      key: "status",
      header: t("columns.status"),
      render: (s) => {
        const state = listState(s);
        return (
          <Group gap={4} data-testid="awb-state">
            <Badge color={STATE_COLORS[state]} variant="light" size="sm">
              {t(`states.${state}`)}
            </Badge>
            {s.charter ? (
              <Badge color="grape" variant="outline" size="sm" data-testid="awb-charter">
                {t("states.charter")}
              </Badge>
            ) : null}
            {s.warnings.length ? (
              <Badge color="red" variant="outline" size="sm" title={s.warnings.map((w) => t(`warnings.${w}`, { defaultValue: w })).join("; ")}>
                {t("states.warning", { count: s.warnings.length })}
              </Badge>
            ) : null}
          </Group>
        );
      },
    },
    { key: "bookings", header: t("columns.bookings"), render: (s) => <BookingBadges legs={s.effective_bookings} /> },
    {
      key: "figures",
      header: t("columns.figures"),
      sort: "weight",
      render: (s) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {n(s.pieces, 0)} / {n(s.weight)} / {n(s.volume, 3)}
        </Text>
      ),
    },
    { key: "chargeable", header: t("columns.chargeable"), sort: "charge_weight", render: (s) => n(s.charge_weight) },
    { key: "product", header: t("columns.product"), render: (s) => s.product_type ?? "—" },
    { key: "shc", header: t("columns.shc"), render: (s) => (s.shcs.length ? s.shcs.join(", ") : "—") },
    { key: "commodity", header: t("columns.commodity"), render: (s) => s.commodity ?? "—" },
    { key: "postal", header: t("columns.postal"), render: (s) => s.postal_number ?? "—" },
    { key: "forwarder", header: t("columns.forwarder"), render: (s) => s.forwarder_short_name ?? "—" },
    {
      key: "bookingStatus",
      header: t("columns.bookingStatus"),
      render: (s) => {
        const summary = bookingSummaryOf(s.booking_status, s.effective_bookings);
        return summary ? (
          <Badge color={BOOKING_STATUS_COLORS[summary] ?? "gray"} variant="dot" size="sm" data-testid="awb-booking-status">
            {t(`bookingSummary.${summary}`, { defaultValue: summary })}
          </Badge>
        ) : (
          "—"
        );
      },
    },
    { key: "reason", header: t("columns.reason"), render: (s) => <Text size="xs">{translateBookingReason(t, shipmentReason(s)) ?? "—"}</Text> },
    { key: "payment", header: t("columns.payment"), render: (s) => (s.void_payment ? t(`payment.${s.void_payment}`, { defaultValue: s.void_payment }) : "—") },
    {
      key: "revenue",
      header: t("columns.revenue"),
      render: (s) => {
        if (s.revenue === null) return "—";
        return (
          <Stack gap={0}>
            <Text size="sm" style={{ whiteSpace: "nowrap" }}>
              {f.amount(s.revenue.amount, s.currency)}
            </Text>
            {s.revenue.provisional ? (
              <Text size="xs" c="dimmed">
                {t("provisional")}
              </Text>
            ) : null}
          </Stack>
        );
      },
    },
  ];
  return <DataTable id="shipments" columns={columns} rows={rows} rowKey={(s) => s.mawb} empty={t("empty")} testId="shipments-table" meta={meta} selection={selection} />;
}
