import { Text } from "~/components/plain/text";
import { useLocation } from "@remix-run/react";
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_Localization, type MRT_RowSelectionState, type MRT_Updater } from "mantine-react-table";
import { MRT_Localization_EN } from "mantine-react-table/locales/en/index.esm.mjs";
import { MRT_Localization_ES } from "mantine-react-table/locales/es/index.esm.mjs";
import { MRT_Localization_RU } from "mantine-react-table/locales/ru/index.esm.mjs";
import { useTranslation } from "react-i18next";
import type { TableProps } from "./column";
import { ariaSortOf, SortHeader } from "./sort-header";
import type { TableLayout } from "./table-layout";
import type { TableSelection } from "./table-selection";

const LOCALIZATIONS: Record<string, MRT_Localization> = { en: MRT_Localization_EN, ru: MRT_Localization_RU, es: MRT_Localization_ES };

const apply = <T,>(updater: MRT_Updater<T>, current: T): T => (typeof updater === "function" ? (updater as (old: T) => T)(current) : updater);

/**
 * The DataTable's mantine-react-table in manual mode, rendered in the browser only (after the PlainTable the
 * server sent has hydrated): the rows are one server page, the sort and the page live in the URL, sort headers are
 * the same links as the plain table's. It adds the toolbar (columns, order, density). Render through `DataTable`,
 * which holds the layout and the ticked rows.
 */
export default function MrtTable<Row extends Record<string, unknown>>({
  columns,
  rows,
  rowKey,
  empty,
  testId,
  selection,
  layout,
  setLayout,
  rowSelection,
}: TableProps<Row> & {
  layout: TableLayout;
  setLayout(change: (current: TableLayout) => TableLayout): void;
  rowSelection: TableSelection;
}) {
  const location = useLocation();
  const { i18n } = useTranslation();

  const columnDefs: MRT_ColumnDef<Row>[] = columns.map((c) => ({
    id: c.key,
    header: c.header,
    // a column without a title (the row's edit link) cannot be told apart in the columns menu: always shown
    enableHiding: c.header !== "",
    Header: () => <SortHeader column={c} />,
    Cell: ({ row }) => c.render(row.original),
  }));

  const table = useMantineReactTable<Row>({
    columns: columnDefs,
    data: rows,
    getRowId: (row) => String(rowKey(row)),
    manualPagination: true,
    manualSorting: true,
    manualFiltering: true,
    rowCount: rows.length,
    enablePagination: false,
    enableBottomToolbar: false,
    enableSorting: false,
    enableColumnActions: false,
    enableColumnFilters: false,
    enableGlobalFilter: false,
    enableFullScreenToggle: false,
    enableColumnDragging: false,
    enableTopToolbar: true,
    enableHiding: true,
    enableColumnOrdering: true,
    enableDensityToggle: true,
    enableRowSelection: Boolean(selection),
    // columns as wide as their content (MRT's default is 180 px each, a floor that pushed the bookings list's
    // Status, Reason and Actions past a 1440 px screen: issue 22 §10)
    defaultColumn: { size: 40, minSize: 40 },
    state: {
      columnVisibility: layout.columnVisibility,
      ...(layout.columnOrder ? { columnOrder: layout.columnOrder } : {}),
      density: layout.density,
      rowSelection: rowSelection.selected as MRT_RowSelectionState,
    },
    onColumnVisibilityChange: (updater) => setLayout((l) => ({ ...l, columnVisibility: apply(updater, l.columnVisibility) })),
    onColumnOrderChange: (updater) => setLayout((l) => ({ ...l, columnOrder: apply(updater, l.columnOrder ?? table.getState().columnOrder) })),
    onDensityChange: (updater) => setLayout((l) => ({ ...l, density: apply(updater, l.density) })),
    onRowSelectionChange: (updater) => rowSelection.set(apply(updater, rowSelection.selected as MRT_RowSelectionState)),
    mantineSelectCheckboxProps: ({ row }) => (selection && row ? { name: selection.name, value: row.id } : {}),
    localization: LOCALIZATIONS[i18n.language] ?? MRT_Localization_EN,
    renderEmptyRowsFallback: () => (
      <Text c="dimmed" size="sm" p="sm">
        {empty}
      </Text>
    ),
    mantinePaperProps: { shadow: "none", withBorder: false },
    mantineTableProps: { striped: true, highlightOnHover: true, withTableBorder: false, ...(testId ? { "data-testid": testId } : {}) },
    mantineTableHeadCellProps: ({ column }) => {
      const sort = ariaSortOf({ sort: columns.find((c) => c.key === column.id)?.sort }, location.search);
      return sort ? { "aria-sort": sort } : {};
    },
  });
  return <MantineReactTable table={table} />;
}
