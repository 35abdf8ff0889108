import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { useFormat } from "~/components/settings/format";
import type { Segment } from "~/lib/upstream/segments.server";
import { useFlightTime } from "./flight-time";

/** The state flags an airline desk scans a flight list for, in the order of urgency. */
const STATE_BADGES = [
  { key: "canceled", color: "red", on: (s: Segment) => s.canceled },
  { key: "locked", color: "orange", on: (s: Segment) => s.locked },
  { key: "sales_closed", color: "yellow", on: (s: Segment) => s.sales_closed },
  { key: "charter", color: "grape", on: (s: Segment) => s.charter },
  { key: "aci", color: "blue", on: (s: Segment) => s.aci_required },
] as const;

interface Props {
  rows: Segment[];
  /** The action_required tab adds the reasons a flight needs attention. */
  showAttention: boolean;
  /** The ACI tab adds when each flight's last ACI was filed (or that it has none yet). */
  showAci?: boolean;
  /** Links only for users whose role may open the flight page / the aircraft capacity page. */
  canOpenFlight: boolean;
  canOpenAircraft: boolean;
  empty: string;
  /** The list's paging, for the pager below the table (none while the filters are invalid). */
  meta?: ListMeta;
}

export function FlightListTable({ rows, showAttention, showAci = false, canOpenFlight, canOpenAircraft, empty, meta }: Props) {
  const { t } = useTranslation("flights");
  const f = useFormat();
  const ft = useFlightTime();
  const zone = t(`timeMode.${ft.mode}`);
  const load = (weight: number, volume: number) => (
    <Stack gap={0}>
      <Text size="sm">{f.unit(weight, "kilogram")}</Text>
      <Text size="xs" c="dimmed">
        {f.number(volume, { maximumFractionDigits: 3 })} m³
      </Text>
    </Stack>
  );
  const columns: Column<Segment>[] = [
    {
      key: "flight",
      header: t("columns.flight"),
      render: (s) =>
        canOpenFlight ? (
          <Anchor component={Link} to={`/dashboard/flights/${s.id}`} size="sm" fw={600} data-testid={`flight-link-${s.id}`}>
            {s.number_with_date}
          </Anchor>
        ) : (
          <Text size="sm" fw={600}>
            {s.number_with_date}
          </Text>
        ),
    },
    { key: "date", header: t("columns.date"), render: (s) => f.date(s.flight_date) },
    { key: "route", header: t("columns.route"), render: (s) => `${s.origin_iata} → ${s.destination_iata}` },
    {
      key: "std",
      header: `${t("columns.std")} (${zone})`,
      render: (s) => (
        <span title={ft.dateTime(s.std, s.std_local)} data-testid="std">
          {ft.time(s.std, s.std_local, s.flight_date)}
        </span>
      ),
    },
    {
      key: "sta",
      header: `${t("columns.sta")} (${zone})`,
      // "+1": the arrival falls on a later day than the departure, each on its own clock
      render: (s) => (
        <span title={ft.dateTime(s.sta, s.sta_local)} data-testid="sta">
          {ft.time(s.sta, s.sta_local, ft.isoDate(s.std, s.std_local))}
        </span>
      ),
    },
    {
      key: "aircraft",
      header: t("columns.aircraft"),
      render: (s) => (
        <Stack gap={0}>
          {s.aircraft_type && canOpenAircraft ? (
            <Anchor component={Link} to={`/dashboard/aircrafts/${encodeURIComponent(s.aircraft_type)}`} size="sm">
              {s.aircraft_type}
            </Anchor>
          ) : (
            <Text size="sm">{s.aircraft_type ?? "—"}</Text>
          )}
          {s.aircraft_reg ? (
            <Text size="xs" c="dimmed">
              {s.aircraft_reg}
            </Text>
          ) : null}
        </Stack>
      ),
    },
    { key: "booked", header: t("columns.booked"), render: (s) => load(s.booked_weight, s.booked_volume) },
    { key: "estimated", header: t("columns.estimated"), render: (s) => load(s.estimated_weight, s.estimated_volume) },
    {
      key: "state",
      header: t("columns.state"),
      render: (s) => (
        <Group gap={4} data-testid="states">
          {STATE_BADGES.filter((b) => b.on(s)).map((b) => (
            <Badge key={b.key} color={b.color} variant="light" size="sm">
              {t(`states.${b.key}`)}
            </Badge>
          ))}
        </Group>
      ),
    },
    ...(showAttention
      ? [
          {
            key: "attention",
            header: t("columns.attention"),
            render: (s: Segment) => (
              <Stack gap={2} data-testid="attention">
                {s.attention.map((code) => (
                  <Badge key={code} color="red" variant="outline" size="sm">
                    {/* a reason this page does not know yet still shows, as its code */}
                    {t(`attention.${code}`, { defaultValue: code })}
                  </Badge>
                ))}
              </Stack>
            ),
          },
        ]
      : []),
    ...(showAci
      ? [
          {
            key: "aci_sent",
            header: t("columns.aciSent"),
            render: (s: Segment) =>
              s.aci_sent_at ? (
                <span data-testid="aci-sent">{ft.dateTime(s.aci_sent_at, null)}</span>
              ) : (
                <Badge color="orange" variant="light" size="sm" data-testid="aci-not-sent">
                  {t("aciNotSent")}
                </Badge>
              ),
          },
        ]
      : []),
  ];
  // one remembered layout per tab: the action_required and ACI tabs have a column of their own
  return <DataTable id={showAttention ? "flights-attention" : showAci ? "flights-aci" : "flights"} columns={columns} rows={rows} rowKey={(s) => s.id} empty={empty} testId="flights-table" meta={meta} />;
}
