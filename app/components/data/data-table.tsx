import { Anchor, Table, Text } from "@mantine/core";
import { Link, useLocation } from "@remix-run/react";
import type { ReactNode } from "react";

export interface Column<Row> {
  key: string;
  header: string;
  /** Server-side sort key; the header becomes a link that toggles `sort` / `direction` in the URL. */
  sort?: string;
  render(row: Row): ReactNode;
}

/**
 * A server-paginated, server-sorted list as plain HTML: every control is a link, so it works with JS off and
 * costs the client almost nothing (list pages stay light; forms live on their own routes).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  empty,
  testId,
}: {
  columns: Column<Row>[];
  rows: Row[];
  rowKey(row: Row): string | number;
  empty: string;
  testId?: string;
}) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const currentSort = params.get("sort");
  const currentDirection = params.get("direction") === "desc" ? "desc" : "asc";
  const sortHref = (key: string) => {
    const next = new URLSearchParams(location.search);
    next.set("sort", key);
    next.set("direction", currentSort === key && currentDirection === "asc" ? "desc" : "asc");
    next.delete("page");
    return `${location.pathname}?${next}`;
  };
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table striped highlightOnHover data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} aria-sort={c.sort && currentSort === c.sort ? (currentDirection === "asc" ? "ascending" : "descending") : undefined}>
                {c.sort ? (
                  <Anchor component={Link} to={sortHref(c.sort)} c="inherit" fw={700} size="sm">
                    {c.header}
                    {currentSort === c.sort ? (currentDirection === "asc" ? " ▲" : " ▼") : ""}
                  </Anchor>
                ) : (
                  c.header
                )}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" size="sm">
                  {empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => (
              <Table.Tr key={rowKey(row)}>
                {columns.map((c) => (
                  <Table.Td key={c.key}>{c.render(row)}</Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
