import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Text } from "~/components/plain/text";
import { useTranslation } from "react-i18next";
import { DeleteRowForm } from "~/components/settings/row-actions";
import type { Movement } from "~/lib/upstream/air-waybills.server";
import { useFlightTime } from "~/components/flights/flight-time";
import { Rows } from "./shipment-sections";

// The shipment page's movements (issue 11): each with its status named in the reader's language (awb:movementStatus,
// the names the public tracking page uses too), a discrepancy's state (handling:discrepancies), a movement no longer
// standing (taken off a manifest or the received list, a cancelled booking) marked and dimmed, who recorded it, and
// a delete button where the API says the caller may (a plain POST with a confirm; never on a departed flight).

const movementsRoute = (mawb: string) => `/dashboard/shipments/${mawb}/movements`;

function MovementStatus({ m }: { m: Movement }) {
  const { t, i18n } = useTranslation(["awb", "handling"]);
  const name = i18n.exists(`awb:movementStatus.${m.status_code}`) ? t(`awb:movementStatus.${m.status_code}`) : null;
  const discrepancy = m.discrepancy_code
    ? t("awb:movements.discrepancy", { code: m.discrepancy_code, name: t(`handling:discrepancies.${m.discrepancy_code}`, { defaultValue: m.discrepancy_code }) })
    : null;
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text span fw={600} size="sm">
          {m.status_code}
        </Text>
        {name ? <Text span size="sm">{name}</Text> : null}
        {m.deactivated ? (
          <Badge color="gray" variant="outline" size="xs" data-testid="movement-inactive">
            {t("awb:movements.inactive")}
          </Badge>
        ) : null}
      </Group>
      {discrepancy ? (
        <Text size="xs" data-testid="movement-discrepancy">
          {discrepancy}
        </Text>
      ) : null}
    </Stack>
  );
}

export function MovementRows({ mawb, movements }: { mawb: string; movements: Movement[] }) {
  const { t } = useTranslation("awb");
  const ft = useFlightTime();
  const kg = t("units.kg");
  const anyRemovable = movements.some((m) => m.removable);
  const head = [t("movements.time"), t("movements.status"), t("movements.location"), t("movements.flight"), t("movements.pieces"), t("movements.recordedBy")];
  return (
    <Rows
      testId="movements-table"
      head={anyRemovable ? [...head, ""] : head}
      rows={movements.map((m) => {
        const cells = [
          <Text key="time" size="sm" c={m.deactivated ? "dimmed" : undefined} data-testid={`movement-${m.status_code}`}>
            {ft.dateTime(m.time_utc, m.time_local)}
          </Text>,
          <MovementStatus key="status" m={m} />,
          m.location_iata,
          m.segment_number_with_date ?? "—",
          `${m.pieces} / ${m.weight} ${kg}`,
          m.recorded_by ?? "—",
        ];
        if (!anyRemovable) return cells;
        return [
          ...cells,
          m.removable ? (
            <DeleteRowForm
              key="delete"
              id={m.id}
              action={movementsRoute(mawb)}
              label={t("movements.delete")}
              confirmText={t("movements.deleteConfirm", { status: m.status_code, location: m.location_iata })}
              testId="movement-delete"
            />
          ) : null,
        ];
      })}
      empty={t("detail.noMovements")}
    />
  );
}
