/**
 * A clock time as people type it, read into the `HH:mm` the forms post (24-hour, the product's only clock).
 * "930", "9:30", "9.30", "09 30" and "9:30 pm" all become a time; anything else comes back as typed, so the
 * form's schema (the server's as well) names the error instead of this guessing it away.
 */
export function normalizeTime(typed: string): string {
  const text = typed.trim();
  const m = /^(\d{1,2})(?:[:.,\sh]?(\d{2}))?\s*(am|pm|a\.m\.|p\.m\.)?$/i.exec(text) ?? /^(\d)(\d{2})$/.exec(text);
  if (!m) return typed;
  let hours = Number(m[1]);
  const minutes = m[2] === undefined ? 0 : Number(m[2]);
  const half = m[3]?.toLowerCase().replace(/\./g, "");
  if (half) {
    if (hours < 1 || hours > 12) return typed;
    hours = (hours % 12) + (half === "pm" ? 12 : 0);
  }
  if (hours > 23 || minutes > 59) return typed;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}
