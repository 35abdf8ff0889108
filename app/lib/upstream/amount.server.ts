import { z } from "zod";
import { Decimal, formatAmount, parseAmount } from "../../../cargo/money/money";

// Amounts the API answers (issue 24): decimal text, never a JavaScript number. Read loosely, as the other wire fields
// are (an airline's own backend may send a JSON number: taken by its shortest text when that is a plain decimal);
// anything else is no amount rather than a wrong one. Server-side only: decimal.js stays out of the browser's code,
// which gets the text already rounded and only groups its digits (app/lib/i18n/amount-format.ts).

/** An amount's decimal text as sent, or null. */
export const LooseAmount = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => {
    if (v === null || v === undefined) return null;
    const text = String(v);
    return parseAmount(text).ok ? text : null;
  });

/** The amount rounded once to the currency's decimals (ISO 4217: JPY 0, KWD 3; two for a code it does not know). */
export const roundedAmount = (amount: string, currency: string | null): string => formatAmount(new Decimal(amount), currency ?? "");
