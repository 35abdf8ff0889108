import { describe, expect, it } from "vitest";
import { dateOfIso, isoDateOf, parseTypedDate } from "~/components/fields/date-text";
import { normalizeTime } from "~/components/fields/time-text";

describe("normalizeTime: a typed time onto the 24-hour clock", () => {
  it.each([
    ["930", "09:30"],
    ["0930", "09:30"],
    ["9:30", "09:30"],
    ["9.30", "09:30"],
    ["09 30", "09:30"],
    ["9", "09:00"],
    ["0000", "00:00"],
    ["23:59", "23:59"],
    ["9:30 pm", "21:30"],
    ["10:00 AM", "10:00"],
    ["12:00 am", "00:00"],
    ["12:05 PM", "12:05"],
  ])("%s → %s", (typed, expected) => {
    expect(normalizeTime(typed)).toBe(expected);
  });

  it.each(["24:00", "2400", "12:60", "13:00 pm", "9:3", "12345", "abc", ""])("%s stays as typed, for the schema to name", (typed) => {
    expect(normalizeTime(typed)).toBe(typed);
  });
});

describe("parseTypedDate: what a user types into the picker, in their language", () => {
  it.each([
    ["2026-11-23", "en"],
    ["23 Nov 2026", "en"],
    ["Nov 23, 2026", "en"],
    ["23.11.2026", "ru"],
    ["23 ноября 2026", "ru"],
    ["2026-11-23", "ru"],
    ["23/11/2026", "es"],
    ["23 de noviembre de 2026", "es"],
  ] as const)("%s (%s) is 2026-11-23", (typed, language) => {
    expect(isoDateOf(parseTypedDate(typed, language))).toBe("2026-11-23");
  });

  it.each([
    ["31.02.2026", "ru"],
    ["2026-02-30", "en"],
    ["11/23/2026", "en"],
    ["23.11", "ru"],
    ["", "en"],
  ] as const)("%s (%s) is no date (yet)", (typed, language) => {
    expect(parseTypedDate(typed, language)).toBeNull();
  });

  it("an ISO date goes through a Date and back unchanged (a wall date, never shifted through UTC)", () => {
    for (const iso of ["2026-03-29", "2026-10-25", "2028-02-29", "2026-12-31"]) expect(isoDateOf(dateOfIso(iso))).toBe(iso);
    expect(dateOfIso("2026-13-01")).toBeNull();
    expect(isoDateOf(null)).toBe("");
  });
});
