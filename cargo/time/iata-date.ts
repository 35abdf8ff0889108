/**
 * The IATA day-month-year form "22NOV26" used in flight identities (number_with_date), FFM/FBL flight
 * lines and SSIM periods, and the two-digit year rule of spec 2 §9.
 */
import { parseIsoDate, daysInMonth, pad2 } from "./local-date";

export const IATA_MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] as const;

/**
 * Spec 2 §9: two-digit year cutoff 60. 00-59 are 2000-2059 and 60-99 are 1960-1999, so one window
 * covers the historic records that still turn up (old waybills, 1990s schedules) and the next decades.
 */
export const TWO_DIGIT_YEAR_CUTOFF = 60;

export function expandTwoDigitYear(yy: number): number {
  if (!Number.isInteger(yy) || yy < 0 || yy > 99) throw new RangeError(`Two-digit year out of range: ${yy}`);
  return yy < TWO_DIGIT_YEAR_CUTOFF ? 2000 + yy : 1900 + yy;
}

/**
 * "2026-11-22" -> "22NOV26". Years outside 1960-2059 are refused rather than written: their two-digit
 * form would read back as another century, and a flight identity must round-trip.
 */
export function formatIataDate(isoDate: string): string {
  const d = parseIsoDate(isoDate);
  if (!d) throw new RangeError(`Invalid date: ${JSON.stringify(isoDate)}`);
  if (d.year < 1900 + TWO_DIGIT_YEAR_CUTOFF || d.year >= 2000 + TWO_DIGIT_YEAR_CUTOFF) {
    throw new RangeError(`Year ${d.year} cannot be written with two digits (cutoff ${TWO_DIGIT_YEAR_CUTOFF})`);
  }
  return `${pad2(d.day)}${IATA_MONTHS[d.month - 1]}${pad2(d.year % 100)}`;
}

const IATA_DATE = /^(\d{2})([A-Z]{3})(\d{2})$/;

/** "22NOV26" (any letter case) -> "2026-11-22"; null when malformed or when the day does not exist (29FEB25). */
export function parseIataDate(text: string): string | null {
  const m = IATA_DATE.exec(text.trim().toUpperCase());
  if (!m) return null;
  const month = (IATA_MONTHS as readonly string[]).indexOf(m[2]!) + 1;
  if (month === 0) return null;
  const year = expandTwoDigitYear(Number(m[3]));
  const day = Number(m[1]);
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return `${year}-${pad2(month)}-${pad2(day)}`;
}
