import { Stack } from "~/components/plain/stack";
import { useTranslation } from "react-i18next";
import { DataTable } from "~/components/data/data-table";
import type { Column } from "~/components/data/column";
import { useFormat } from "~/components/settings/format";
import type { Receptacle, ReceptacleList as ReceptaclePage } from "~/lib/upstream/receptacles.server";
import { receptacleColumns } from "./receptacle-columns";
import { ReceptacleFigures } from "./receptacle-figures";

/**
 * Receptacles as a server-paged table under their figures (count and total weight of everything the list finds,
 * not only the page); `actions` adds the platform's row actions. The flight's tab leaves out the flight column.
 */
export function ReceptacleList({ list, flightColumn, actions }: { list: ReceptaclePage; flightColumn: boolean; actions?: Column<Receptacle> }) {
  const { t } = useTranslation(["receptacles", "common"]);
  const format = useFormat();
  const kg = (n: number) => format.unit(n, "kilogram");
  const columns = receptacleColumns(t, kg, { flight: flightColumn });
  if (actions) columns.push(actions);
  return (
    <Stack gap="sm">
      <ReceptacleFigures count={Number(list.meta.count)} weight={kg(Number(list.meta.sum_weight))} />
      <DataTable id="receptacles" columns={columns} rows={list.data} rowKey={(r) => r.id} empty={t("empty")} testId="receptacles-table" meta={list.meta} />
    </Stack>
  );
}
