import { Text } from "~/components/plain/text";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { translateBookingReason } from "~/lib/bookings/booking-reasons";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { useFormat } from "~/components/settings/format";
import { BookingStatusBadge } from "~/components/shipments/booking-badges";
import { AwbLink } from "~/components/shipments/awb-link";
import { listHref } from "~/lib/forms/list-url";
import { BookingRowActions } from "./booking-row-actions";

/** A bookings list row as the loader sends it: the booking and what this user may do with it. */
export interface BookingListRow {
  id: number;
  mawb: string;
  number_with_date: string;
  origin_iata: string | null;
  destination_iata: string | null;
  pieces: number | null;
  weight: number | null;
  volume: number | null;
  shcs: string[];
  forwarder_short_name: string | null;
  response_status: string;
  response_reason: string | null;
  canAnswer: boolean;
  canCancel: boolean;
}

/** The bookings page's list (spec 1 §6 "Bookings"): each booking with its status and the row's actions. */
export function BookingsTable({ rows, meta, canOpen }: { rows: BookingListRow[]; meta?: ListMeta; canOpen: boolean }) {
  const { t } = useTranslation("shipments");
  const f = useFormat();
  const location = useLocation();
  const n = (v: number | null, digits = 2) => f.number(v, { maximumFractionDigits: digits });
  const columns: Column<BookingListRow>[] = [
    { key: "awb", header: t("bookings.columns.awb"), render: (b) => <AwbLink mawb={b.mawb} canOpen={canOpen} /> },
    { key: "flight", header: t("bookings.columns.flight"), render: (b) => <Text size="sm" style={{ whiteSpace: "nowrap" }}>{b.number_with_date}</Text> },
    { key: "route", header: t("bookings.columns.route"), render: (b) => `${b.origin_iata ?? "—"} → ${b.destination_iata ?? "—"}` },
    {
      key: "figures",
      header: t("bookings.columns.figures"),
      render: (b) => (
        <Text size="sm" style={{ whiteSpace: "nowrap" }}>
          {n(b.pieces, 0)} / {n(b.weight)} / {n(b.volume, 3)}
        </Text>
      ),
    },
    { key: "shc", header: t("bookings.columns.shc"), render: (b) => (b.shcs.length ? b.shcs.join(", ") : "—") },
    { key: "forwarder", header: t("bookings.columns.forwarder"), render: (b) => b.forwarder_short_name ?? "—" },
    {
      key: "status",
      header: t("bookings.columns.status"),
      render: (b) => (
        <span data-testid={`booking-status-${b.id}`}>
          <BookingStatusBadge status={b.response_status} /> <Text span size="xs">{t(`bookingStatuses.${b.response_status}`, { defaultValue: "" })}</Text>
        </span>
      ),
    },
    { key: "reason", header: t("bookings.columns.reason"), render: (b) => <Text size="xs">{translateBookingReason(t, b.response_reason) ?? "—"}</Text> },
    {
      key: "actions",
      header: t("bookings.columns.actions"),
      render: (b) => (
        <BookingRowActions id={b.id} canAnswer={b.canAnswer} canCancel={b.canCancel} answerHref={listHref(location.pathname, location.search, { answer: String(b.id) })} />
      ),
    },
  ];
  return <DataTable id="bookings" columns={columns} rows={rows} rowKey={(b) => b.id} empty={t("bookings.empty")} testId="bookings-table" meta={meta} />;
}
