import { telegramError, type TelegramError } from "../telegram-error";

/**
 * Small field readers and writers the Cargo-IMP codecs share (issue 23). Money stays a decimal string exactly as the
 * telegram wrote it ("735", "2.50"): it is never turned into a JS number (DESIGN §4b).
 */

/** A charge, rate or declared value: digits with an optional decimal part, at most 12 + 5 digits. */
export const AMOUNT = /^\d{1,12}(?:\.\d{1,5})?$/;
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"] as const;
const DAY_MONTH_YEAR = /^(\d{2})([A-Z]{3})(\d{2})$/;
const ISO_DATE = /^20(\d{2})-(\d{2})-(\d{2})$/;

/** Collects a message's faults; each reader pushes its own with the line it read. */
export class Faults {
  readonly list: TelegramError[] = [];
  add(line: number, code: TelegramError["code"], params?: Record<string, string | number>): void {
    this.list.push(telegramError(line, code, params));
  }
}

/** "735" → "735"; "" → null; anything else is a fault on `line` and null. */
export function readAmount(faults: Faults, line: number, field: string, text: string | undefined): string | null {
  if (text === undefined || text === "") return null;
  if (AMOUNT.test(text)) return text;
  faults.add(line, "bad_field", { field, value: text.slice(0, 40) });
  return null;
}

/** A whole count (pieces, SLAC): up to 6 digits. */
export function readCount(faults: Faults, line: number, field: string, text: string | undefined): number | null {
  if (text === undefined || text === "") return null;
  if (/^\d{1,6}$/.test(text)) return Number(text);
  faults.add(line, "bad_field", { field, value: text.slice(0, 40) });
  return null;
}

/** A weight or dimension: up to 7 digits with an optional decimal part (not money: a number is exact enough). */
export function readMeasure(faults: Faults, line: number, field: string, text: string | undefined): number | null {
  if (text === undefined || text === "") return null;
  if (/^\d{1,7}(?:\.\d{1,3})?$/.test(text)) return Number(text);
  faults.add(line, "bad_field", { field, value: text.slice(0, 40) });
  return null;
}

/** "08DEC10" → "2010-12-08" (Cargo-IMP dates carry two year digits; the century is this one). */
export function readDayMonthYear(faults: Faults, line: number, field: string, text: string | undefined): string | null {
  if (!text) return null;
  const m = DAY_MONTH_YEAR.exec(text);
  const month = m ? MONTHS.indexOf(m[2] as (typeof MONTHS)[number]) + 1 : 0;
  const day = m ? Number(m[1]) : 0;
  if (!m || !month || day < 1 || day > daysIn(2000 + Number(m[3]), month)) {
    faults.add(line, "bad_field", { field, value: text.slice(0, 40) });
    return null;
  }
  return `20${m[3]}-${String(month).padStart(2, "0")}-${m[1]}`;
}

/** "2010-12-08" → "08DEC10". Throws RangeError for a date Cargo-IMP cannot carry (another century, not a date). */
export function writeDayMonthYear(iso: string): string {
  const m = ISO_DATE.exec(iso);
  const month = m ? Number(m[2]) : 0;
  if (!m || month < 1 || month > 12 || Number(m[3]) < 1 || Number(m[3]) > daysIn(2000 + Number(m[1]), month)) throw new RangeError(`Not a date Cargo-IMP can carry: ${iso}`);
  return `${m[3]}${MONTHS[month - 1]}${m[1]}`;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A generator's check on text it writes into one "/"-separated element: Type-B characters, no separator, no line end. */
export function element(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (!/^[A-Z0-9 .,\-()'?:+=!"%&*;<>#@_\\]*$/.test(value)) throw new RangeError(`${field} cannot be written in a telegram element: ${JSON.stringify(value)}`);
  return value;
}

/** A generator's check on an amount it writes. */
export function amount(field: string, value: string | null | undefined): string {
  if (value === null || value === undefined) return "";
  if (!AMOUNT.test(value)) throw new RangeError(`${field} is not a decimal amount: ${JSON.stringify(value)}`);
  return value;
}

/** A number as Cargo-IMP writes it: no exponent, no trailing zeros ("245", "12.5"). */
export function measure(value: number): string {
  if (!Number.isFinite(value) || value < 0) throw new RangeError(`Not a measure: ${value}`);
  return String(Number(value.toFixed(3)));
}

/** Empty element → null, so that a model never carries "" for "not given". */
export function orNull(text: string | undefined): string | null {
  return text === undefined || text === "" ? null : text;
}
