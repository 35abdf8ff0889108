import { numberFormat } from "./intl-formats";

// An amount of money on a page (issue 24): decimal text from the API, already rounded to the currency's decimals
// (app/lib/upstream/amount.server.ts), shown in the reader's language without ever becoming a JavaScript number, so
// no digit is lost however long the amount. Intl does the locale's part exactly: the integer digits go to it as a
// BigInt (its grouping rules: "1 234" in Russian, "1234" but "12.345" in Spanish), and it says where the currency's
// sign goes; the decimals are written after the integer, behind the locale's decimal separator.

const PLAIN_DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** The locale's integer format: in the currency's style when Intl takes its code, else plain with the code after it. */
function integerFormat(locale: string, currency: string | null): { format: Intl.NumberFormat; after: string } {
  const whole = { minimumFractionDigits: 0, maximumFractionDigits: 0 };
  if (currency) {
    try {
      return { format: numberFormat(locale, { style: "currency", currency, ...whole }), after: "" };
    } catch {
      // a code Intl refuses (an airline's own backend may send anything) still shows, after the amount
    }
  }
  return { format: numberFormat(locale, whole), after: currency ? ` ${currency}` : "" };
}

/**
 * "1234567.50" with currency "RUB" in "ru" → "1 234 567,50 ₽"; "en" and "USD" → "$1,234,567.50". Text that is not
 * plain decimal is shown as it came.
 */
export function formatAmountText(text: string, locale: string, currency: string | null): string {
  const match = PLAIN_DECIMAL.exec(text);
  if (!match) return text;
  const [, minus, digits, fraction] = match;
  const { format, after } = integerFormat(locale, currency);
  const whole = BigInt(digits!);
  // -0.50 has no negative integer to carry the sign: format -1 for its shape and write 0 in its place
  const signed = minus ? (whole === 0n ? -1n : -whole) : whole;
  const parts = format.formatToParts(signed).map((p) => (p.type === "integer" && whole === 0n ? { ...p, value: "0" } : p));
  if (fraction) {
    const decimal = numberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    let last = -1;
    parts.forEach((p, i) => {
      if (p.type === "integer") last = i;
    });
    parts.splice(last + 1, 0, { type: "decimal", value: decimal }, { type: "fraction", value: fraction });
  }
  return parts.map((p) => p.value).join("") + after;
}
