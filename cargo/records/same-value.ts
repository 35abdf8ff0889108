/**
 * Whether a field of a record really changed, for a change log ({ field: [before, after] }) written by the API and
 * read by the pages. A stored JSON block comes back from the database with its keys in another order, and an empty
 * list or block where there was none is no change a user made: so values are compared by content, not by text.
 */

/** The value reduced to what it says: dates as ISO, object keys sorted, empty text, lists and blocks as null. */
export function recordContent(value: unknown): unknown {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (value === undefined || value === null || value === "") return null;
  if (Array.isArray(value)) return value.length ? value.map(recordContent) : null;
  if (typeof value === "object") {
    const entries = Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => [k, recordContent((value as Record<string, unknown>)[k])] as const)
      .filter(([, v]) => v !== null);
    return entries.length ? Object.fromEntries(entries) : null;
  }
  return value;
}

/** True when before and after say the same (see recordContent). */
export function sameRecordValue(before: unknown, after: unknown): boolean {
  return JSON.stringify(recordContent(before)) === JSON.stringify(recordContent(after));
}
