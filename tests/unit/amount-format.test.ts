import { describe, expect, it } from "vitest";
import { formatAmountText } from "../../app/lib/i18n/amount-format";
import { LooseAmount, roundedAmount } from "../../app/lib/upstream/amount.server";

// Issue 24: an amount on a page is the API's decimal text, rounded once to the currency's ISO decimals on the server
// and grouped in the reader's language without becoming a JavaScript number. Intl's own formatting of the same
// (small) number is the oracle for where the sign, the separators and the currency go.

const intl = (value: number, locale: string, currency: string, digits: number) =>
  new Intl.NumberFormat(locale, { style: "currency", currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

describe("an amount's text in the reader's language", () => {
  it.each([
    ["1234567.50", "en", "USD", 1234567.5, 2],
    ["1234567.50", "ru", "RUB", 1234567.5, 2],
    ["1234.50", "es", "EUR", 1234.5, 2],
    ["12345.50", "es", "EUR", 12345.5, 2],
    ["1234567", "en", "JPY", 1234567, 0],
    ["1234567", "ru", "JPY", 1234567, 0],
    ["1234.567", "en", "KWD", 1234.567, 3],
    ["1234.567", "ru", "KWD", 1234.567, 3],
    ["0.05", "en", "USD", 0.05, 2],
    ["-1234.50", "en", "USD", -1234.5, 2],
    ["-0.50", "ru", "RUB", -0.5, 2],
  ] as const)("%s in %s, %s, as Intl writes it", (text, locale, currency, value, digits) => {
    expect(formatAmountText(text, locale, currency)).toBe(intl(value, locale, currency, digits));
  });

  it("keeps every digit of an amount longer than a double holds", () => {
    // 2^53 + 1 and six decimals: a JavaScript number would print 9,007,199,254,740,992.000000
    expect(formatAmountText("9007199254740993.000001", "en", null)).toBe("9,007,199,254,740,993.000001");
    expect(formatAmountText("999999999999999.99", "en", "USD")).toBe("$999,999,999,999,999.99");
  });

  it("writes a code Intl refuses after the amount, and text that is no decimal as it came", () => {
    expect(formatAmountText("1234.50", "en", "RU1")).toBe("1,234.50 RU1");
    expect(formatAmountText("1234.50", "en", null)).toBe("1,234.50");
    expect(formatAmountText("1e3", "en", "USD")).toBe("1e3");
  });
});

describe("an amount from the API", () => {
  it("is decimal text, a plain JSON number by its shortest text, and nothing else", () => {
    expect(["1234.50", 0.1, 1e21, "0x10", "1e3", "-0", "", null, undefined].map((v) => LooseAmount.parse(v))).toEqual(["1234.50", "0.1", null, null, null, null, null, null, null]);
  });

  it("is rounded once, half away from zero, to the currency's ISO 4217 decimals", () => {
    expect([roundedAmount("1234.505", "RUB"), roundedAmount("1234.5", "JPY"), roundedAmount("1.0005", "KWD"), roundedAmount("7", "KWD"), roundedAmount("1.005", null)]).toEqual([
      "1234.51",
      "1235",
      "1.001",
      "7.000",
      "1.01",
    ]);
  });
});
