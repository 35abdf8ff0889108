import { describe, expect, it } from "vitest";
import { DENSITY_GROUPS, densityGroup, densityKgPerM3 } from "./density";

describe("density", () => {
  it("is weight over volume, and unknown without a volume", () => {
    expect(densityKgPerM3(500, 2)).toBe(250);
    expect(densityKgPerM3(500, 0)).toBeNull();
    expect(() => densityKgPerM3(-1, 1)).toThrow(RangeError);
    expect(() => densityKgPerM3(1, Number.NaN)).toThrow(RangeError);
  });
});

describe("Cargo-IMP density group", () => {
  it("is the code whose nominal density matches exactly", () => {
    for (const [code, density] of Object.entries(DENSITY_GROUPS)) expect(densityGroup(density), `${density} kg/m³`).toBe(Number(code));
  });

  it("has no code 7 and the ten codes of the standard", () => {
    expect(Object.keys(DENSITY_GROUPS).map(Number).sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 8, 9, 10]);
  });

  it("picks the nearest group, the lighter one on a tie", () => {
    expect(densityGroup(167)).toBe(0); // 160 is nearer than 220
    expect(densityGroup(190)).toBe(0); // 160 and 220 are both 30 away: the lighter
    expect(densityGroup(191)).toBe(4); // 220
    expect(densityGroup(5)).toBe(5); // the lightest, 60
    expect(densityGroup(3000)).toBe(10); // the heaviest, 950
    expect(densityGroup(775)).toBe(9); // 600 and 950 are both 175 away: the lighter
  });

  it("is unknown for an unknown density and refuses a negative one", () => {
    expect(densityGroup(null)).toBeNull();
    expect(() => densityGroup(-5)).toThrow(RangeError);
  });
});
