import { Stack } from "~/components/plain/stack";
import type { ReactNode } from "react";
import { DataTable, type Column, type ListMeta } from "~/components/data/data-table";
import { FilterForm } from "~/components/data/filter-form";
import { PageHeader } from "./form-parts";

/** What a list page's loader sends for this frame (the page's own filters and data besides). */
export interface ListPageData<Row> {
  pageTitle: string;
  rows: Row[];
  meta: ListMeta;
}

/**
 * A settings list page: its title (with its buttons, `actions`), anything standing between it and the filters
 * (`above`: a notice, tabs), the GET filter form, one server page of rows, and below them whatever the page adds
 * (`children`: an upload, a dialog drawn from the URL). Every part is a link or a plain form, so the page works
 * without JS.
 */
export function ListPage<Row extends object>({
  data,
  actions,
  above,
  filters,
  table,
  children,
}: {
  data: ListPageData<Row>;
  actions?: ReactNode;
  above?: ReactNode;
  filters: ReactNode;
  /** The DataTable's id (its saved layout) and test id; rows are keyed by their `id` unless `rowKey` says otherwise. */
  table: { id: string; testId: string; columns: Column<Row>[]; empty: string; rowKey?: (row: Row) => string | number };
  children?: ReactNode;
}) {
  const rowKey = table.rowKey ?? ((row: Row) => (row as { id: string | number }).id);
  return (
    <Stack gap="md">
      <PageHeader title={data.pageTitle}>{actions}</PageHeader>
      {above}
      <FilterForm>{filters}</FilterForm>
      <DataTable id={table.id} columns={table.columns} rows={data.rows} rowKey={rowKey} empty={table.empty} testId={table.testId} meta={data.meta} />
      {children}
    </Stack>
  );
}
