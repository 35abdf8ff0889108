import { z } from "zod";
import { decimalRange, readDecimal, type DecimalFault, type DecimalRange } from "../../cargo/numbers/decimal-text";
import { type Refusal, said, sentenceOf } from "./refusals";

// A number field of a body or a query string (issue 21 §8). JSON sends numbers, forms and query strings send text, and
// both go through cargo's one reader: decimal digits only, the field's sign, scale and range. z.coerce.number and
// Number() read "0x10" as 16 and "1e3" as 1000, and JSON.parse reads 1e309 as Infinity, which was stored as null.

export const NOT_A_NUMBER = said("not_a_number");
export const NOT_AN_INTEGER = said("not_an_integer");

/** The field's refusal (spec 3 §7 field errors; spec 2 §5 "precision" for the scale). */
export function decimalFaultRefusal(fault: DecimalFault): Refusal {
  switch (fault.fault) {
    case "notation":
      return { code: "not_a_number", params: {} };
    case "scale":
      return fault.scale === 0 ? { code: "not_an_integer", params: {} } : { code: "too_many_decimals", params: { scale: fault.scale } };
    case "range":
      return fault.bound === "min" ? { code: "too_small", params: { min: fault.min } } : { code: "too_big", params: { max: fault.max } };
  }
}

/** The field's error in the API's words. */
export const decimalFaultMessage = (fault: DecimalFault): string => {
  const r = decimalFaultRefusal(fault);
  return sentenceOf(r.code, r.params);
};

/** Marks a number written wrongly (not merely out of range) among a zod issue's params: a query answers 400 for it. */
const WRITTEN_WRONGLY = "invalid_number";

/** Whether a zod issue is a number written wrongly (not merely out of range): what a query answers 400 for. */
export const isInvalidNumberIssue = (issue: { params?: Record<string, unknown> } | undefined) => issue?.params?.[WRITTEN_WRONGLY] === 1;

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
    const refusal = decimalFaultRefusal(read);
    ctx.addIssue({
      code: z.ZodIssueCode.custom,
      message: sentenceOf(refusal.code, refusal.params),
      fatal: true,
      params: { code: refusal.code, ...refusal.params, ...(read.fault === "range" ? {} : { [WRITTEN_WRONGLY]: 1 }) },
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
    .min(range.min, sentenceOf("too_small", { min: range.min }))
    .max(range.max, sentenceOf("too_big", { max: range.max }));
  return range.scale === 0 ? n.int(NOT_AN_INTEGER) : n;
}

/** A number field: text or a number, read strictly; "" and null give null, absent undefined. */
export const decimalInput = (range: DecimalRange) => z.preprocess(readNumberInput(range), numberOf(range).nullish());

/** A number field that holds a value when given (chain .optional() or .default()): text or a number, read strictly. */
export const strictNumber = (range: DecimalRange) => z.preprocess(readNumberInput(range), numberOf(range));

/** A whole number from min to max, digits only: pages, counts, priorities, days of the week. */
export const wholeNumber = (min: number, max: number) => strictNumber(decimalRange(min, max, 0));
