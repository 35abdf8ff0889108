/**
 * Air waybill numbers (IATA Resolution 600a): a three-digit airline prefix and an eight-digit serial whose last
 * digit checks the first seven (their value modulo 7). Written "555-12345675" on the product's pages; people type
 * it with or without the hyphen, with spaces in groups ("555 1234 5675") and often with a hyphen before the check
 * digit as it stands on a paper blank ("555-1234567-5").
 */

/** The airline prefix: IATA's three-digit accounting code ("421" for S7, "555" for Aeroflot). */
export type AwbPrefix = string;

export interface AwbNumber {
  prefix: AwbPrefix;
  /** The eight-digit serial including the check digit: "12345675". */
  serial: string;
}

export type AwbNumberError = "format" | "control";

export type AwbNumberCheck = { valid: true; mawb: string; number: AwbNumber } | { valid: false; reason: AwbNumberError };

/** Digits separated by at most single spaces or hyphens (each with optional spaces around it), nothing else. */
const WRITTEN = /^\d+(?:\s*[-\s]\s*\d+)*$/;
/** Longer than any written form of eleven digits with separators: refused before any work. */
const MAX_WRITTEN_LENGTH = 40;

/** The check digit of a seven-digit serial: its value modulo 7. */
export function awbCheckDigit(serial7: string | number): number {
  const value = typeof serial7 === "number" ? serial7 : Number(serial7);
  if (!Number.isSafeInteger(value) || value < 0 || value > 9_999_999) throw new RangeError(`Not a seven-digit serial: ${serial7}`);
  return value % 7;
}

/** The digits of a written number in their order (prefix, serial, check digit), or null when it is not written as one. */
function digitsOf(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_WRITTEN_LENGTH || !WRITTEN.test(trimmed)) return null;
  const digits = trimmed.replace(/[-\s]/g, "");
  return digits.length === 11 ? digits : null;
}

/**
 * Reads an AWB number as people write it. `format` when it is not eleven digits in the accepted written forms,
 * `control` when the check digit does not match the serial (IATA: "invalid control bit").
 */
export function checkAwbNumber(text: string): AwbNumberCheck {
  const digits = digitsOf(text);
  if (!digits) return { valid: false, reason: "format" };
  const number = { prefix: digits.slice(0, 3), serial: digits.slice(3) };
  if (awbCheckDigit(number.serial.slice(0, 7)) !== Number(number.serial[7])) return { valid: false, reason: "control" };
  return { valid: true, mawb: formatAwbNumber(number), number };
}

/** The product's written form: "555-12345675". */
export function formatAwbNumber(number: AwbNumber): string {
  return `${number.prefix}-${number.serial}`;
}

/** The number of a serial from a stock range: the seven digits and their check digit ("421", 1234567 → "421-12345675"). */
export function awbNumberFromSerial(prefix: AwbPrefix, serial7: number): string {
  if (!isAwbPrefix(prefix)) throw new RangeError(`Not an AWB prefix: ${prefix}`);
  const check = awbCheckDigit(serial7);
  return formatAwbNumber({ prefix, serial: `${String(serial7).padStart(7, "0")}${check}` });
}

/** Three digits: an airline's AWB prefix. */
export function isAwbPrefix(text: string): boolean {
  return /^\d{3}$/.test(text);
}
