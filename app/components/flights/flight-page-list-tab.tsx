import { Button } from "~/components/plain/button";
import { Group } from "~/components/plain/group";
import { Stack } from "~/components/plain/stack";
import { Link } from "@remix-run/react";
import { DataTable, type Column } from "~/components/data/data-table";
import type { ErrorCode } from "~/lib/upstream/errors";
import { FlightPageTabError } from "./flight-page-tab-error";

/** What the flight page's loader gives a list tab: its rows, or why they could not be loaded. */
export interface FlightListTabData<Row> {
  rows: Row[] | null;
  error: ErrorCode | null;
  /** The page that adds a row on this flight (its create page), when the user may open it. */
  createHref: string | null;
}

/** A flight tab that is one list (allotments, booking rules): an optional "add" link, the rows or the load error. */
export function FlightPageListTab<Row extends { id: number }>({
  name,
  what,
  columns,
  rows,
  error,
  empty,
  createHref,
  add,
}: FlightListTabData<Row> & {
  /** Test ids: `<name>-tab`, `<name>-table`. */
  name: string;
  /** What the tab lists, for the error message. */
  what: string;
  columns: Column<Row>[];
  empty: string;
  /** The "add" link's text and test id. */
  add: { label: string; testId: string };
}) {
  return (
    <Stack gap="md" data-testid={`${name}-tab`}>
      {createHref ? (
        <Group justify="flex-end">
          <Button component={Link} to={createHref} data-testid={add.testId}>
            {add.label}
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
