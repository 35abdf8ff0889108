import { describe, expect, it } from "vitest";
import { addDays, daysBetween, daysInMonth, isIsoDate, isoWeekday, parseIsoDate } from "./local-date";

describe("calendar dates", () => {
  it.each([
    ["2026-11-22", true],
    ["2028-02-29", true],
    ["2026-02-29", false],
    ["2000-02-29", true],
    ["1900-02-29", false],
    ["2026-04-31", false],
    ["2026-00-10", false],
    ["2026-1-10", false],
    ["0999-01-01", false],
    ["22NOV26", false],
  ])("%s valid: %s", (text, ok) => {
    expect(isIsoDate(text)).toBe(ok);
  });

  it("parses into parts", () => {
    expect(parseIsoDate("2026-11-22")).toEqual({ year: 2026, month: 11, day: 22 });
  });

  it.each([
    [2026, 2, 28],
    [2028, 2, 29],
    [2026, 12, 31],
    [2026, 4, 30],
  ])("days in %i-%i: %i", (y, m, n) => {
    expect(daysInMonth(y, m)).toBe(n);
  });

  it.each([
    ["2026-12-31", 1, "2027-01-01"],
    ["2028-02-28", 1, "2028-02-29"],
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-03-28", 2, "2026-03-30"], // across the European DST change: still whole days
    ["2026-01-01", 365, "2027-01-01"],
  ])("%s + %i = %s", (d, n, r) => {
    expect(addDays(d, n)).toBe(r);
  });

  it("daysBetween", () => {
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(364);
    expect(daysBetween("2028-01-01", "2028-12-31")).toBe(365);
    expect(daysBetween("2026-11-22", "2026-11-20")).toBe(-2);
  });

  it.each([
    ["2026-11-23", 1], // Monday
    ["2026-11-22", 7], // Sunday
    ["2026-11-27", 5],
    ["2000-01-01", 6],
  ])("%s is weekday %i", (d, w) => {
    expect(isoWeekday(d)).toBe(w);
  });

  it("refuses a date that does not exist", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow(RangeError);
  });
});
