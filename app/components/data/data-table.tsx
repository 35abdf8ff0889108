import { Stack } from "~/components/plain/stack";
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import mrtStyles from "mantine-react-table/styles.css";
import { useEffect, useState, type ComponentType } from "react";
import type { ListMeta, TableProps } from "./column";
import { Pager } from "./pager";
import { PlainTable } from "./plain-table";
import { useTableLayout } from "./table-layout";
import { useTableSelection } from "./table-selection";

export type { Column, ListMeta, RowSelection } from "./column";

// mantine-react-table weighs more than the rest of a list page's JS and costs the server more than the rest of
// the page to render (issue 9 §4): the server renders the PlainTable, the browser hydrates that same table (links,
// pager, checkboxes and the forms in cells work at once) and swaps in MRT, with its toolbar, once its chunk has
// loaded. Not once the user has touched the plain table: the swap would draw new cells and lose what was typed in
// them (a received weight on the flight page), so that page of rows stays plain; the next one gets MRT.
type MrtComponent = ComponentType<Record<string, unknown>>;
const loadMrt = () => import("./mrt-table").then((m) => m.default as unknown as MrtComponent);

/** Whose layout this is: the signed-in user of the dashboard layout (its id when the layout sends one, else the e-mail). */
function useUserKey(): string | null {
  const dashboard = useRouteLoaderData("routes/dashboard") as { user?: { id?: string | number; email?: string } } | undefined;
  const user = dashboard?.user;
  return user?.id !== undefined ? String(user.id) : (user?.email ?? null);
}

/**
 * Every list of the product: one server page of rows whose sort, page and filters are the URL (links, reloads and
 * Back work, with JS off too), on mantine-react-table once the browser has it; the pager below when `meta` (the
 * upstream list's) is given. The layout (hidden columns, order, density) and the ticked rows live here, so both
 * renderings show the same.
 */
export function DataTable<Row extends object>({ meta, pageParam, ...table }: TableProps<Row> & { meta?: ListMeta; pageParam?: string }) {
  const [layout, setLayout] = useTableLayout(useUserKey(), table.id);
  const rowSelection = useTableSelection(table.selection);
  const [Mrt, setMrt] = useState<MrtComponent | null>(null);
  useEffect(() => {
    let live = true;
    // void: should the chunk fail to load, the plain table (complete without JS) stays and the browser reports the rejection
    void loadMrt().then((component) => live && setMrt(() => component));
    return () => {
      live = false;
    };
  }, []);
  const [touched, setTouched] = useState(false);
  // a new page of rows (a navigation, a sort, a submission answered) starts untouched
  const { key: locationKey } = useLocation();
  useEffect(() => setTouched(false), [locationKey]);
  const touch = () => {
    if (!Mrt) setTouched(true);
  };
  return (
    <Stack gap="sm">
      {/* the table's own styles, only on pages with a list (a body <link rel=stylesheet> is valid HTML) */}
      <link rel="stylesheet" href={mrtStyles} />
      {Mrt && !touched ? (
        <Mrt {...(table as unknown as Record<string, unknown>)} layout={layout} setLayout={setLayout} rowSelection={rowSelection} />
      ) : (
        <PlainTable {...table} layout={layout} rowSelection={rowSelection} onTouch={touch} />
      )}
      {meta ? <Pager meta={meta} param={pageParam} /> : null}
    </Stack>
  );
}
