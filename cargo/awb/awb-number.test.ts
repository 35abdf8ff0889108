import { describe, expect, it } from "vitest";
import { awbCheckDigit, awbNumberFromSerial, checkAwbNumber, formatAwbNumber, isAwbPrefix } from "./awb-number";

describe("AWB check digit", () => {
  it("is the seven-digit serial modulo 7", () => {
    expect(awbCheckDigit("1234567")).toBe(1234567 % 7); // 5
    expect(awbCheckDigit(0)).toBe(0);
    expect(awbCheckDigit(6)).toBe(6);
    expect(awbCheckDigit(7)).toBe(0);
    expect(awbCheckDigit(9_999_999)).toBe(9_999_999 % 7);
  });

  it("refuses what is not a seven-digit serial", () => {
    for (const bad of [-1, 10_000_000, 1.5, Number.NaN]) expect(() => awbCheckDigit(bad)).toThrow(RangeError);
  });
});

describe("checkAwbNumber", () => {
  it.each([
    ["555-12345675", "555-12345675"],
    ["55512345675", "555-12345675"],
    ["555 1234 5675", "555-12345675"],
    ["555-1234567-5", "555-12345675"],
    [" 555 - 1234567 - 5 ", "555-12345675"],
    ["421-00000011", "421-00000011"],
    ["421-00000070", "421-00000070"],
  ])("reads %j as %s", (text, mawb) => {
    const check = checkAwbNumber(text);
    expect(check).toMatchObject({ valid: true, mawb });
  });

  it("splits a valid number into prefix and serial", () => {
    expect(checkAwbNumber("555-1234567-5")).toEqual({ valid: true, mawb: "555-12345675", number: { prefix: "555", serial: "12345675" } });
  });

  it.each(["555-12345674", "555-12345676", "421-00000012", "421-00000077"])("%s has the wrong check digit: control", (text) => {
    expect(checkAwbNumber(text)).toEqual({ valid: false, reason: "control" });
  });

  it.each([
    "",
    "   ",
    "555-1234567",
    "555-123456755",
    "55-12345675",
    "ABC-12345675",
    "555_12345675",
    "555--12345675",
    "555.1234.5675",
    "-555-12345675",
    "555-12345675-",
    "555\u00001234 5675",
    "5".repeat(1000),
    "1 ".repeat(500),
  ])("%j is not written as an AWB number: format", (text) => {
    expect(checkAwbNumber(text)).toEqual({ valid: false, reason: "format" });
  });
});

describe("numbers of a stock", () => {
  it("adds the check digit to a serial and writes the number", () => {
    expect(awbNumberFromSerial("421", 1234567)).toBe("421-12345675");
    expect(awbNumberFromSerial("421", 1)).toBe("421-00000011");
    expect(checkAwbNumber(awbNumberFromSerial("555", 7_654_321)).valid).toBe(true);
  });

  it("refuses a prefix that is not three digits", () => {
    expect(() => awbNumberFromSerial("42", 1)).toThrow(RangeError);
    expect(isAwbPrefix("421")).toBe(true);
    expect(isAwbPrefix("4211")).toBe(false);
  });

  it("formats prefix and serial with the hyphen", () => {
    expect(formatAwbNumber({ prefix: "421", serial: "00000011" })).toBe("421-00000011");
  });
});
