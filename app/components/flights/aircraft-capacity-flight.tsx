import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Segment } from "~/lib/upstream/segments.server";
import { useFlightTime } from "./flight-time";

/**
 * One line that says which flight a page is about: number with date (a link to the flight), route, STD and STA
 * in the user's local/UTC choice, aircraft, and the flags that stop bookings. Used by the pages reached from a
 * flight (its aircraft capacity, a new booking rule for it).
 */
export function FlightHeadline({ segment }: { segment: Segment }) {
  const { t } = useTranslation("capacities");
  const time = useFlightTime();
  const departureDate = time.isoDate(segment.std, segment.std_local);
  return (
    <Paper withBorder p="sm" radius="md" data-testid="flight-headline">
      <Group gap="md" wrap="wrap">
        <Anchor component={Link} to={`/dashboard/flights/${segment.id}`} fw={700}>
          {segment.number_with_date}
        </Anchor>
        <Text fw={600}>
          {segment.origin_iata} → {segment.destination_iata}
        </Text>
        <Text size="sm">
          {t("flight.std")} {time.dateTime(segment.std, segment.std_local)}
        </Text>
        <Text size="sm">
          {t("flight.sta")} {time.time(segment.sta, segment.sta_local, departureDate)}
        </Text>
        <Text size="sm">
          {t("flight.aircraft")} {segment.aircraft_type ?? "—"}
          {segment.aircraft_reg ? ` · ${segment.aircraft_reg}` : ""}
        </Text>
        {segment.canceled ? <Badge color="red">{t("flight.canceled")}</Badge> : null}
        {segment.locked ? <Badge color="orange">{t("flight.locked")}</Badge> : null}
        {segment.sales_closed ? <Badge color="yellow">{t("flight.salesClosed")}</Badge> : null}
      </Group>
    </Paper>
  );
}
