import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Text } from "~/components/plain/text";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DeleteRowForm, EditLink } from "~/components/settings/row-actions";
import type { HouseTotals, HouseWaybill } from "~/lib/upstream/house-waybills.server";
import { Rows, Section } from "./shipment-sections";

/**
 * The master's house waybills on the shipment page (issue 11): each with its route, figures, goods and parties, its
 * Edit page and Delete (while the master may change), the Add button, and the sums against the master's own pieces
 * and weight — a warning when they differ.
 */
export function HouseWaybillsSection({
  mawb,
  rows,
  totals,
  failed,
  canChange,
}: {
  mawb: string;
  rows: HouseWaybill[];
  totals: HouseTotals | null;
  failed: boolean;
  canChange: boolean;
}) {
  const { t } = useTranslation(["house-waybills", "awb"]);
  const base = `/dashboard/air-waybills/${mawb}/house-waybills`;
  return (
    <Section title={t("title")} testId="house-waybills" failure={failed ? t("loadFailed") : null}>
      {canChange ? (
        <Group>
          <Button component={Link} to={`${base}/create`} size="sm" variant="light" data-testid="house-waybill-add">
            {t("add")}
          </Button>
        </Group>
      ) : null}
      <Rows
        testId="house-waybills-table"
        empty={t("empty")}
        head={[t("columns.serial_number"), t("columns.route"), t("columns.figures"), t("columns.goods"), t("columns.shipper"), t("columns.consignee"), t("columns.placi"), ...(canChange ? [t("columns.actions")] : [])]}
        rows={rows.map((h) => [
          <span key="n" data-testid={`house-${h.serial_number}`}>
            {h.serial_number}
          </span>,
          `${h.origin_iata} → ${h.destination_iata}`,
          `${h.pieces} / ${h.weight} ${t(`units.${h.weight_code === "L" ? "L" : "K"}`)}`,
          [h.manifest_description_of_goods, h.hs_codes.join(", ")].filter(Boolean).join(" · "),
          h.shipper?.name ?? "—",
          h.consignee?.name ?? "—",
          [h.placi_status, h.placi_comment].filter(Boolean).join(": ") || "—",
          ...(canChange
            ? [
                <Group key="a" gap="xs" wrap="nowrap">
                  <EditLink to={`${base}/${h.id}/edit`} testId={`house-edit-${h.serial_number}`} />
                  <DeleteRowForm id={h.id} intent="house_delete" confirmText={t("deleteConfirm", { serial: h.serial_number })} testId={`house-delete-${h.serial_number}`} />
                </Group>,
              ]
            : []),
        ])}
      />
      {totals && totals.houses > 0 ? (
        <Text size="sm" c={totals.differ ? "orange" : "dimmed"} data-testid="house-waybills-totals">
          {t("totals", { count: totals.houses, pieces: totals.pieces, weight: totals.weight, masterPieces: totals.master_pieces, masterWeight: totals.master_weight })}
          {totals.differ ? ` ${t("differ")}` : ""}
        </Text>
      ) : null}
    </Section>
  );
}
