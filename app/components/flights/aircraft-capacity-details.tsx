import { Paper } from "~/components/plain/paper";
import { SimpleGrid } from "~/lib/mantine/SimpleGrid";
import { useTranslation } from "react-i18next";
import { ReadOnlyValue } from "~/components/settings/form-parts";
import type { AircraftCapacity } from "~/lib/upstream/aircraft-capacities.server";
import { CodeBadges, useCapacityFormat } from "./aircraft-capacity-format";

/** Every figure of one aircraft capacity, read-only (the aircraft page and a flight's aircraft capacity page). */
export function AircraftCapacityDetails({ capacity, showCarrier }: { capacity: AircraftCapacity; showCarrier?: boolean }) {
  const { t } = useTranslation(["capacities", "common"]);
  const f = useCapacityFormat();
  const { kg, m3 } = f;
  return (
    <Paper withBorder p="md" radius="md" data-testid="capacity-details">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" verticalSpacing="sm">
        {showCarrier ? <ReadOnlyValue label={t("fields.carrier")} value={capacity.carrier} /> : null}
        <ReadOnlyValue label={t("fields.aircraft_type")} value={capacity.aircraft_type} testId="capacity-type" />
        <ReadOnlyValue label={t("fields.max_cargo_weight")} value={kg(capacity.max_cargo_weight)} testId="capacity-weight" />
        <ReadOnlyValue label={t("fields.max_cargo_volume")} value={m3(capacity.max_cargo_volume)} testId="capacity-volume" />
        <ReadOnlyValue label={t("fields.payload")} value={kg(capacity.payload)} />
        <ReadOnlyValue label={t("fields.mtow")} value={kg(capacity.mtow)} />
        <ReadOnlyValue label={t("fields.pax")} value={capacity.pax == null ? null : f.number(capacity.pax)} />
        <ReadOnlyValue label={t("fields.max_linear_load")} value={capacity.max_linear_load == null ? null : f.number(capacity.max_linear_load)} />
        <ReadOnlyValue label={t("fields.baggage_compartment_max_weight")} value={kg(capacity.baggage_compartment_max_weight)} />
        <ReadOnlyValue label={t("fields.baggage_compartment_max_volume")} value={m3(capacity.baggage_compartment_max_volume)} />
        <ReadOnlyValue label={t("fields.reg_numbers")} value={capacity.reg_numbers.join(", ")} testId="capacity-regs" />
        <ReadOnlyValue label={t("fields.forbidden_shcs")} value={<CodeBadges codes={capacity.forbidden_shcs} />} testId="capacity-shcs" />
      </SimpleGrid>
    </Paper>
  );
}
