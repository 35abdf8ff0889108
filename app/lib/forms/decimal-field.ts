import { z } from "zod";
import { DECIMALS, INT32_MAX, MAX_NUMBER, MAX_PERCENT, MAX_VOLUME_M3, MAX_WEIGHT_KG } from "../../../cargo/limits";
import { decimalRange, readDecimal, type DecimalFault, type DecimalRange } from "../../../cargo/numbers/decimal-text";

// The number fields of every form (issue 21 §8), in the browser (conform) and in the action alike. conform turns the
// text of a z.number() field into a number with Number(): "0x10" became 16 and "1e309" Infinity, which the upstream
// JSON carried as null. A field built here reads its text with cargo's one reader first (decimal digits, a point or a
// comma, the field's sign, scale and range) and says what is wrong beside the field; the inner z.number() only ever
// sees a number, so conform's Number() never reads the text.

/** What a field says instead of the generic message for a value below or above its range ("0 or more"). */
export interface DecimalMessages {
  required?: string;
  /** Below min, a minus sign where the field has no negatives included. */
  min?: string;
  max?: string;
}

/** The i18n key of a fault (with its values after "?", as useFieldError reads them). */
export function decimalFaultKey(fault: DecimalFault, range: DecimalRange, messages: DecimalMessages = {}): string {
  switch (fault.fault) {
    case "notation":
      return range.scale === 0 ? "errors:wholeNumberNotation" : "errors:decimalNotation";
    case "scale":
      return fault.scale === 0 ? "errors:integer" : `errors:precision?digits=${fault.scale}`;
    case "range":
      if (fault.bound === "min") return messages.min ?? `errors:minValue?min=${fault.min}`;
      return messages.max ?? `errors:maxValue?max=${fault.max}`;
  }
}

/**
 * A required number field of `range`. Chain `.optional()` for one that may stay empty (conform turns "" into
 * undefined before it); `.refine()` for rules beyond the range. Browsers' number inputs send what was typed.
 */
export function decimalField(range: DecimalRange, messages: DecimalMessages = {}) {
  return z.preprocess(
    (value, ctx) => {
      // an empty input is no value (conform strips "" only before the types it knows); blanks are a wrong value
      if (value === "") return undefined;
      if (typeof value !== "string" && typeof value !== "number") return value;
      const read = readDecimal(value, range);
      if (read.ok) return read.value;
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: decimalFaultKey(read, range, messages), fatal: true });
      return z.NEVER;
    },
    z.number({ required_error: messages.required ?? "errors:required", invalid_type_error: range.scale === 0 ? "errors:wholeNumberNotation" : "errors:decimalNotation" }),
  );
}

/** A whole number from min to max, digits only: pieces, counts, minutes, positions, ids. */
export const wholeNumberField = (min: number, max: number, messages: DecimalMessages = {}) => decimalField(decimalRange(min, max, 0), messages);

/** A record id a form carries (a hidden input, a button's value): a positive int32 in digits. */
export const idField = () => wholeNumberField(1, INT32_MAX, { min: "errors:invalid", max: "errors:invalid" });

/** A quantity without a limit of its own: within ±MAX_NUMBER, DECIMALS.other places. */
export const ANY_NUMBER = decimalRange(-MAX_NUMBER, MAX_NUMBER, DECIMALS.other);
/** The same, never below zero. */
export const NON_NEGATIVE_NUMBER = decimalRange(0, MAX_NUMBER, DECIMALS.other);
/** Weights (kg) and volumes (m3) as the API takes them (cargo/limits). */
export const WEIGHT = decimalRange(0, MAX_WEIGHT_KG, DECIMALS.weight);
export const VOLUME = decimalRange(0, MAX_VOLUME_M3, DECIMALS.volume);
/** A percentage of a rule or a limit (load factors go past 100). */
export const PERCENT = decimalRange(0, MAX_PERCENT, DECIMALS.percent);
