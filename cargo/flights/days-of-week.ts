/**
 * Days of operation of a regular schedule, numbered as SSIM does: 1 = Monday ... 7 = Sunday.
 *
 * Two written forms are in use and both are read:
 * - positional, exactly 7 characters, position n holds the digit n or a filler ("1.3.5.7",
 *   " 2 4 6 ", "1-3-5--"): SSIM's own layout, and what the flight list shows;
 * - compact, the operating digits in ascending order ("1357", "1234567"): what people type.
 * "1234567" is both and means daily either way.
 */

export type DaysOfWeekError = "no_weekday" | "invalid_days_of_week";

const FILLERS = new Set([".", " ", "-", "x", "X"]);

/** The set as a sorted list of distinct weekdays; an error when it cannot be read or is empty. */
export function parseDaysOfWeek(
  input: string | readonly number[],
): { ok: true; value: number[] } | { ok: false; error: DaysOfWeekError } {
  if (Array.isArray(input)) {
    const list = input as readonly number[];
    if (list.some((d) => !Number.isInteger(d) || d < 1 || d > 7)) return { ok: false, error: "invalid_days_of_week" };
    const days = [...new Set(list)].sort((a, b) => a - b);
    return days.length === 0 ? { ok: false, error: "no_weekday" } : { ok: true, value: days };
  }
  if (typeof input !== "string") return { ok: false, error: "invalid_days_of_week" };
  const text = input;
  if (text.trim() === "") return { ok: false, error: "no_weekday" };

  if (text.length === 7 && [...text].every((ch, i) => ch === String(i + 1) || FILLERS.has(ch))) {
    const days: number[] = [];
    for (let i = 0; i < 7; i++) if (text[i] === String(i + 1)) days.push(i + 1);
    return days.length === 0 ? { ok: false, error: "no_weekday" } : { ok: true, value: days };
  }

  const compact = text.trim();
  if (!/^[1-7]{1,7}$/.test(compact)) return { ok: false, error: "invalid_days_of_week" };
  const days = [...compact].map(Number);
  // Strictly ascending: "31" or "113" are more likely typing slips than a meaning we should guess.
  for (let i = 1; i < days.length; i++) if (days[i]! <= days[i - 1]!) return { ok: false, error: "invalid_days_of_week" };
  return { ok: true, value: days };
}

/** positional: "1.3.5.." (SSIM layout with dots); compact: "135". */
export function formatDaysOfWeek(days: readonly number[], style: "positional" | "compact" = "positional"): string {
  const set = new Set(days);
  for (const d of set) if (!Number.isInteger(d) || d < 1 || d > 7) throw new RangeError(`Invalid weekday: ${d}`);
  if (style === "compact") return [...set].sort((a, b) => a - b).join("");
  let out = "";
  for (let d = 1; d <= 7; d++) out += set.has(d) ? String(d) : ".";
  return out;
}

export function isDaily(days: readonly number[]): boolean {
  return new Set(days).size === 7;
}
