import { Badge } from "~/lib/mantine/Badge";
import { Button } from "~/lib/mantine/Button";
import { Group } from "~/lib/mantine/Group";
import { Paper } from "~/lib/mantine/Paper";
import { Stack } from "~/lib/mantine/Stack";
import { Text } from "~/lib/mantine/Text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFlightTime } from "~/components/flights/flight-time";
import type { Trip } from "~/lib/upstream/air-waybills.server";

/** An option as the page draws it: the trip and where its "Book" leads (null: closed for booking). */
export interface TripOption {
  trip: Trip;
  bookHref: string | null;
}

const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The options of the search, earliest arrival first (the API's order): each with its legs, their times on the
 * airports' clocks (or UTC, as the user chose), the free space the airline has left on each leg, and "Book".
 */
export function TripOptions({ options, date }: { options: TripOption[]; date: string }) {
  const { t } = useTranslation("offers");
  const time = useFlightTime();
  if (!options.length) {
    return (
      <Text c="dimmed" data-testid="offers-empty">
        {t("results.none")}
      </Text>
    );
  }
  return (
    <Stack gap="sm" data-testid="offers-results">
      {options.map(({ trip, bookHref }) => {
        const closed = trip.locked || trip.sales_closed;
        return (
          <Paper key={trip.key} withBorder p="sm" radius="md" data-testid="offer-option" data-carrier={trip.carrier}>
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Text fw={600}>
                    {trip.route} · {trip.carrier}
                  </Text>
                  <Badge variant="light" color={trip.segments.length === 1 ? "teal" : "blue"}>
                    {trip.segments.length === 1 ? t("results.direct") : t("results.stops", { count: trip.segments.length - 1 })}
                  </Badge>
                  {trip.trip_minutes != null ? (
                    <Text size="sm" c="dimmed">
                      {t("results.duration", { time: hoursAndMinutes(Number(trip.trip_minutes)) })}
                    </Text>
                  ) : null}
                  {closed ? (
                    <Badge color="gray">{t("results.closed")}</Badge>
                  ) : !trip.available ? (
                    <Badge color="orange">{t("results.noSpace")}</Badge>
                  ) : null}
                </Group>
                {trip.segments.map((s) => (
                  <Text key={s.id} size="sm" data-testid="offer-leg">
                    {s.number_with_date} {s.origin_iata} {time.time(s.std, s.std_local, date)} → {s.destination_iata} {time.time(s.sta, s.sta_local, date)}
                    {s.available_weight !== null ? (
                      <Text span size="sm" c="dimmed">
                        {" · "}
                        {t("results.free", { weight: s.available_weight, volume: s.available_volume ?? "—" })}
                      </Text>
                    ) : null}
                  </Text>
                ))}
              </Stack>
              {bookHref ? (
                <Button component={Link} to={bookHref} data-testid="offer-book">
                  {t("results.book")}
                </Button>
              ) : null}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
