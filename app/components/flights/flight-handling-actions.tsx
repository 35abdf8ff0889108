import { Group } from "~/lib/mantine/Group";
import { Text } from "~/lib/mantine/Text";
import { useTranslation } from "react-i18next";
import type { HandlingTab } from "~/lib/flights/handling-values";
import type { Segment } from "~/lib/upstream/segments.server";
import { HandlingForm, HandlingSubmit } from "./handling-parts";

// The flight's actual departure and arrival (segment actions like lock and close sales): departure writes DEP for
// every manifested waybill and makes them departed; arrival writes ARR at the destination. Each is offered once, in
// order; the time is the service's now.

export function FlightHandlingActions({ segment, tab }: { segment: Segment; tab: HandlingTab }) {
  const { t } = useTranslation("handling");
  if (segment.canceled) return null;
  return (
    <Group gap="xs" data-testid="flight-handling-actions">
      {!segment.atot ? (
        <HandlingForm tab={tab} testId="depart-form" confirmText={t("confirm.depart")}>
          <HandlingSubmit intent="depart" label={t("actions.depart")} variant="filled" color="teal" testId="depart-submit" />
        </HandlingForm>
      ) : !segment.atl ? (
        <HandlingForm tab={tab} testId="arrive-form">
          <HandlingSubmit intent="arrive" label={t("actions.arrive")} variant="filled" color="teal" testId="arrive-submit" />
        </HandlingForm>
      ) : null}
      {segment.atot ? (
        <Text size="sm" data-testid="flight-departed">
          {t(segment.atl ? "flight.arrived" : "flight.departed")}
        </Text>
      ) : null}
    </Group>
  );
}
