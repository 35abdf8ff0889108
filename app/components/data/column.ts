import type { ReactNode } from "react";

/** One column of a DataTable. */
export interface Column<Row> {
  /** Stable id: the key of the remembered visibility and order, so keep it when the header's text changes. */
  key: string;
  header: string;
  /** Server-side sort key; the header becomes a link that toggles `sort` / `direction` in the URL. */
  sort?: string;
  render(row: Row): ReactNode;
}

/** The paging figures of an upstream list answer (`meta`), as numbers or numeric strings. */
export interface ListMeta {
  current_page: number | string;
  total_pages: number | string;
  total_count: number | string;
}

/** Row selection for a page with bulk actions: each checkbox posts `name=<row id>` with the page's form. */
export interface RowSelection {
  /** The form field each selected row's id is posted under (works without JS inside a <Form>). */
  name: string;
  /** Called with the selected row ids whenever the selection changes (JS on). */
  onChange?(ids: string[]): void;
  /** The row ids ticked when the table is first drawn (what a refused form had ticked, or a sensible default). */
  initial?: readonly string[];
}

export interface TableProps<Row> {
  /** The table's id in the remembered layout (visibility, order, density): one per list, e.g. "flights". */
  id: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string | number;
  empty: string;
  testId?: string;
  selection?: RowSelection;
}
