import { describe, expect, it } from "vitest";
import { expandTwoDigitYear, formatIataDate, parseIataDate, TWO_DIGIT_YEAR_CUTOFF } from "./iata-date";

describe("two-digit years (cutoff 60)", () => {
  it.each([
    [0, 2000],
    [26, 2026],
    [59, 2059],
    [60, 1960],
    [99, 1999],
  ])("%i -> %i", (yy, year) => {
    expect(expandTwoDigitYear(yy)).toBe(year);
  });

  it("the cutoff is the spec's 60", () => {
    expect(TWO_DIGIT_YEAR_CUTOFF).toBe(60);
  });

  it.each([-1, 100, 1.5])("refuses %s", (yy) => {
    expect(() => expandTwoDigitYear(yy)).toThrow(RangeError);
  });
});

describe("DDMMMYY", () => {
  it.each([
    ["2026-11-22", "22NOV26"],
    ["2026-01-05", "05JAN26"],
    ["2059-12-31", "31DEC59"],
    ["1960-01-01", "01JAN60"],
    ["1999-09-09", "09SEP99"],
    ["2028-02-29", "29FEB28"],
  ])("%s <-> %s", (iso, iata) => {
    expect(formatIataDate(iso)).toBe(iata);
    expect(parseIataDate(iata)).toBe(iso);
  });

  it.each(["29FEB25", "31APR26", "00JAN26", "22NOX26", "2NOV26", "22NOV2026", "", "22-NOV-26"])("%s is not a date", (t) => {
    expect(parseIataDate(t)).toBeNull();
  });

  it("reads lower case", () => {
    expect(parseIataDate("22nov26")).toBe("2026-11-22");
  });

  it.each(["2060-01-01", "1959-12-31"])("refuses to write %s, which would read back in another century", (iso) => {
    expect(() => formatIataDate(iso)).toThrow(RangeError);
  });
});
