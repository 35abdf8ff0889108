// Reading a price's decimal text. The API stores what parseAmount accepted, so a bad value means broken data, not
// a user's typo: the engine refuses to price (invalid_price_data, naming the row and field) rather than guess.
import { Decimal, parseAmount } from "../money/money";

export class PriceDataError extends Error {
  constructor(
    readonly sourceId: number,
    readonly field: string,
  ) {
    super(`Unreadable ${field} of price ${sourceId}`);
  }
}

/** A rate, amount or percent: decimal text as parseAmount reads it, and never negative (prices do not pay back). */
export function readPriceDecimal(text: string | null, sourceId: number, field: string): Decimal {
  const parsed = typeof text === "string" ? parseAmount(text) : null;
  if (!parsed?.ok || parsed.value.isNegative()) throw new PriceDataError(sourceId, field);
  return parsed.value;
}

/**
 * A weight, count or break (a JavaScript number) as a Decimal, through its shortest text (10.1 stays 10.1): so the
 * only binary rounding is the one the number already carried.
 */
export const decimalOfQuantity = (value: number): Decimal => new Decimal(String(value));

/** Quantities the engine multiplies: finite and not negative. */
export const isQuantity = (value: number): boolean => Number.isFinite(value) && value >= 0;
