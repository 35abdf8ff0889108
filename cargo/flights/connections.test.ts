import { describe, expect, it } from "vitest";
import { checkConnection, isDomesticConnection, type ConnectionRules } from "./connections";

const sta = new Date("2026-11-22T11:00:00Z");
const after = (minutes: number) => new Date(sta.getTime() + minutes * 60_000);
const rules: ConnectionRules = { minConnectionTimeDomestic: 60, minConnectionTimeIntl: 120, maxConnectionTime: 1440 };

describe("checkConnection", () => {
  it.each([
    // minutes, domestic, status, min applied
    [59, true, "too_short", 60],
    [60, true, "ok", 60],
    [61, true, "ok", 60],
    [90, false, "too_short", 120],
    [119, false, "too_short", 120],
    [120, false, "ok", 120],
    [1440, true, "ok", 60],
    [1441, true, "too_long", 60],
    [1441, false, "too_long", 120],
    [-30, true, "too_short", 60],
    [0, true, "too_short", 60],
  ])("%i min, domestic %s -> %s (min %i)", (minutes, domestic, status, min) => {
    expect(checkConnection({ arrivalSta: sta, departureStd: after(minutes), rules, domestic })).toEqual({
      status,
      connectionMinutes: minutes,
      minMinutes: min,
      maxMinutes: 1440,
      domestic,
    });
  });

  it.each([null, undefined, 0])("max connection time %s means no maximum", (max) => {
    const r = checkConnection({ arrivalSta: sta, departureStd: after(5000), rules: { ...rules, maxConnectionTime: max }, domestic: true });
    expect(r).toMatchObject({ status: "ok", maxMinutes: null });
  });

  it("no handler at the transfer airport: no transfer", () => {
    expect(checkConnection({ arrivalSta: sta, departureStd: after(180), rules: null, domestic: true })).toEqual({
      status: "no_transfer",
      connectionMinutes: 180,
      minMinutes: null,
      maxMinutes: null,
      domestic: true,
    });
  });

  it("a handler that refuses transfers: no transfer", () => {
    expect(checkConnection({ arrivalSta: sta, departureStd: after(180), rules: { ...rules, transfer: false }, domestic: true }).status).toBe("no_transfer");
    expect(checkConnection({ arrivalSta: sta, departureStd: after(180), rules: { ...rules, transfer: true }, domestic: true }).status).toBe("ok");
  });

  it("accepts millisecond numbers", () => {
    expect(checkConnection({ arrivalSta: +sta, departureStd: +after(75), rules, domestic: true }).connectionMinutes).toBe(75);
  });
});

describe("isDomesticConnection", () => {
  const leg = (o: string, d: string) => ({ originCountry: o, destinationCountry: d });
  it.each([
    [leg("RU", "RU"), leg("RU", "RU"), true],
    [leg("RU", "RU"), leg("RU", "KZ"), false], // domestic in, international out
    [leg("KZ", "RU"), leg("RU", "RU"), false], // international in
    [leg("KZ", "RU"), leg("RU", "KZ"), false],
    [leg("", ""), leg("", ""), false], // unknown countries are not domestic
  ])("%j then %j -> %s", (a, b, domestic) => {
    expect(isDomesticConnection(a, b)).toBe(domestic);
  });
});
