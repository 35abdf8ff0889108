import { z } from "zod";
import { AMOUNT_FRACTION_DIGITS, AMOUNT_INTEGER_DIGITS, Decimal } from "../../cargo/money/money";

// An amount in an answer (issue 24): decimal text, never a JSON number, which every reader takes for a binary float.
// Bodies read amounts with api/http/amount-input.ts.

/** An amount as answers carry it: decimal text of at most AMOUNT_INTEGER_DIGITS + AMOUNT_FRACTION_DIGITS digits. */
export const AmountAnswer = z
  .string()
  .regex(/^-?\d+(?:\.\d+)?$/)
  .describe(`an amount: decimal text, at most ${AMOUNT_INTEGER_DIGITS} digits before the point and ${AMOUNT_FRACTION_DIGITS} after`);

/** A stored amount as answers carry it: numeric(21, 6) pads to six decimals ("1500.000000"), the answer says "1500". */
export const amountAnswer = (stored: string | null): string | null => (stored === null ? null : new Decimal(stored).toFixed());
