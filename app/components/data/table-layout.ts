import { useCallback, useEffect, useState } from "react";
import type { MRT_ColumnOrderState, MRT_DensityState, MRT_VisibilityState } from "mantine-react-table";

/** What a user arranges in a list and finds again next time: hidden columns, their order, the row density. */
export interface TableLayout {
  columnVisibility: MRT_VisibilityState;
  columnOrder?: MRT_ColumnOrderState;
  density: MRT_DensityState;
}

export const DEFAULT_LAYOUT: TableLayout = { columnVisibility: {}, density: "md" };

/** The storage key of one user's layout of one table. */
export const layoutKey = (userKey: string, tableId: string) => `cargo-desk:table-layout:${userKey}:${tableId}`;

function readLayout(key: string): TableLayout {
  try {
    const stored = JSON.parse(window.localStorage.getItem(key) ?? "null") as Partial<TableLayout> | null;
    if (!stored || typeof stored !== "object") return DEFAULT_LAYOUT;
    return {
      columnVisibility: stored.columnVisibility && typeof stored.columnVisibility === "object" ? stored.columnVisibility : {},
      columnOrder: Array.isArray(stored.columnOrder) ? stored.columnOrder.filter((id) => typeof id === "string") : undefined,
      density: stored.density === "xs" || stored.density === "xl" ? stored.density : "md",
    };
  } catch {
    return DEFAULT_LAYOUT; // storage off (private mode) or a value that is not ours: the default layout
  }
}

/**
 * A table layout remembered per signed-in user and table. It lives in localStorage, not in the session or the
 * API: it is a display preference of this browser that holds no secret, it must not cost a request, and it is
 * keyed by the user so two people sharing a browser keep their own. The first render is always the default
 * layout, as the server rendered it (hydration must match); the stored one applies right after.
 */
export function useTableLayout(userKey: string | null, tableId: string) {
  const key = userKey ? layoutKey(userKey, tableId) : null;
  const [layout, setLayout] = useState<TableLayout>(DEFAULT_LAYOUT);
  useEffect(() => {
    if (key) setLayout(readLayout(key));
  }, [key]);
  const update = useCallback(
    (change: (current: TableLayout) => TableLayout) =>
      setLayout((current) => {
        const next = change(current);
        try {
          if (key) window.localStorage.setItem(key, JSON.stringify(next));
        } catch {
          // storage full or off: the layout still applies until the page is left
        }
        return next;
      }),
    [key],
  );
  return [layout, update] as const;
}

/** The columns a layout shows, in its order (columns the stored order does not name keep their place at the end). */
export function visibleColumns<C extends { key: string }>(columns: C[], layout: TableLayout): C[] {
  const shown = columns.filter((column) => layout.columnVisibility[column.key] !== false);
  if (!layout.columnOrder?.length) return shown;
  const rank = new Map(layout.columnOrder.map((key, index) => [key, index]));
  return [...shown].sort((a, b) => (rank.get(a.key) ?? Infinity) - (rank.get(b.key) ?? Infinity));
}
