import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { FlightPageTabError } from "~/components/flights/flight-page-tab-error";
import type { ErrorCode } from "~/lib/upstream/errors";
import type { ReceptacleList as ReceptaclePage } from "~/lib/upstream/receptacles.server";
import { ReceptacleList } from "./receptacle-list";

/** The flight page's Receptacles tab: the postal receptacles on the flight with their count and total weight. */
export function FlightReceptaclesTab({ list, error }: { list: ReceptaclePage | null; error: ErrorCode | null }) {
  const { t } = useTranslation("receptacles");
  if (!list) return <FlightPageTabError code={error} what={t("tab.note")} />;
  return (
    <Stack gap="sm" data-testid="flight-receptacles">
      <Text size="sm" c="dimmed">
        {t("tab.note")}
      </Text>
      <ReceptacleList list={list} flightColumn={false} />
    </Stack>
  );
}
