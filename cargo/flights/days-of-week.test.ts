import { describe, expect, it } from "vitest";
import { formatDaysOfWeek, isDaily, parseDaysOfWeek } from "./days-of-week";

describe("parseDaysOfWeek", () => {
  it.each([
    ["1234567", [1, 2, 3, 4, 5, 6, 7]],
    ["1.3.5.7", [1, 3, 5, 7]],
    [".2.4.6.", [2, 4, 6]],
    [" 2 4 6 ", [2, 4, 6]],
    ["1-3-5--", [1, 3, 5]],
    ["......7", [7]],
    ["1357", [1, 3, 5, 7]],
    ["5", [5]],
    ["67", [6, 7]],
  ])("%j -> %j", (text, days) => {
    expect(parseDaysOfWeek(text)).toEqual({ ok: true, value: days });
  });

  it.each([
    ["", "no_weekday"],
    ["   ", "no_weekday"],
    [".......", "no_weekday"],
    ["8", "invalid_days_of_week"],
    ["0123", "invalid_days_of_week"],
    ["31", "invalid_days_of_week"],
    ["113", "invalid_days_of_week"],
    ["1.3", "invalid_days_of_week"],
    ["2134567", "invalid_days_of_week"],
    ["MoWe", "invalid_days_of_week"],
  ])("%j -> %s", (text, error) => {
    expect(parseDaysOfWeek(text)).toEqual({ ok: false, error });
  });

  it("lists", () => {
    expect(parseDaysOfWeek([5, 1, 3, 1])).toEqual({ ok: true, value: [1, 3, 5] });
    expect(parseDaysOfWeek([])).toEqual({ ok: false, error: "no_weekday" });
    expect(parseDaysOfWeek([0, 1])).toEqual({ ok: false, error: "invalid_days_of_week" });
    expect(parseDaysOfWeek([8])).toEqual({ ok: false, error: "invalid_days_of_week" });
  });
});

describe("formatDaysOfWeek", () => {
  it.each([
    [[1, 2, 3, 4, 5, 6, 7], "1234567", "1234567"],
    [[1, 3, 5, 7], "1.3.5.7", "1357"],
    [[7, 2], ".2....7", "27"],
  ])("%j -> %s / %s", (days, positional, compact) => {
    expect(formatDaysOfWeek(days)).toBe(positional);
    expect(formatDaysOfWeek(days, "compact")).toBe(compact);
    expect(parseDaysOfWeek(positional)).toEqual({ ok: true, value: [...new Set(days)].sort() });
  });

  it("refuses weekday 0 and 8", () => {
    expect(() => formatDaysOfWeek([0])).toThrow(RangeError);
    expect(() => formatDaysOfWeek([8])).toThrow(RangeError);
  });

  it("isDaily", () => {
    expect(isDaily([1, 2, 3, 4, 5, 6, 7])).toBe(true);
    expect(isDaily([1, 2, 3, 4, 5, 6])).toBe(false);
  });
});
