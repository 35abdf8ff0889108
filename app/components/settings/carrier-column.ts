import type { Column } from "~/components/data/column";

/**
 * The airline column of a settings list, first in the row: only platform staff see it (they work on every airline's
 * rows); an airline user's list holds their own airline only. Spread into the columns.
 */
export function carrierColumn<Row extends { carrier: string }>(show: boolean, header: string): Column<Row>[] {
  return show ? [{ key: "carrier", sort: "carrier", header, render: (r) => r.carrier }] : [];
}
