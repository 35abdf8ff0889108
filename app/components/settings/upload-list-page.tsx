import { Stack } from "~/lib/mantine/Stack";
import { TextInput } from "~/lib/mantine/TextInput";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { PageHeader } from "./form-parts";
import { isUploadData, UploadPanel } from "./upload-panel";

/** What the loader of a list with an upload sends for this frame (the page's own filters and data besides). */
export interface UploadListData<Row> {
  pageTitle: string;
  rows: Row[];
  meta: ListMeta;
  showCarrier: boolean;
  defaultCarrier: string;
}

/**
 * A statistics list page: its title (with any buttons), the GET filter form, one server page of rows, and below
 * them the XLSX/CSV upload that replaces the list (the action's upload intent answers into `actionData`).
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
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>{actions}</PageHeader>
      <FilterForm>{filters}</FilterForm>
      <DataTable id={table.id} columns={table.columns} rows={data.rows} rowKey={(r) => r.id} empty={table.empty} testId={table.testId} meta={data.meta} />
      <UploadPanel
        templateHref={templateHref}
        lastResult={isUploadData(actionData) ? actionData : undefined}
        showCarrier={data.showCarrier}
        defaultCarrier={data.defaultCarrier}
      />
    </Stack>
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
