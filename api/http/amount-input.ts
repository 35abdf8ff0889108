import { z } from "zod";
import { Decimal, parseAmount } from "../../cargo/money/money";
import { BLANK } from "../settings/common";
import { said, sentenceOf } from "./refusals";

// An amount, rate or percentage in a body (issue 24, "money first"): decimal text, read by cargo/money's parseAmount
// so that "1e309", "0x10", "-0" and 40 digits are refused with a code under the field, and kept as the canonical text
// PostgreSQL's numeric stores. JSON may send a number (spec 2 §3: numeric fields arrive as text or number): it is
// read from its shortest decimal text, so 0.1 stays 0.1; a non-finite one never reaches here (JSON has none).

const readAmount = (negative: boolean) => (value: unknown, ctx: z.RefinementCtx): unknown => {
  if (value === "" || value === null) return null;
  if (typeof value !== "string" && typeof value !== "number") return value;
  const read = parseAmount(typeof value === "number" ? String(value) : value);
  if (!read.ok) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: sentenceOf(read.code, {}), fatal: true, params: { code: read.code } });
    return z.NEVER;
  }
  if (!negative && read.value.isNegative()) {
    ctx.addIssue({ code: z.ZodIssueCode.custom, message: said("must_be_zero_or_more"), fatal: true });
    return z.NEVER;
  }
  return read.value.toFixed();
};

const text = z.string({ invalid_type_error: said("amount_not_decimal") });

/** An optional amount: "" and null clear it (null), absent leaves it. Never negative unless `negative`. */
export const optAmount = (opts: { negative?: boolean } = {}) => z.preprocess(readAmount(opts.negative ?? false), text.nullish());

/** A required amount. */
export const reqAmount = (opts: { negative?: boolean } = {}) =>
  z.preprocess((v, ctx) => (v === null || v === "" ? undefined : readAmount(opts.negative ?? false)(v, ctx)), z.string({ required_error: BLANK, invalid_type_error: said("amount_not_decimal") }));

/** A percentage from 0 to 100 (VAT). */
export const optPercent = () =>
  optAmount().refine((v) => v == null || new Decimal(v).lte(100), said("too_big", { max: 100 }));
