import { Badge } from "~/components/plain/badge";
import { Checkbox } from "~/lib/mantine/Checkbox";
import { Group } from "~/components/plain/group";
import { List } from "~/lib/mantine/List";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Textarea } from "~/lib/mantine/Textarea";
import { Title } from "~/components/plain/title";
import { useTranslation } from "react-i18next";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { FlightRow } from "~/lib/upstream/handling.server";
import { FlightPageTabError } from "./flight-page-tab-error";
import { FieldErrors, FormErrors, HandlingForm, HandlingSubmit, useFigures, useHandlingFeedback, useMawbColumn } from "./handling-parts";

// The Shipments tab (spec 1 §2): the waybills booked on the flight, with the booking's status and figures beside what
// was received and what is on the manifest; the airline's desk books several waybills on the flight at once
// (POST segments/{id}/bookings, one number a line or separated by spaces or commas).

export type FlightRowList = { data: FlightRow[]; meta: ListMeta };

/** Columns every flight-row table starts with: the waybill (a link to its shipment page), route, forwarder, goods. */
export function useFlightRowColumns(): Column<FlightRow>[] {
  const { t } = useTranslation("handling");
  return [
    useMawbColumn<FlightRow>(),
    { key: "route", header: t("columns.route"), render: (r) => `${r.origin_iata}–${r.destination_iata}` },
    { key: "forwarder", header: t("columns.forwarder"), render: (r) => r.forwarder_short_name ?? "—" },
    { key: "goods", header: t("columns.goods"), render: (r) => [r.commodity, r.shcs.join(" ")].filter(Boolean).join(" · ") },
  ];
}

export function StatusBadge({ code }: { code: string | null | undefined }) {
  const { t } = useTranslation("handling");
  if (!code) return <Text c="dimmed">—</Text>;
  return (
    <Badge variant="light" data-testid="status-badge" title={t(`codes.${code}`)}>
      {code}
    </Badge>
  );
}

function BookManyForm() {
  const { t } = useTranslation("handling");
  const feedback = useHandlingFeedback("book_many", "book_many");
  return (
    <Stack gap="xs" data-testid="book-many">
      <Title order={5}>{t("bookMany.title")}</Title>
      <HandlingForm tab="shipments">
        <Stack gap={4} style={{ flex: 1, minWidth: 260 }}>
          <Textarea name="mawb_list" label={t("bookMany.numbers")} description={t("bookMany.hint")} autosize minRows={2} maxRows={6} defaultValue={feedback?.values.mawb_list ?? ""} data-testid="book-many-numbers" />
          <FieldErrors feedback={feedback} field="mawb_list" />
          <Checkbox name="consignor_certified" label={t("bookMany.certification")} defaultChecked={feedback?.values.consignor_certified === "on"} data-testid="book-many-certified" />
          <FieldErrors feedback={feedback} field="consignor_certified" />
          <FormErrors feedback={feedback} />
          <Group>
            <HandlingSubmit intent="book_many" label={t("bookMany.submit")} variant="filled" testId="book-many-submit" />
          </Group>
        </Stack>
      </HandlingForm>
      {feedback?.results ? <BookManyResults results={feedback.results} /> : null}
    </Stack>
  );
}

function BookManyResults({ results }: { results: NonNullable<ReturnType<typeof useHandlingFeedback>>["results"] & object }) {
  const { t } = useTranslation(["handling", "errors"]);
  return (
    <List size="sm" data-testid="book-many-results">
      {results.map((r) => (
        <List.Item key={r.mawb} data-testid={`book-result-${r.mawb}`}>
          {r.mawb}: {r.booked ? t("bookMany.booked") : t(r.error ?? "handling:errors.refused")}
        </List.Item>
      ))}
    </List>
  );
}

export function HandlingShipmentsTab({ list, error, canAct }: { list: FlightRowList | null; error: ErrorCode | null; canAct: boolean }) {
  const { t } = useTranslation("handling");
  const figures = useFigures();
  const columns: Column<FlightRow>[] = [
    ...useFlightRowColumns(),
    { key: "booking", header: t("columns.booking"), render: (r) => (r.booking ? <Badge variant="outline">{r.booking.response_status}</Badge> : t("columns.noBooking")) },
    { key: "booked", header: t("columns.booked"), render: (r) => figures(r.booking) },
    { key: "received", header: t("columns.received"), render: (r) => figures(r.received) },
    { key: "manifested", header: t("columns.manifested"), render: (r) => figures(r.manifested) },
    { key: "status", header: t("columns.status"), render: (r) => <StatusBadge code={r.last_movement?.status_code} /> },
  ];
  return (
    <Stack gap="md" data-testid="shipments-tab">
      {canAct ? <BookManyForm /> : null}
      {list ? (
        <DataTable id="flight-shipments" columns={columns} rows={list.data} rowKey={(r) => r.mawb} empty={t("empty.shipments")} testId="shipments-table" meta={list.meta} />
      ) : (
        <FlightPageTabError code={error} what={t("what.shipments")} />
      )}
    </Stack>
  );
}
