import { describe, expect, it } from "vitest";
import {
  formatFlightNumber,
  isAirlineDesignator,
  isOwnFlightNumber,
  parseOwnFlightNumber,
  normalizeFlightNumber,
  numberWithDate,
  parseFlightNumber,
  parseNumberWithDate,
} from "./flight-number";

describe("airline designators", () => {
  it.each([
    ["S7", true],
    ["SU", true],
    ["2S", true],
    ["U6", true],
    ["9U", true],
    ["12", false],
    ["S", false],
    ["AFL", false],
    ["s7", false],
    ["S-", false],
  ])("%s: %s", (d, ok) => {
    expect(isAirlineDesignator(d)).toBe(ok);
  });
});

describe("parseFlightNumber", () => {
  it.each([
    ["S7 1234", "S7", 1234, null, "S71234"],
    ["S71234", "S7", 1234, null, "S71234"],
    ["SU0010", "SU", 10, null, "SU0010"],
    ["SU10", "SU", 10, null, "SU0010"],
    ["su 10", "SU", 10, null, "SU0010"],
    ["  S7   123  ", "S7", 123, null, "S70123"],
    ["2S305A", "2S", 305, "A", "2S0305A"],
    ["2S 305a", "2S", 305, "A", "2S0305A"],
    ["U61", "U6", 1, null, "U60001"],
    ["S79999", "S7", 9999, null, "S79999"],
  ])("%j -> %s %i %s", (text, carrier, number, suffix, written) => {
    const p = parseFlightNumber(text);
    expect(p).toEqual({ ok: true, value: { carrier, number, suffix } });
    if (p.ok) expect(formatFlightNumber(p.value)).toBe(written);
    expect(normalizeFlightNumber(text)).toBe(written);
  });

  it.each([
    ["121234", "invalid_carrier"],
    ["S-1234", "invalid_carrier"],
    ["S7 12345", "invalid_number"],
    ["S70000", "invalid_number"],
    ["S7", "invalid_format"],
    ["S7 12AB", "invalid_format"],
    ["AFL1234", "invalid_format"],
    ["", "invalid_format"],
    ["S7/1234", "invalid_format"],
  ])("%j is refused with %s", (text, error) => {
    expect(parseFlightNumber(text)).toEqual({ ok: false, error });
    expect(normalizeFlightNumber(text)).toBeNull();
  });

  it("SU10 and SU0010 are the same flight", () => {
    expect(normalizeFlightNumber("SU10")).toBe(normalizeFlightNumber("SU0010"));
  });

  it("refuses to write an impossible flight number", () => {
    expect(() => formatFlightNumber({ carrier: "S7", number: 0, suffix: null })).toThrow(RangeError);
    expect(() => formatFlightNumber({ carrier: "S7", number: 10000, suffix: null })).toThrow(RangeError);
    expect(() => formatFlightNumber({ carrier: "77", number: 1, suffix: null })).toThrow(RangeError);
    expect(() => formatFlightNumber({ carrier: "S7", number: 1, suffix: "AB" })).toThrow(RangeError);
  });
});

describe("an airline's own flight typed without its designator", () => {
  it.each([
    ["1234", "S71234"],
    ["701", "S70701"],
    ["71", "S70071"],
    ["701a", "S70701A"],
    [" S7 701 ", "S70701"],
    ["SU10", "SU0010"],
    ["2S305A", "2S0305A"],
  ])("%s with S7 → %s", (text, written) => {
    const p = parseOwnFlightNumber(text, "S7");
    expect(p.ok && formatFlightNumber(p.value)).toBe(written);
  });

  it.each(["", "12345", "S7", "S7A1234", "0", "12 34", "1234/22NOV26"])("refuses %j", (text) => {
    expect(parseOwnFlightNumber(text, "S7").ok).toBe(false);
  });

  it("tells the number part alone from a full flight number", () => {
    expect(isOwnFlightNumber("1234")).toBe(true);
    expect(isOwnFlightNumber("701a")).toBe(true);
    expect(isOwnFlightNumber("S71234")).toBe(false);
    expect(isOwnFlightNumber("12345")).toBe(false);
  });
});

describe("number_with_date", () => {
  it.each([
    [{ carrier: "S7", number: 1234, suffix: null }, "2026-11-22", "S71234/22NOV26"],
    [{ carrier: "SU", number: 10, suffix: null }, "2026-01-05", "SU0010/05JAN26"],
    [{ carrier: "2S", number: 305, suffix: "A" }, "2059-12-31", "2S0305A/31DEC59"],
    [{ carrier: "SU", number: 100, suffix: null }, "1999-03-01", "SU0100/01MAR99"],
  ])("%j on %s is %s", (flight, date, text) => {
    expect(numberWithDate(flight, date)).toBe(text);
    expect(parseNumberWithDate(text)).toEqual({ ok: true, value: { flight, date } });
  });

  it.each([
    ["S7 1234/22NOV26", "2026-11-22"],
    ["s71234/22nov26", "2026-11-22"],
    ["S71234/01JAN60", "1960-01-01"],
    ["S71234/31DEC59", "2059-12-31"],
  ])("reads %s", (text, date) => {
    const p = parseNumberWithDate(text);
    expect(p.ok && p.value.date).toBe(date);
  });

  it.each([
    ["S71234", "invalid_flight_number"],
    ["121234/22NOV26", "invalid_flight_number"],
    ["S71234/29FEB26", "invalid_flight_date"],
    ["S71234/22NOV2026", "invalid_flight_date"],
    ["S71234/", "invalid_flight_date"],
  ])("%s -> %s", (text, error) => {
    expect(parseNumberWithDate(text)).toEqual({ ok: false, error });
  });
});
