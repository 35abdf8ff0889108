import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";

/** Booking response statuses (spec 2 §3 "Booking"): KK confirmed, NN requested, LL waitlisted, UU unable, XX cancelled. */
export const STATUS_COLORS: Record<string, string> = { KK: "teal", NN: "blue", LL: "yellow", UU: "red", XX: "gray" };

/** One booking status as a badge: its code, with the status in words as its title (and for screen readers). */
export function BookingStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("shipments");
  const words = t(`bookingStatuses.${status}`, { defaultValue: status });
  return (
    <Badge color={STATUS_COLORS[status] ?? "gray"} variant="light" size="sm" title={words} aria-label={`${status}: ${words}`} data-testid="booking-status">
      {status}
    </Badge>
  );
}

/** A waybill's flights, first leg first, each with its booking's status badge. */
export function BookingBadges({ legs }: { legs: ReadonlyArray<{ number_with_date: string; response_status: string }> }) {
  if (!legs.length) return <Text size="sm">—</Text>;
  return (
    <Stack gap={2} data-testid="bookings">
      {legs.map((leg) => (
        <Group key={`${leg.number_with_date}-${leg.response_status}`} gap={4} wrap="nowrap">
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {leg.number_with_date}
          </Text>
          <BookingStatusBadge status={leg.response_status} />
        </Group>
      ))}
    </Stack>
  );
}
