import { useCallback, useMemo, useState } from "react";
import type { RowSelection } from "./column";

/** The rows a user has ticked, held above both renderings of a DataTable so a tick survives the swap to MRT. */
export interface TableSelection {
  selected: Record<string, boolean>;
  set(next: Record<string, boolean>): void;
  toggle(id: string, checked: boolean): void;
}

export function useTableSelection(selection: RowSelection | undefined): TableSelection {
  const [selected, setSelected] = useState<Record<string, boolean>>(() => Object.fromEntries((selection?.initial ?? []).map((id) => [id, true])));
  const onChange = selection?.onChange;
  const set = useCallback(
    (next: Record<string, boolean>) => {
      setSelected(next);
      onChange?.(Object.keys(next).filter((id) => next[id]));
    },
    [onChange],
  );
  const toggle = useCallback((id: string, checked: boolean) => set({ ...selected, [id]: checked }), [selected, set]);
  return useMemo(() => ({ selected, set, toggle }), [selected, set, toggle]);
}
