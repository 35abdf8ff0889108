import { describe, expect, it } from "vitest";
import { Decimal, decimalOfStored, formatAmount, formatRate, minorUnitsOf, parseAmount, roundToCurrency, sumAmounts, toMinorUnits } from "./money";

const d = (text: string) => new Decimal(text);

describe("amounts as decimal text", () => {
  it.each([
    ["0", "0"],
    ["12", "12"],
    ["12.5", "12.5"],
    ["-3.25", "-3.25"],
    ["0.000001", "0.000001"],
    ["999999999999999.999999", "999999999999999.999999"],
  ])("reads %s exactly", (text, value) => {
    const parsed = parseAmount(text);
    expect(parsed.ok && parsed.value.toString()).toBe(value);
  });

  it.each([
    ["1e309", "amount_not_decimal"],
    ["1E3", "amount_not_decimal"],
    ["0x10", "amount_not_decimal"],
    ["+5", "amount_not_decimal"],
    [" 5", "amount_not_decimal"],
    ["5.", "amount_not_decimal"],
    [".5", "amount_not_decimal"],
    ["012", "amount_not_decimal"],
    ["1,000.00", "amount_not_decimal"],
    ["Infinity", "amount_not_decimal"],
    ["NaN", "amount_not_decimal"],
    ["", "amount_not_decimal"],
    ["١٢", "amount_not_decimal"],
    ["-0", "amount_negative_zero"],
    ["-0.00", "amount_negative_zero"],
    ["1".repeat(40), "amount_too_long"],
    ["1234567890123456", "amount_too_long"],
    ["1.1234567", "amount_too_long"],
    ["9".repeat(1_000_000), "amount_too_long"],
  ])("refuses %s with %s", (text, code) => {
    expect(parseAmount(text)).toEqual({ ok: false, code });
  });
});

describe("rounding to the currency's minor units, once, half away from zero", () => {
  it("knows the minor units of ISO 4217 and not of a made-up code", () => {
    expect([minorUnitsOf("JPY"), minorUnitsOf("rub"), minorUnitsOf("KWD"), minorUnitsOf("CLF"), minorUnitsOf("QQQ")]).toEqual([0, 2, 3, 4, null]);
  });

  it.each([
    ["1.005", "RUB", "1.01"],
    ["1.004999", "RUB", "1.00"],
    ["-2.5", "JPY", "-3"],
    ["2.5", "JPY", "3"],
    ["1234.5", "JPY", "1235"],
    ["0.0005", "KWD", "0.001"],
    ["12.3", "KWD", "12.300"],
    ["12.3", "USD", "12.30"],
    ["7", "EUR", "7.00"],
  ])("%s %s is written %s", (value, currency, written) => {
    expect(formatAmount(d(value), currency)).toBe(written);
    expect(roundToCurrency(d(value), currency).toFixed(minorUnitsOf(currency)!)).toBe(written);
  });

  it("writes a rate with the currency's decimals at least, never rounding a finer one away", () => {
    expect([formatRate(d("145"), "RUB"), formatRate(d("0.125"), "USD"), formatRate(d("12.5"), "JPY"), formatRate(d("2"), "KWD")]).toEqual(["145.00", "0.125", "12.5", "2.000"]);
  });

  it("counts in minor units with the currency's implied decimals, rounded first", () => {
    expect([toMinorUnits(d("12.3"), "RUB"), toMinorUnits(d("5000.5"), "JPY"), toMinorUnits(d("1.0005"), "KWD"), toMinorUnits(d("0"), "KWD")].map((v) => v.toFixed())).toEqual([
      "1230",
      "5001",
      "1001",
      "0",
    ]);
  });

  it("sums exactly and rounds the sum, not the terms", () => {
    expect(sumAmounts([d("0.1"), d("0.2")]).toString()).toBe("0.3");
    // three thirds of a rouble rounded one by one would be 0.99; the sum rounded is 1.00
    const third = d("1").div(3);
    expect(formatAmount(sumAmounts([third, third, third]), "RUB")).toBe("1.00");
    expect(formatAmount(sumAmounts([]), "RUB")).toBe("0.00");
  });

  it("reads amounts stored as doubles by their shortest text, and missing ones as zero", () => {
    expect(formatAmount(decimalOfStored(1.005), "RUB")).toBe("1.01");
    expect(formatAmount(decimalOfStored(0.1 + 0.2), "RUB")).toBe("0.30");
    expect([decimalOfStored(null), decimalOfStored(undefined), decimalOfStored(Number.NaN), decimalOfStored("1e309")].map((v) => v.toString())).toEqual(["0", "0", "0", "0"]);
    expect(decimalOfStored("12.50").toString()).toBe("12.5");
  });
});
