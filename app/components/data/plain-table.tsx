import { Table } from "~/lib/mantine/Table";
import { Text } from "~/components/plain/text";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TableProps } from "./column";
import { ariaSortOf, SortHeader } from "./sort-header";
import { visibleColumns, type TableLayout } from "./table-layout";
import type { TableSelection } from "./table-selection";

const SPACING = { xs: "var(--mantine-spacing-xs)", md: "var(--mantine-spacing-md)", xl: "var(--mantine-spacing-xl)" } as const;
const classes = Table.classes;

/**
 * The DataTable as the server renders it, and as the browser shows it until mantine-react-table has loaded: plain
 * table elements with Mantine's table classes (striped, row hover, the same spacing per density), the sort headers
 * and row checkboxes as form controls, so the page works without JS. Rendering every cell through MRT's and
 * Mantine's components cost the BFF about 19 ms of a flights list's 44 ms (issue 9 §4); these elements cost little.
 * It honours the user's layout (hidden columns, order, density) so the swap to MRT does not move anything.
 */
export function PlainTable<Row extends object>({
  columns,
  rows,
  rowKey,
  empty,
  testId,
  selection,
  layout,
  rowSelection,
  onTouch,
}: TableProps<Row> & {
  layout: TableLayout;
  rowSelection: TableSelection;
  /** The user focused or pressed something in the table (the DataTable then keeps it plain). */
  onTouch?: () => void;
}) {
  const { search } = useLocation();
  const { t } = useTranslation("common");
  const shown = visibleColumns(columns, layout);
  const spacing = SPACING[layout.density];
  return (
    <div style={{ overflowX: "auto" }} data-table-renderer="plain" onFocusCapture={onTouch} onPointerDownCapture={onTouch}>
      <table
        className={classes.table}
        style={{ ["--table-horizontal-spacing" as string]: spacing, ["--table-vertical-spacing" as string]: spacing }}
        data-testid={testId}
      >
        <thead className={classes.thead}>
          <tr className={classes.tr} data-with-row-border>
            {selection ? <th className={classes.th} style={{ width: "1%" }} /> : null}
            {shown.map((column) => (
              <th key={column.key} className={classes.th} aria-sort={ariaSortOf(column, search)}>
                <SortHeader column={column} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody className={classes.tbody}>
          {rows.length === 0 ? (
            <tr className={classes.tr}>
              <td className={classes.td} colSpan={shown.length + (selection ? 1 : 0)}>
                <Text c="dimmed" size="sm" p="sm">
                  {empty}
                </Text>
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const id = String(rowKey(row));
              return (
                <tr key={id} className={classes.tr} data-with-row-border data-striped="odd" data-hover>
                  {selection ? (
                    <td className={classes.td}>
                      <input
                        type="checkbox"
                        name={selection.name}
                        value={id}
                        checked={Boolean(rowSelection.selected[id])}
                        onChange={(event) => rowSelection.toggle(id, event.currentTarget.checked)}
                        aria-label={t("table.selectRow", { row: id })}
                      />
                    </td>
                  ) : null}
                  {shown.map((column) => (
                    <td key={column.key} className={classes.td}>
                      {column.render(row)}
                    </td>
                  ))}
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </div>
  );
}
