import { Badge } from "~/components/plain/badge";
import { Group } from "~/components/plain/group";
import { useFormat } from "~/components/settings/format";

/** Weights in kg and volumes in m³ as the capacity pages show them ("—" for a figure not given). */
export function useCapacityFormat() {
  const f = useFormat();
  return {
    ...f,
    kg: (v: number | null | undefined) => f.unit(v ?? null, "kilogram"),
    m3: (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${f.number(v)} m³`),
  };
}

/** A list of codes (SHC) as badges, "—" when empty; all spans, so it may stand inside a paragraph. */
export function CodeBadges({ codes }: { codes: readonly string[] }) {
  if (!codes.length) return <>—</>;
  return (
    <Group gap={4} component="span">
      {codes.map((c) => (
        <Badge key={c} component="span" variant="light" size="sm">
          {c}
        </Badge>
      ))}
    </Group>
  );
}
