import { Alert } from "~/lib/mantine/Alert";
import { Badge } from "~/components/plain/badge";
import { Card } from "~/lib/mantine/Card";
import { List } from "~/lib/mantine/List";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { translateBookingReason } from "~/lib/bookings/booking-reasons";
import type { AirWaybill, AwbChangeLog, Movement, Party } from "~/lib/upstream/air-waybills.server";
import type { Booking } from "~/lib/upstream/bookings.server";
import type { ErrorCode } from "~/lib/upstream/errors";
import { useFlightTime } from "~/components/flights/flight-time";
import { GoodsItemsTable, GoodsUploadForm } from "./goods-items";
import { ChangeLogSection } from "./change-log-section";
import { MovementRows } from "./movement-rows";

// The sections of the shipment page: parties, accounting information, goods (HS codes, SHCs, commodity, dimensions),
// the chargeable calculation, bookings with statuses and reasons, movements, warnings and the change log.

/** A card of the shipment page. `failure`: the section's data could not be loaded, said first (`<testId>-failed`). */
export function Section({ title, children, testId, id, failure }: { title: ReactNode; children: ReactNode; testId: string; id?: string; failure?: string | null }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId} id={id}>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {failure ? (
          <Alert color="yellow" data-testid={`${testId}-failed`}>
            {failure}
          </Alert>
        ) : null}
        {children}
      </Stack>
    </Card>
  );
}

function Value({ label, value, testId }: { label: ReactNode; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={0} data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {value === null || value === undefined || value === "" ? "—" : value}
      </Text>
    </Stack>
  );
}

/** A table that scrolls sideways inside its card on a narrow screen (390 px). */
export function Rows({ head, rows, empty, testId }: { head: string[]; rows: ReactNode[][]; empty: string; testId: string }) {
  if (!rows.length)
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {empty}
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={520}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {head.map((h) => (
              <Table.Th key={h}>{h}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((cells, i) => (
            <Table.Tr key={i}>
              {cells.map((c, j) => (
                <Table.Td key={j}>{c}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function PartyBlock({ role, party }: { role: string; party: Party | null }) {
  const { t } = useTranslation("awb");
  const place = party ? [party.post_code, party.city, party.state, party.country_code].filter(Boolean).join(", ") : "";
  const contacts = party?.contacts.map((c) => c.value).join(", ");
  return (
    <Stack gap={2} data-testid={`shipment-${role}`}>
      <Text size="sm" fw={500}>
        {t(`sections.${role}`)}
      </Text>
      {party?.name ? (
        <>
          <Text size="sm">{party.name}</Text>
          {party.address ? <Text size="sm">{party.address}</Text> : null}
          {place ? <Text size="sm">{place}</Text> : null}
          {contacts ? <Text size="sm">{contacts}</Text> : null}
          {party.tax_id ? <Text size="sm">{t("parties.taxIdShort", { id: party.tax_id })}</Text> : null}
        </>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      )}
    </Stack>
  );
}

/** Booking response status text: KK confirmed, NN requested, LL waitlisted, UU unable, XX cancelled. */
export function useBookingStatus() {
  const { t, i18n } = useTranslation("awb");
  return (code: string) => (i18n.exists(`awb:bookingStatuses.${code}`) ? `${t(`bookingStatuses.${code}`)} (${code})` : code);
}

const STATUS_COLOR: Record<string, string> = { KK: "green", NN: "blue", LL: "yellow", UU: "red", XX: "gray" };

export function BookingStatusBadge({ booking }: { booking: Pick<Booking, "response_status"> }) {
  const status = useBookingStatus();
  return (
    <Badge color={STATUS_COLOR[booking.response_status] ?? "gray"} variant="light" data-testid={`booking-status-${booking.response_status}`}>
      {status(booking.response_status)}
    </Badge>
  );
}

export function ShipmentSections({
  awb,
  movements,
  changeLog,
}: {
  awb: AirWaybill;
  movements: { rows: Movement[] | null; error: ErrorCode | null };
  changeLog: { rows: AwbChangeLog[] | null; error: ErrorCode | null };
}) {
  const { t, i18n } = useTranslation(["awb", "errors"]);
  const warning = (code: string) => (i18n.exists(`awb:warnings.${code}`) ? t(`awb:warnings.${code}`) : code);
  const calc = awb.chargeable_calculation;
  const none = (v: number | null | undefined, unit: string) => (v === null || v === undefined ? "—" : `${v} ${unit}`);
  const kg = t("awb:units.kg");
  const m3 = t("awb:units.m3");
  const failed = (code: ErrorCode | null) => t(`errors:${code ?? "Undefined"}`);
  return (
    <Stack gap="md">
      <Section title={t("awb:sections.parties")} testId="shipment-parties">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <PartyBlock role="shipper" party={awb.shipper} />
          <PartyBlock role="consignee" party={awb.consignee} />
          <PartyBlock role="notify" party={awb.notify} />
        </SimpleGrid>
      </Section>

      <Section title={t("awb:sections.goods")} testId="shipment-goods" id="goods">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Value label={t("awb:fields.commodity")} value={awb.commodity} testId="value-commodity" />
          <Value label={t("awb:fields.hs_codes")} value={awb.hs_codes.join(", ")} testId="value-hs-codes" />
          <Value label={t("awb:fields.shcs")} value={awb.shcs.join(", ")} testId="value-shcs" />
          <Value label={t("awb:fields.product_code")} value={awb.product_code} />
          <Value label={t("awb:fields.pieces")} value={awb.pieces} />
          <Value label={t("awb:fields.weight")} value={none(awb.weight, kg)} />
          <Value label={t("awb:fields.volume")} value={none(awb.volume, m3)} />
          <Value label={t("awb:fields.postal_number")} value={awb.postal ? awb.postal_number : null} />
        </SimpleGrid>
        <Rows
          testId="shipment-dimensions"
          head={[t("awb:fields.rowPieces"), t("awb:fields.length"), t("awb:fields.width"), t("awb:fields.height"), t("awb:fields.rowWeight"), t("awb:fields.volume")]}
          rows={awb.dimensions.map((d) => [d.pieces, d.length, d.width, d.height, d.weight ?? "—", d.volume ?? "—"])}
          empty={t("awb:detail.noDimensions")}
        />
        <Title order={3} size="h5">
          {t("awb:goodsItems.title")}
        </Title>
        <GoodsItemsTable items={awb.goods_items} />
        {awb.actions.edit ? <GoodsUploadForm mawb={awb.mawb} refusal={null} /> : null}
      </Section>

      <Section title={t("awb:sections.chargeable")} testId="shipment-chargeable">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Value label={t("awb:figures.gross")} value={none(calc?.gross_weight, kg)} />
          <Value label={t("awb:figures.volumeWeight")} value={none(calc?.volume_weight, kg)} />
          <Value label={t("awb:figures.minimum")} value={none(calc?.min_chargeable, kg)} />
          <Value
            label={t("awb:figures.chargeable")}
            value={calc ? `${none(calc.chargeable_weight, kg)} · ${calc.basis && i18n.exists(`awb:figures.basis.${calc.basis}`) ? t(`awb:figures.basis.${calc.basis}`) : (calc.basis ?? "")}` : null}
            testId="value-chargeable"
          />
        </SimpleGrid>
      </Section>

      <Section title={t("awb:sections.accounting")} testId="shipment-accounting">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Value label={t("awb:fields.accounting_information")} value={awb.accounting_information} testId="value-accounting" />
          <Value label={t("awb:fields.handling_information")} value={awb.handling_information} />
        </SimpleGrid>
      </Section>

      <Section title={t("awb:sections.bookings")} testId="shipment-bookings">
        <BookingRows bookings={awb.bookings} />
      </Section>

      <Section title={t("awb:sections.movements")} testId="shipment-movements" id="movements">
        {movements.rows ? (
          <MovementRows mawb={awb.mawb} movements={movements.rows} />
        ) : (
          <Text size="sm" c="red">
            {failed(movements.error)}
          </Text>
        )}
      </Section>

      <Section title={t("awb:sections.warnings")} testId="shipment-warnings">
        {awb.warnings.length ? (
          <List size="sm">
            {awb.warnings.map((code) => (
              <List.Item key={code} data-testid={`shipment-warning-${code}`}>
                {warning(code)}
              </List.Item>
            ))}
          </List>
        ) : (
          <Text size="sm" c="dimmed">
            {t("awb:detail.noWarnings")}
          </Text>
        )}
      </Section>

      <ChangeLogSection changeLog={changeLog} timeZone={awb.origin_time_zone} />
    </Stack>
  );
}

export function BookingRows({ bookings, actions }: { bookings: Booking[]; actions?: (b: Booking) => ReactNode }) {
  const { t } = useTranslation(["awb", "shipments"]);
  const ft = useFlightTime();
  // the PLACI column once a flight's PLACI covered a booking (customs' status and comment, spec 2 "Booking")
  const placi = bookings.some((b) => b.placi_status || b.placi_comment);
  const head = [t("bookings.flight"), t("bookings.route"), t("bookings.departure"), t("bookings.cargo"), t("bookings.status"), t("bookings.reason"), ...(placi ? [t("bookings.placi")] : [])];
  return (
    <Rows
      testId="bookings-table"
      head={actions ? [...head, ""] : head}
      rows={bookings.map((b) => {
        const cells: ReactNode[] = [
          b.number_with_date,
          `${b.origin_iata} → ${b.destination_iata}`,
          ft.dateTime(b.std, b.std_local),
          `${b.pieces} / ${b.weight} ${t("units.kg")}`,
          <BookingStatusBadge key="s" booking={b} />,
          translateBookingReason(t, b.response_reason) ?? (b.active || b.response_status === "XX" ? "—" : t("bookings.inactive")),
          ...(placi ? [[b.placi_status ? t(`bookings.placiStatuses.${b.placi_status}`, { defaultValue: b.placi_status }) : "", b.placi_comment].filter(Boolean).join(": ") || "—"] : []),
        ];
        return actions ? [...cells, actions(b)] : cells;
      })}
      empty={t("detail.noBookings")}
    />
  );
}
