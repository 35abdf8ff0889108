import { Anchor } from "~/lib/mantine/Anchor";
import { Text } from "~/lib/mantine/Text";
import { Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { MantineReactTable, useMantineReactTable, type MRT_ColumnDef, type MRT_Localization, type MRT_RowSelectionState, type MRT_Updater } from "mantine-react-table";
import { MRT_Localization_EN } from "mantine-react-table/locales/en/index.esm.mjs";
import { MRT_Localization_ES } from "mantine-react-table/locales/es/index.esm.mjs";
import { MRT_Localization_RU } from "mantine-react-table/locales/ru/index.esm.mjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { listUrlState, sortHref } from "~/lib/forms/list-url";
import type { TableProps } from "./column";
import { useTableLayout } from "./table-layout";

const LOCALIZATIONS: Record<string, MRT_Localization> = { en: MRT_Localization_EN, ru: MRT_Localization_RU, es: MRT_Localization_ES };

const apply = <T,>(updater: MRT_Updater<T>, current: T): T => (typeof updater === "function" ? (updater as (old: T) => T)(current) : updater);

/** Whose layout this is: the signed-in user of the dashboard layout (its id when the layout sends one, else the e-mail). */
function useUserKey(): string | null {
  const dashboard = useRouteLoaderData("routes/dashboard") as { user?: { id?: string | number; email?: string } } | undefined;
  const user = dashboard?.user;
  return user?.id !== undefined ? String(user.id) : (user?.email ?? null);
}

/**
 * The DataTable's mantine-react-table in manual mode: the rows are one server page, the sort and the page live in
 * the URL. Sort headers are links (MRT's own sort buttons would need JS), so the server HTML works as is. The toolbar
 * (columns, density) appears once hydrated: without JS its buttons could do nothing. Render through `DataTable`.
 */
export default function MrtTable<Row extends Record<string, unknown>>({ id, columns, rows, rowKey, empty, testId, selection }: TableProps<Row>) {
  const location = useLocation();
  const { i18n } = useTranslation();
  const url = listUrlState(location.search);
  const [layout, setLayout] = useTableLayout(useUserKey(), id);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [rowSelection, setRowSelection] = useState<MRT_RowSelectionState>({});

  const columnDefs: MRT_ColumnDef<Row>[] = columns.map((c) => ({
    id: c.key,
    header: c.header,
    // a column without a title (the row's edit link) cannot be told apart in the columns menu: always shown
    enableHiding: c.header !== "",
    Header: c.sort
      ? () => {
          const active = url.sort === c.sort;
          return (
            <Anchor component={Link} to={sortHref(location.pathname, location.search, c.sort!)} c="inherit" fw={700} size="sm" preventScrollReset>
              {c.header}
              {active ? (url.direction === "asc" ? " ▲" : " ▼") : ""}
            </Anchor>
          );
        }
      : () => c.header,
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
    enableTopToolbar: hydrated,
    enableHiding: true,
    enableColumnOrdering: true,
    enableDensityToggle: true,
    enableRowSelection: Boolean(selection),
    state: {
      columnVisibility: layout.columnVisibility,
      ...(layout.columnOrder ? { columnOrder: layout.columnOrder } : {}),
      density: layout.density,
      rowSelection,
    },
    onColumnVisibilityChange: (updater) => setLayout((l) => ({ ...l, columnVisibility: apply(updater, l.columnVisibility) })),
    onColumnOrderChange: (updater) => setLayout((l) => ({ ...l, columnOrder: apply(updater, l.columnOrder ?? table.getState().columnOrder) })),
    onDensityChange: (updater) => setLayout((l) => ({ ...l, density: apply(updater, l.density) })),
    onRowSelectionChange: (updater) =>
      setRowSelection((current) => {
        const next = apply(updater, current);
        selection?.onChange?.(Object.keys(next).filter((key) => next[key]));
        return next;
      }),
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
      const key = columns.find((c) => c.key === column.id)?.sort;
      return key && url.sort === key ? { "aria-sort": url.direction === "asc" ? "ascending" : "descending" } : {};
    },
  });
  return <MantineReactTable table={table} />;
}
