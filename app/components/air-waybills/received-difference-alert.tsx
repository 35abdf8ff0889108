import { Alert } from "~/lib/mantine/Alert";
import { List } from "~/lib/mantine/List";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/components/settings/format";
import type { MovementDifference } from "~/lib/upstream/handover.server";

// A warning on the shipment page when a station received other figures than the waybill declares (issue 11; GET
// verification_movement_difference): per station, what was received and by how much it differs. The loader passes
// it only when some station differs.

export function ReceivedDifferenceAlert({ difference }: { difference: MovementDifference }) {
  const { t } = useTranslation("handover");
  const f = useFormat();
  const signed = (n: number | null) => (n === null ? "—" : `${n > 0 ? "+" : ""}${f.number(n, { maximumFractionDigits: 3 })}`);
  const { declared } = difference;
  return (
    <Alert color="yellow" title={t("difference.title")} data-testid="received-difference">
      <Text size="sm">
        {t("difference.declared", { pieces: f.number(declared.pieces), weight: f.number(declared.weight, { maximumFractionDigits: 3 }), unit: difference.weight_code })}
      </Text>
      <List size="sm" mt={4}>
        {difference.stations
          .filter((s) => s.differs)
          .map((s) => (
            <List.Item key={s.location_iata} data-testid={`received-difference-${s.location_iata}`}>
              {t("difference.station", {
                station: s.location_iata,
                pieces: f.number(s.received.pieces),
                weight: f.number(s.received.weight, { maximumFractionDigits: 3 }),
                unit: difference.weight_code,
                piecesDiff: signed(s.difference.pieces),
                weightDiff: signed(s.difference.weight),
              })}
            </List.Item>
          ))}
      </List>
    </Alert>
  );
}
