/** Reference lists the pickers search (shared by the resource route, the picker and server validation). */
export const REFERENCE_KINDS = ["airports", "countries", "shcs", "aircraft-types", "currencies", "charge-codes"] as const;
export type ReferenceKind = (typeof REFERENCE_KINDS)[number];

export interface ReferenceOption {
  value: string;
  label: string;
}

export function isReferenceKind(kind: string): kind is ReferenceKind {
  return (REFERENCE_KINDS as readonly string[]).includes(kind);
}
