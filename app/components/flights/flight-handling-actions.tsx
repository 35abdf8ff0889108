import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import type { HandlingTab } from "~/lib/flights/handling-values";
import type { Segment } from "~/lib/upstream/segments.server";
import { FormErrors, HandlingForm, HandlingSubmit, useHandlingFeedback } from "./handling-parts";
import { wallTime } from "~/lib/upstream/refusal";

// The flight's actual departure and arrival (segment actions like lock and close sales): departure writes DEP for
// every manifested waybill and makes them departed; arrival writes ARR at the destination. Each is offered once, in
// order; the time is the service's now. Depart is offered from STD − 60 min on (cargo/flights/departure, decided by
// the loader on the service clock); before that the page says from when.

export function FlightHandlingActions({ segment, tab, departure }: { segment: Segment; tab: HandlingTab; departure: { due: boolean; earliest: string | null } | null }) {
  const { t } = useTranslation("handling");
  // a refused departure or arrival is said here, beside the buttons
  const departRefused = useHandlingFeedback("depart", "depart");
  const arriveRefused = useHandlingFeedback("arrive", "arrive");
  if (segment.canceled) return null;
  return (
    <Group gap="xs" data-testid="flight-handling-actions">
      {!segment.atot && departure && !departure.due ? (
        <Text size="sm" c="dimmed" data-testid="depart-not-due">
          {t("flight.departFrom", { time: wallTime(departure.earliest) })}
        </Text>
      ) : !segment.atot ? (
        <HandlingForm tab={tab} testId="depart-form" confirmText={t("confirm.depart")}>
          <HandlingSubmit intent="depart" label={t("actions.depart")} variant="filled" color="teal" testId="depart-submit" />
        </HandlingForm>
      ) : !segment.atl ? (
        <HandlingForm tab={tab} testId="arrive-form">
          <HandlingSubmit intent="arrive" label={t("actions.arrive")} variant="filled" color="teal" testId="arrive-submit" />
        </HandlingForm>
      ) : null}
      <FormErrors feedback={departRefused ?? arriveRefused} />
      {segment.atot ? (
        <Text size="sm" data-testid="flight-departed">
          {t(segment.atl ? "flight.arrived" : "flight.departed")}
        </Text>
      ) : null}
    </Group>
  );
}
