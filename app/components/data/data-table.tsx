import { Stack } from "~/lib/mantine/Stack";
import { useRouteLoaderData } from "@remix-run/react";
import mrtStyles from "mantine-react-table/styles.css";
import { lazy, Suspense, useEffect, useState } from "react";
import type { ListMeta, TableProps } from "./column";
import { Pager } from "./pager";
import { PlainTable } from "./plain-table";
import { useTableLayout } from "./table-layout";
import { useTableSelection } from "./table-selection";

export type { Column, ListMeta, RowSelection } from "./column";

// mantine-react-table weighs more than the rest of a list page's JS and costs the server more than the rest of
// the page to render (issue 9 §4): the server renders the PlainTable, the browser hydrates that same table (links,
// pager and checkboxes work at once) and swaps in MRT, with its toolbar, once its chunk has loaded after hydration.
const MrtTable = lazy(() => import("./mrt-table"));

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
export function DataTable<Row extends object>({ meta, ...table }: TableProps<Row> & { meta?: ListMeta }) {
  const [layout, setLayout] = useTableLayout(useUserKey(), table.id);
  const rowSelection = useTableSelection(table.selection);
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);
  const plain = <PlainTable {...table} layout={layout} rowSelection={rowSelection} />;
  return (
    <Stack gap="sm">
      {/* the table's own styles, only on pages with a list (a body <link rel=stylesheet> is valid HTML) */}
      <link rel="stylesheet" href={mrtStyles} />
      {enhanced ? (
        <Suspense fallback={plain}>
          <MrtTable
            {...(table as unknown as TableProps<Record<string, unknown>>)}
            layout={layout}
            setLayout={setLayout}
            rowSelection={rowSelection}
          />
        </Suspense>
      ) : (
        plain
      )}
      {meta ? <Pager meta={meta} /> : null}
    </Stack>
  );
}
