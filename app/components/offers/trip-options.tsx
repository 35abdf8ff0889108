import { Badge } from "~/components/plain/badge";
import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Paper } from "~/components/plain/paper";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFlightTime } from "~/components/flights/flight-time";
import type { Trip } from "~/lib/upstream/air-waybills.server";
import { formatAmountText } from "~/lib/i18n/amount-format";

/** An option as the page draws it: the trip, where its "Book" leads (null: closed for booking) and its price. */
export interface TripOption {
  trip: Trip;
  bookHref: string | null;
  /** The create offer page filled in from the option (the offer is priced by the same tariffs). */
  offerHref: string | null;
  /** The cost rounded to its currency's decimals (decimal text), or null when the trip has no price. */
  price: string | null;
  cheapest: boolean;
  fastest: boolean;
}

/** Why a trip has no price, in the reader's words: the engine's refusal codes and the search's own. */
function PriceReason({ trip }: { trip: Trip }) {
  const { t } = useTranslation("offers");
  const first = trip.price_refusals[0];
  if (!first) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="offer-no-price">
      {t([`price.reason.${first.code}`, "price.reason.other"], { ...(first.params ?? {}) })}
    </Text>
  );
}

const hoursAndMinutes = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;

/**
 * The options of the search, earliest arrival first (the API's order): each with its legs, their times on the
 * airports' clocks (or UTC, as the user chose), the free space the airline has left on each leg, its price (its lines
 * behind a details element, which opens without JS) or why it has none, the cheapest and fastest marks, and "Book".
 */
export function TripOptions({ options, date }: { options: TripOption[]; date: string }) {
  const { t, i18n } = useTranslation("offers");
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
      {options.map(({ trip, bookHref, offerHref, price, cheapest, fastest }) => {
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
                  {cheapest ? (
                    <Badge color="green" data-testid="offer-cheapest">
                      {t("price.cheapest")}
                    </Badge>
                  ) : null}
                  {fastest ? (
                    <Badge color="grape" data-testid="offer-fastest">
                      {t("price.fastest")}
                    </Badge>
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
              <Stack gap={4} align="flex-end">
                {price ? (
                  <Text fw={700} data-testid="offer-price">
                    {formatAmountText(price, i18n.language, trip.currency)}
                  </Text>
                ) : (
                  <PriceReason trip={trip} />
                )}
                {trip.tariffs.length ? (
                  <details data-testid="offer-price-lines">
                    <summary>
                      <Text span size="xs" c="dimmed">
                        {t("price.lines")}
                      </Text>
                    </summary>
                    {trip.tariffs.map((line) => (
                      <Text key={`${line.kind}-${line.code}`} size="xs">
                        {line.kind === "airfreight" ? t("price.airfreight", { rateClass: line.rateClass ?? "", brake: line.weightBrake ?? "" }) : line.code} ·{" "}
                        {formatAmountText(line.amount, i18n.language, line.currency)}
                      </Text>
                    ))}
                  </details>
                ) : null}
                {bookHref ? (
                  <Button component={Link} to={bookHref} data-testid="offer-book">
                    {t("results.book")}
                  </Button>
                ) : null}
                {offerHref ? (
                  <Button component={Link} to={offerHref} variant="light" size="xs" data-testid="offer-quote">
                    {t("results.quote")}
                  </Button>
                ) : null}
              </Stack>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
