/**
 * The one reading of a number a person or a client typed (issue 21 §8). JavaScript's own readings take far more than
 * decimals: Number("0x10") is 16, Number("1e309") is Infinity, Number("") is 0, and JSON.parse("1e309") is Infinity,
 * which JSON.stringify sends on as null. A field that went through them stored 16, 0 or nothing for what the user
 * typed. Here a number is decimal digits only, with the field's sign, scale and range, and everything else is
 * refused with the reason, so each side words it beside the field (the API in English, the BFF by i18n key).
 *
 * Pure: the API's input schemas (api/http/decimal-input.ts) and the BFF's forms (app/lib/forms/decimal-field.ts)
 * both build on it, so they refuse the same texts.
 */

/** What a number field takes. */
export interface DecimalRange {
  /** Lowest value. A minus sign is read only where this is below zero. */
  min: number;
  /** Highest value. */
  max: number;
  /** Most digits after the decimal separator; 0 for a whole number (pieces, counts, ids, pages). */
  scale: number;
}

/** Why a text or a number is not a value of the field. */
export type DecimalFault =
  /** Not decimal digits: an exponent, hex, a plus sign, spaces, letters, two separators, non-ASCII digits... */
  | { fault: "notation" }
  /** More digits after the separator than the field keeps. */
  | { fault: "scale"; scale: number }
  /** Below min (a minus sign where the field has no negatives too) or above max (Infinity too): `bound` says which. */
  | { fault: "range"; bound: "min" | "max"; min: number; max: number };

export type DecimalReading = { ok: true; value: number; /** The canonical decimal text: "-12.5", never "-012.50". */ text: string } | ({ ok: false } & DecimalFault);

/**
 * Doubles hold every decimal of up to 15 significant digits exactly, and print it back without an exponent while it
 * has at most 6 decimals and fewer than 21 integer digits: within these, a value read here prints as the text read.
 */
const SIGNIFICANT_DIGITS = 15;
const MAX_SCALE = 6;

/** Longer than any number a field holds, even with leading zeros: refused before the text is looked at further. */
export const MAX_DECIMAL_TEXT = 40;

/**
 * The whole grammar: an optional minus, ASCII digits, and at most one separator with digits on both sides. The comma
 * is read as the separator because Russian and Spanish write 1,5; there is no grouping (1 500 or 1,500,000 is refused,
 * never read as 1.5). `\d` in a regular expression without the `u` flag is [0-9] only.
 */
const DECIMAL = /^(-?)(\d+)(?:[.,](\d+))?$/;

const digitsOf = (n: number) => String(Math.trunc(Math.abs(n))).length;

/**
 * A range, checked once where a field is declared: a scale past 6 or more digits than a double keeps would let a
 * typed value come back different from what was typed.
 */
export function decimalRange(min: number, max: number, scale: number): DecimalRange {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) throw new RangeError(`Invalid range ${min}..${max}`);
  if (!Number.isInteger(scale) || scale < 0 || scale > MAX_SCALE) throw new RangeError(`Invalid scale ${scale}`);
  if (Math.max(digitsOf(min), digitsOf(max)) + scale > SIGNIFICANT_DIGITS) throw new RangeError(`${min}..${max} with ${scale} decimals needs more than ${SIGNIFICANT_DIGITS} digits`);
  return { min, max, scale };
}

const outOf = (range: DecimalRange, bound: "min" | "max"): DecimalReading => ({ ok: false, fault: "range", bound, min: range.min, max: range.max });

const inRange = (value: number, range: DecimalRange): DecimalReading =>
  value < range.min ? outOf(range, "min") : value > range.max ? outOf(range, "max") : { ok: true, value, text: String(value) };

/** Reads a typed number. Blanks around it are the input's, not the number's, and are dropped; blanks inside are not. */
export function readDecimalText(input: string, range: DecimalRange): DecimalReading {
  const trimmed = input.trim();
  if (trimmed.length > MAX_DECIMAL_TEXT) return { ok: false, fault: "notation" };
  const m = DECIMAL.exec(trimmed);
  if (!m) return { ok: false, fault: "notation" };
  const [, minus, whole, fraction = ""] = m as unknown as [string, string, string, string | undefined];
  // "-5" for a weight is a value below its range (said as "0 or more"), not a way of writing that is wrong
  if (minus && range.min >= 0) return outOf(range, "min");
  // a whole number is digits only ("2.0" pieces is a typo); elsewhere zeros past the scale change nothing ("1.50" kg)
  const decimals = range.scale === 0 ? fraction : fraction.replace(/0+$/, "");
  if (decimals.length > range.scale) return { ok: false, fault: "scale", scale: range.scale };
  const integer = whole.replace(/^0+(?=\d)/, "");
  // more integer digits than any range holds: out of range, and never handed to Number (which would round it)
  if (integer.length > SIGNIFICANT_DIGITS) return outOf(range, minus ? "min" : "max");
  const value = Number(`${minus}${integer}${decimals ? `.${decimals}` : ""}`);
  // -0 reads as 0: no field tells them apart, and String(-0) is "0"
  return inRange(value === 0 ? 0 : value, range);
}

/**
 * Checks a number that arrived as a number (a JSON body): finite, in range, within the scale. JSON.parse reads
 * 1e309 as Infinity: out of range. A number's decimals are those of its shortest printing (0.1 + 0.2 has 17).
 */
export function checkDecimalNumber(value: number, range: DecimalRange): DecimalReading {
  if (Number.isNaN(value)) return { ok: false, fault: "notation" };
  if (!Number.isFinite(value)) return outOf(range, value < 0 ? "min" : "max");
  const printed = String(Math.abs(value));
  const exponent = /e-(\d+)$/.exec(printed);
  const decimals = exponent ? Number(exponent[1]) + (printed.split("e")[0]!.split(".")[1]?.length ?? 0) : (printed.split(".")[1]?.length ?? 0);
  const ranged = inRange(value === 0 ? 0 : value, range);
  if (!ranged.ok) return ranged;
  if (decimals > range.scale) return { ok: false, fault: "scale", scale: range.scale };
  return ranged;
}

/** A number field's value from JSON or a form: text is read, a number is checked. Anything else is not a number. */
export function readDecimal(value: string | number, range: DecimalRange): DecimalReading {
  return typeof value === "number" ? checkDecimalNumber(value, range) : readDecimalText(value, range);
}
