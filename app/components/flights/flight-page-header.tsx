import { Anchor } from "~/components/plain/anchor";
import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { Title } from "~/components/plain/title";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { Segment } from "~/lib/upstream/segments.server";
import { useFlightTime } from "./flight-time";
import { useSegmentEnumText } from "./segment-enum-text";

/** The six flight times: departures are the origin's clock, arrivals the destination's (spec 2 "Flight / segment"). */
export const FLIGHT_TIMES = [
  { key: "std", local: "std_local", at: "origin" },
  { key: "sta", local: "sta_local", at: "destination" },
  { key: "etd", local: "etd_local", at: "origin" },
  { key: "eta", local: "eta_local", at: "destination" },
  { key: "atot", local: "atot_local", at: "origin" },
  { key: "atl", local: "atl_local", at: "destination" },
] as const;

export type FlightTimeKey = (typeof FLIGHT_TIMES)[number]["key"];

/**
 * The flight's identity, route, times (local or UTC per the user's switch, with the zone) and state badges. A flight
 * the API says needs attention (its `attention` reasons, the action_required tab) says so first, in a warning
 * colour, and is never labelled "Open": a green badge on an over-capacity flight read as "all is well".
 */
export function FlightPageHeader({ segment, aircraftHref }: { segment: Segment; aircraftHref: string | null }) {
  const { t } = useTranslation("flight-page");
  const ft = useFlightTime();
  const enums = useSegmentEnumText();
  const attention = segment.attention ?? [];
  const badges = [
    segment.canceled && { key: "canceled", color: "red" },
    segment.locked && { key: "locked", color: "orange" },
    segment.sales_closed && { key: "sales_closed", color: "yellow" },
    segment.charter && { key: "charter", color: "grape" },
    segment.aci_required && { key: "aci_required", color: "blue" },
    !segment.available && { key: "not_available", color: "gray" },
  ].filter((b): b is { key: string; color: string } => Boolean(b));

  return (
    <Stack gap="sm" data-testid="flight-header">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Title order={1} size="h2" data-testid="flight-number">
            {segment.number_with_date}
          </Title>
          <Text size="lg" fw={500} data-testid="flight-route">
            {segment.origin_iata} → {segment.destination_iata}
          </Text>
        </Stack>
        <Group gap="xs" data-testid="flight-badges">
          {attention.length ? (
            <Badge color="orange" variant="filled" data-testid="badge-attention" title={attention.map(enums.attention).join(", ")}>
              {t("attention.title")}
            </Badge>
          ) : null}
          {attention.map((code) => (
            <Badge key={code} color="orange" variant="light" data-testid={`attention-${code}`}>
              {enums.attention(code)}
            </Badge>
          ))}
          {badges.length || attention.length ? (
            badges.map((b) => (
              <Badge key={b.key} color={b.color} variant="light" data-testid={`badge-${b.key}`}>
                {t(`badges.${b.key}`)}
              </Badge>
            ))
          ) : (
            <Badge color="teal" variant="light" data-testid="badge-open">
              {t("badges.open")}
            </Badge>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="sm" data-testid="flight-times">
        {FLIGHT_TIMES.map(({ key, local, at }) => (
          <Stack key={key} gap={0}>
            <Text size="xs" c="dimmed">
              {t(`fields.${key}`)} · {at === "origin" ? segment.origin_iata : segment.destination_iata}
            </Text>
            <Text size="sm" data-testid={`time-${key}`}>
              {ft.dateTime(segment[key], segment[local])}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      <Group gap="xl">
        <Text size="sm">
          <Text span c="dimmed">
            {t("fields.aircraft_type")}:{" "}
          </Text>
          {segment.aircraft_type && aircraftHref ? (
            <Anchor component={Link} to={aircraftHref} data-testid="aircraft-link">
              {segment.aircraft_type}
            </Anchor>
          ) : (
            <span data-testid="aircraft-type">{segment.aircraft_type ?? "—"}</span>
          )}
        </Text>
        <Text size="sm">
          <Text span c="dimmed">
            {t("fields.aircraft_reg")}:{" "}
          </Text>
          <span data-testid="aircraft-reg">{segment.aircraft_reg ?? "—"}</span>
        </Text>
        <Text size="sm" c="dimmed">
          {ft.mode === "utc" ? t("timesInUtc") : t("timesInLocal")}
        </Text>
      </Group>
    </Stack>
  );
}
