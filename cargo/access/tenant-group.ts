// Spec 1 §4: "The n4 and eo companies are treated as one group"; every other code is its own group.
const GROUPS: Readonly<Record<string, string>> = { n4: "n4", eo: "n4" };

/** The group a company code belongs to ("eo" → "n4"). */
export function tenantGroup(code: string): string {
  const lower = code.toLowerCase();
  return GROUPS[lower] ?? lower;
}
