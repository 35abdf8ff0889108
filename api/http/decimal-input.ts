import { z } from "zod";
import { decimalRange, readDecimal, type DecimalFault, type DecimalRange } from "../../cargo/numbers/decimal-text";

// A number field of a body or a query string (issue 21 §8). JSON sends numbers, forms and query strings send text, and
// both go through cargo's one reader: decimal digits only, the field's sign, scale and range. z.coerce.number and
// Number() read "0x10" as 16 and "1e3" as 1000, and JSON.parse reads 1e309 as Infinity, which was stored as null.

/** The stable code of a number not written as decimal digits within its field's scale: a query's 400 carries it. */
export const INVALID_NUMBER = "invalid_number";

export const NOT_A_NUMBER = "is not a number";
export const NOT_AN_INTEGER = "must be an integer";

/** The field's error in the API's words (spec 3 §7 field errors; spec 2 §5 "precision" for the scale). */
export function decimalFaultMessage(fault: DecimalFault): string {
  switch (fault.fault) {
    case "notation":
      return NOT_A_NUMBER;
    case "scale":
      return fault.scale === 0 ? NOT_AN_INTEGER : `must have at most ${fault.scale} decimal places`;
    case "range":
      return fault.bound === "min" ? `must be at least ${fault.min}` : `must be at most ${fault.max}`;
  }
}

/** Whether a zod issue is a number written wrongly (not merely out of range): what a query answers 400 for. */
export const isInvalidNumberIssue = (issue: { params?: Record<string, unknown> } | undefined) => issue?.params?.code === INVALID_NUMBER;

/**
 * The preprocess step of a number field: a string or a number becomes the value it is, or the field's error (fatal, so
 * the inner schema adds no second message). "" and null mean "no value" (null), as forms clear a field; anything else
 * (a boolean, an object) is left for the inner schema to call not a number.
 */
export const readNumberInput =
  (range: DecimalRange) =>
  (value: unknown, ctx: z.RefinementCtx): unknown => {
    if (value === "" || value === null) return null;
    if (typeof value !== "string" && typeof value !== "number") return value;
    const read = readDecimal(value, range);
    if (read.ok) return read.value;
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: decimalFaultMessage(read),
      fatal: true,
      ...(read.fault === "range" ? {} : { params: { code: INVALID_NUMBER } }),
    });
    return z.NEVER;
  };

/**
 * The number the field holds once read: its bounds restated so the OpenAPI document shows them (the abuse suite
 * generates values from it), and a whole number where the scale is 0.
 */
export function numberOf(range: DecimalRange, messages: { required?: string } = {}) {
  const n = z
    .number({ required_error: messages.required, invalid_type_error: NOT_A_NUMBER })
    .min(range.min, `must be at least ${range.min}`)
    .max(range.max, `must be at most ${range.max}`);
  return range.scale === 0 ? n.int(NOT_AN_INTEGER) : n;
}

/** A number field: text or a number, read strictly; "" and null give null, absent undefined. */
export const decimalInput = (range: DecimalRange) => z.preprocess(readNumberInput(range), numberOf(range).nullish());

/** A number field that holds a value when given (chain .optional() or .default()): text or a number, read strictly. */
export const strictNumber = (range: DecimalRange) => z.preprocess(readNumberInput(range), numberOf(range));

/** A whole number from min to max, digits only: pages, counts, priorities, days of the week. */
export const wholeNumber = (min: number, max: number) => strictNumber(decimalRange(min, max, 0));
