import { TextInput } from "~/components/plain/text-input";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Column } from "~/components/data/data-table";
import { carrierColumn } from "./carrier-column";
import { ListPage, type ListPageData } from "./list-page";
import { isUploadData, UploadPanel } from "./upload-panel";

/** What the loader of a list with an upload sends for this frame (the page's own filters and data besides). */
export interface UploadListData<Row> extends ListPageData<Row> {
  showCarrier: boolean;
  defaultCarrier: string;
}

/**
 * A statistics list page: a settings list page (title with any buttons, the GET filter form, one server page of
 * rows) and below the rows the XLSX/CSV upload that replaces the list (the action's upload intent answers into
 * `actionData`).
 */
export function UploadListPage<Row extends { id: number }>({
  data,
  actionData,
  actions,
  filters,
  table,
  templateHref,
}: {
  data: UploadListData<Row>;
  actionData: unknown;
  actions?: ReactNode;
  filters: ReactNode;
  table: { id: string; testId: string; columns: Column<Row>[]; empty: string };
  templateHref: string;
}) {
  return (
    <ListPage data={data} actions={actions} filters={filters} table={table}>
      <UploadPanel
        templateHref={templateHref}
        lastResult={isUploadData(actionData) ? actionData : undefined}
        showCarrier={data.showCarrier}
        defaultCarrier={data.defaultCarrier}
      />
    </ListPage>
  );
}

/** The filters both statistics lists by route and aircraft share: origin, destination, aircraft type (GET form). */
export function RouteAircraftFilters({ filters }: { filters: { origin?: string | null; destination?: string | null; aircraft_type?: string | null } }) {
  const { t } = useTranslation("statistics");
  return (
    <>
      <TextInput name="origin" label={t("fields.origin")} defaultValue={filters.origin ?? ""} w={110} />
      <TextInput name="destination" label={t("fields.destination")} defaultValue={filters.destination ?? ""} w={110} />
      <TextInput name="aircraft_type" label={t("fields.aircraft_type")} defaultValue={filters.aircraft_type ?? ""} w={130} />
    </>
  );
}

/** The columns both statistics lists by route and aircraft start with: the airline (platform staff only), aircraft type, O&D. */
export function useRouteAircraftColumns<Row extends { carrier: string; aircraft_type: string; origin: string; destination: string }>(
  showCarrier: boolean,
): Column<Row>[] {
  const { t } = useTranslation("statistics");
  return [
    ...carrierColumn<Row>(showCarrier, t("fields.carrier")),
    { key: "aircraft", sort: "aircraft_type", header: t("fields.aircraft_type"), render: (r) => r.aircraft_type },
    { key: "origin", sort: "origin", header: t("fields.origin"), render: (r) => r.origin },
    { key: "destination", sort: "destination", header: t("fields.destination"), render: (r) => r.destination },
  ];
}
