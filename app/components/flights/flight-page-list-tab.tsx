import { Button } from "~/lib/mantine/Button";
import { Group } from "~/lib/mantine/Group";
import { Stack } from "~/lib/mantine/Stack";
import { Link } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data/data-table";
import type { ErrorCode } from "~/lib/upstream/errors";
import { FlightPageTabError } from "./flight-page-tab-error";

/** A flight tab that is one list (allotments, booking rules): an optional "add" link, the rows or the load error. */
export function FlightPageListTab<Row extends { id: number }>({
  name,
  what,
  columns,
  rows,
  error,
  empty,
  create,
}: {
  /** Test ids: `<name>-tab`, `<name>-table`. */
  name: string;
  /** What the tab lists, for the error message. */
  what: string;
  columns: Column<Row>[];
  rows: Row[] | null;
  error: ErrorCode | null;
  empty: string;
  /** The page that adds a row, when the user may open it. */
  create: { href: string; label: string; testId: string } | null;
}) {
  return (
    <Stack gap="md" data-testid={`${name}-tab`}>
      {create ? (
        <Group justify="flex-end">
          <Button component={Link} to={create.href} data-testid={create.testId}>
            {create.label}
          </Button>
        </Group>
      ) : null}
      {rows ? (
        <DataTable id={`flight-${name}`} columns={columns} rows={rows} rowKey={(r) => r.id} empty={empty} testId={`${name}-table`} />
      ) : (
        <FlightPageTabError code={error} what={what} />
      )}
    </Stack>
  );
}
