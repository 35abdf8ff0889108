import { Stack } from "~/lib/mantine/Stack";
import mrtStyles from "mantine-react-table/styles.css";
import { lazy, Suspense } from "react";
import type { ListMeta, TableProps } from "./column";
import { ServerMrtTable } from "./mrt-table.server";
import { Pager } from "./pager";

export type { Column, ListMeta, RowSelection } from "./column";

// mantine-react-table weighs more than the rest of a list page's JS: the browser fetches it after the page is
// usable. The server renders it synchronously (ServerMrtTable; undefined in the browser build), the browser through
// React.lazy in the same <Suspense>: React 18 keeps the server HTML of a dehydrated boundary (links work) until the
// chunk arrives, then hydrates it. A client-side navigation to a list shows the fallback for that moment.
const LazyMrtTable = lazy(() => import("./mrt-table"));
const MrtTable = (typeof document === "undefined" ? ServerMrtTable : LazyMrtTable) as typeof ServerMrtTable;

/**
 * Every list of the product: one server page of rows whose sort, page and filters are the URL (links, reloads and
 * Back work, with JS off too), on mantine-react-table; the pager below when `meta` (the upstream list's) is given.
 */
export function DataTable<Row extends object>({ meta, ...table }: TableProps<Row> & { meta?: ListMeta }) {
  return (
    <Stack gap="sm">
      {/* the table's own styles, only on pages with a list (a body <link rel=stylesheet> is valid HTML) */}
      <link rel="stylesheet" href={mrtStyles} />
      <Suspense fallback={null}>
        <MrtTable {...(table as unknown as TableProps<Record<string, unknown>>)} />
      </Suspense>
      {meta ? <Pager meta={meta} /> : null}
    </Stack>
  );
}
