import currencyCodes from "currency-codes";
import DecimalJs from "decimal.js";

// Money in the product (issue 24, "money first"): every amount, rate and charge is a decimal, never a JavaScript
// number. It travels as decimal text (what PostgreSQL `numeric` and the API's JSON carry), is computed as a Decimal
// (decimal.js, DESIGN §1: exact decimal arithmetic, so 0.1 + 0.2 is 0.3), and is rounded once, at the end of a
// computation, to the currency's ISO 4217 minor units (JPY 0, RUB 2, KWD 3), half away from zero (1.005 → 1.01,
// -2.5 → -3).

/**
 * The product's own decimal constructor, so decimal.js's shared default is never changed: 40 significant digits (an
 * amount has at most 21, a product of two keeps them all), half away from zero, and plain notation (no exponent)
 * for every amount it can hold.
 */
export const Decimal = DecimalJs.clone({ precision: 40, rounding: DecimalJs.ROUND_HALF_UP, toExpNeg: -40, toExpPos: 40 });
export type Decimal = DecimalJs;

/** The most integer digits an amount may have: a trillion and more in any currency, far inside numeric(28, 6). */
export const AMOUNT_INTEGER_DIGITS = 15;
/** The most fraction digits an amount may have (a rate per kilogram may need more than the currency's). */
export const AMOUNT_FRACTION_DIGITS = 6;

// Plain decimal text: an optional minus, digits without leading zeros, an optional fraction. No exponent ("1e309"),
// no hexadecimal ("0x10"), no plus sign, no spaces, no grouping, no "Infinity" or "NaN".
const AMOUNT_TEXT = new RegExp(`^-?(?:0|[1-9]\\d{0,${AMOUNT_INTEGER_DIGITS - 1}})(?:\\.\\d{1,${AMOUNT_FRACTION_DIGITS}})?$`);

/** Why an amount's text was refused: an i18n refusal code the API and the BFF both know. */
export type AmountRefusal = "amount_not_decimal" | "amount_too_long" | "amount_negative_zero";

export type ParsedAmount = { ok: true; value: Decimal } | { ok: false; code: AmountRefusal };

/**
 * Reads an amount as a person or a client sends it: decimal text within AMOUNT_INTEGER_DIGITS and
 * AMOUNT_FRACTION_DIGITS. Refused with a code: anything else (exponents, hexadecimal, signs, spaces), too many digits
 * (checked by length first, so a 40-digit or a megabyte string costs nothing), and minus zero.
 */
export function parseAmount(text: string): ParsedAmount {
  if (text.length > AMOUNT_INTEGER_DIGITS + AMOUNT_FRACTION_DIGITS + 2) return { ok: false, code: "amount_too_long" };
  if (!AMOUNT_TEXT.test(text)) {
    const digits = /^-?(\d+)(?:\.(\d+))?$/.exec(text);
    const tooLong = digits && (digits[1]!.length > AMOUNT_INTEGER_DIGITS || (digits[2]?.length ?? 0) > AMOUNT_FRACTION_DIGITS);
    return { ok: false, code: tooLong ? "amount_too_long" : "amount_not_decimal" };
  }
  const value = new Decimal(text);
  if (text.startsWith("-") && value.eq(0)) return { ok: false, code: "amount_negative_zero" };
  return { ok: true, value };
}

/** The currency's minor units (ISO 4217: JPY 0, RUB 2, KWD 3), or null for a code ISO 4217 does not have. */
export function minorUnitsOf(currency: string): number | null {
  const known = currencyCodes.code(currency.toUpperCase());
  return known ? known.digits : null;
}

/** A currency's minor units, for a code already checked (a stored waybill's currency): two when it is unknown. */
const digitsOf = (currency: string) => minorUnitsOf(currency) ?? 2;

/** The amount rounded to the currency's minor units, half away from zero. */
export function roundToCurrency(value: Decimal, currency: string): Decimal {
  return value.toDecimalPlaces(digitsOf(currency), DecimalJs.ROUND_HALF_UP);
}

/** The amount as the currency writes it: rounded to its minor units, with exactly that many decimals ("12.30", "5"). */
export function formatAmount(value: Decimal, currency: string): string {
  const digits = digitsOf(currency);
  return value.toFixed(digits, DecimalJs.ROUND_HALF_UP);
}

/**
 * A rate as the currency writes it: at least the currency's decimals, and any finer digits the rate has (a rate per
 * kilogram may be finer than the currency: 0.125 USD stays 0.125, 145 RUB is 145.00). Nothing is rounded away.
 */
export function formatRate(value: Decimal, currency: string): string {
  return value.toFixed(Math.max(digitsOf(currency), value.decimalPlaces()));
}

/**
 * The amount in the currency's minor units, rounded first (12.30 RUB → 1230, 5 JPY → 5, 1.005 KWD → 1005): what
 * fixed-width files such as CASS carry, with the decimals implied by the currency.
 */
export function toMinorUnits(value: Decimal, currency: string): Decimal {
  return roundToCurrency(value, currency).times(new Decimal(10).pow(digitsOf(currency)));
}

/** The sum of amounts, exact (round the result, not the terms). */
export function sumAmounts(values: Iterable<Decimal>): Decimal {
  let total = new Decimal(0);
  for (const value of values) total = total.plus(value);
  return total;
}

/**
 * An amount stored before money was decimal (a double-precision column or JSON number) as a Decimal: its shortest
 * decimal text, as JavaScript prints it, so 1.005 stays 1.005 instead of 1.00499999999999989…; a missing or
 * non-finite value is zero.
 */
export function decimalOfStored(amount: number | string | null | undefined): Decimal {
  if (amount == null) return new Decimal(0);
  if (typeof amount === "number") return Number.isFinite(amount) ? new Decimal(String(amount)) : new Decimal(0);
  const parsed = parseAmount(amount);
  return parsed.ok ? parsed.value : new Decimal(0);
}
