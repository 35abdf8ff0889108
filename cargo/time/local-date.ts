/**
 * Calendar dates without a time zone ("YYYY-MM-DD"), as a schedule period or a flight date is written.
 *
 * Arithmetic goes through Date.UTC on purpose: a UTC day is always 24 hours long, so adding days never
 * trips over a daylight-saving change the way local-time Date methods would.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

export interface CalendarDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

/** Days in a month of the proleptic Gregorian calendar (the one every airline system uses). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads "YYYY-MM-DD" and checks that the day exists (2026-02-29 does not), because a flight date the
 * calendar lacks must be refused, not silently rolled into March as Date would do.
 * Years are limited to 1000-9999: four digits is what the wire format carries.
 */
export function parseIsoDate(text: string): CalendarDate | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (year < 1000 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== null;
}

export function formatIsoDate({ year, month, day }: CalendarDate): string {
  return `${String(year).padStart(4, "0")}-${pad2(month)}-${pad2(day)}`;
}

function requireDate(text: string): CalendarDate {
  const d = parseIsoDate(text);
  if (!d) throw new RangeError(`Invalid calendar date: ${JSON.stringify(text)}`);
  return d;
}

/** Milliseconds of the date's midnight read as UTC; the common ground for day arithmetic. */
export function isoDateToEpochDay(text: string): number {
  const d = requireDate(text);
  return Date.UTC(d.year, d.month - 1, d.day) / DAY_MS;
}

export function epochDayToIsoDate(epochDay: number): string {
  const dt = new Date(epochDay * DAY_MS);
  return formatIsoDate({ year: dt.getUTCFullYear(), month: dt.getUTCMonth() + 1, day: dt.getUTCDate() });
}

export function addDays(text: string, days: number): string {
  return epochDayToIsoDate(isoDateToEpochDay(text) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return isoDateToEpochDay(to) - isoDateToEpochDay(from);
}

/** ISO weekday, 1 = Monday ... 7 = Sunday: the numbering SSIM uses for days of operation. */
export function isoWeekday(text: string): number {
  const dow = new Date(isoDateToEpochDay(text) * DAY_MS).getUTCDay(); // 0 = Sunday
  return dow === 0 ? 7 : dow;
}

export function pad2(n: number): string {
  return String(n).padStart(2, "0");
}
