import { Anchor } from "~/components/plain/anchor";
import { Link, useLocation } from "@remix-run/react";
import { listUrlState, sortHref } from "~/lib/forms/list-url";
import type { Column } from "./column";

/** A column's header: a link that toggles the server sort in the URL (works without JS), or the plain title. */
export function SortHeader({ column }: { column: Pick<Column<never>, "header" | "sort"> }) {
  const location = useLocation();
  if (!column.sort) return <>{column.header}</>;
  const url = listUrlState(location.search);
  const active = url.sort === column.sort;
  return (
    <Anchor component={Link} to={sortHref(location.pathname, location.search, column.sort)} c="inherit" fw={700} size="sm" preventScrollReset>
      {column.header}
      {active ? (url.direction === "asc" ? " ▲" : " ▼") : ""}
    </Anchor>
  );
}

/** The `aria-sort` of a column's header cell, when the URL sorts by it. */
export function ariaSortOf(column: Pick<Column<never>, "sort">, search: string): "ascending" | "descending" | undefined {
  const url = listUrlState(search);
  if (!column.sort || url.sort !== column.sort) return undefined;
  return url.direction === "asc" ? "ascending" : "descending";
}
