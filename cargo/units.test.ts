import { describe, expect, it } from "vitest";
import {
  chargeableWeight,
  dimensionsVolumeM3,
  inchToCm,
  kgPerM3FromCm3PerKg,
  lbToKg,
  roundChargeableWeight,
  roundHalfUp,
  roundVolume,
  roundWeight,
  volumeFromDimensions,
  volumeWeightKg,
} from "./units";

describe("rounding", () => {
  it.each([
    [1.005, 2, 1.01], // 1.00499999... in binary
    [1.004, 2, 1],
    [2.675, 2, 2.68],
    [0.125, 2, 0.13],
    [-1.005, 2, -1.01],
    [12.25, 1, 12.3],
    [12.24, 1, 12.2],
    [0.1 + 0.2, 1, 0.3],
    [-0.04, 1, 0],
  ])("roundHalfUp(%s, %i) = %s", (v, d, r) => {
    expect(roundHalfUp(v, d)).toBe(r);
  });

  it("weights to 0.1 kg, volumes to 0.01 m3", () => {
    expect(roundWeight(123.456)).toBe(123.5);
    expect(roundWeight(123.449)).toBe(123.4);
    expect(roundVolume(1.234)).toBe(1.23);
    expect(roundVolume(1.235)).toBe(1.24);
  });
});

describe("volume from dimensions", () => {
  it.each([
    [{ pieces: 1, lengthCm: 100, widthCm: 100, heightCm: 100 }, 1],
    [{ pieces: 2, lengthCm: 120, widthCm: 80, heightCm: 100 }, 1.92],
    [{ pieces: 10, lengthCm: 40, widthCm: 30, heightCm: 25 }, 0.3],
    [{ pieces: 3, lengthCm: 33, widthCm: 33, heightCm: 33 }, 0.11], // 0.107811
    [{ pieces: 1, lengthCm: 10, widthCm: 10, heightCm: 10 }, 0.01], // 0.001: never shown as 0.00
    [{ pieces: 0, lengthCm: 10, widthCm: 10, heightCm: 10 }, 0],
  ])("%j -> %s m3", (d, m3) => {
    expect(volumeFromDimensions(d)).toBe(m3);
  });

  it("lines are summed before rounding", () => {
    // 3 lines of 0.004 m3: rounding each gives 0.00 (or 0.01 each = 0.03); the sum is 0.012 -> 0.01.
    const line = { pieces: 1, lengthCm: 20, widthCm: 20, heightCm: 10 };
    expect(volumeFromDimensions([line, line, line])).toBe(0.01);
    expect(volumeFromDimensions([])).toBe(0);
  });

  it("exact volume of a line", () => {
    expect(dimensionsVolumeM3({ pieces: 3, lengthCm: 33, widthCm: 33, heightCm: 33 })).toBeCloseTo(0.107811, 9);
  });

  it.each([
    { pieces: -1, lengthCm: 1, widthCm: 1, heightCm: 1 },
    { pieces: 1, lengthCm: Number.NaN, widthCm: 1, heightCm: 1 },
  ])("refuses %j", (d) => {
    expect(() => volumeFromDimensions(d)).toThrow(RangeError);
  });
});

describe("conversions", () => {
  it("pounds and inches", () => {
    expect(lbToKg(100)).toBeCloseTo(45.359237, 9);
    expect(inchToCm(10)).toBeCloseTo(25.4, 9);
  });

  it("6000 cm3/kg is 166.67 kg/m3", () => {
    expect(roundHalfUp(kgPerM3FromCm3PerKg(6000), 2)).toBe(166.67);
    expect(kgPerM3FromCm3PerKg(5000)).toBe(200);
    expect(volumeWeightKg(1)).toBeCloseTo(166.6667, 3);
    expect(volumeWeightKg(1, 5000)).toBe(200);
    expect(() => volumeWeightKg(1, 0)).toThrow(RangeError);
  });
});

describe("chargeable weight rounding rules", () => {
  it.each([
    [10, "0.5", 10],
    [10.1, "0.5", 10.5],
    [10.49, "0.5", 10.5],
    [10.5, "0.5", 10.5],
    [10.51, "0.5", 11],
    [10.6, "0.5", 11],
    [0.1, "0.5", 0.5],
    [10, "1", 10],
    [10.01, "1", 11],
    [10.5, "1", 11],
    [0.1 + 0.2 + 9.7, "1", 10], // 10.000000000000002 is 10
    [0.1 * 3 + 10.2, "0.5", 10.5], // 10.5 with binary dust
  ] as const)("%s kg by rule %s -> %s", (kg, rule, cw) => {
    expect(roundChargeableWeight(kg, rule)).toBe(cw);
  });

  it("the default rule is half a kilogram", () => {
    expect(roundChargeableWeight(10.1)).toBe(10.5);
  });
});

describe("chargeableWeight", () => {
  it.each([
    // gross, volume, options, chargeable, basis, volume weight shown
    [100, 1, {}, 167, "volume", 166.7],
    [100, 1, { rounding: "1" }, 167, "volume", 166.7],
    [200, 1, {}, 200, "gross", 166.7],
    [166.6, 1, {}, 167, "volume", 166.7],
    [50.2, 0.12, {}, 50.5, "gross", 20],
    [10, 0.3, {}, 50, "volume", 50],
    [10, 0.3, { cm3PerKg: 5000 }, 60, "volume", 60],
    [1.2, 0.001, { minChargeableKg: 5 }, 5, "minimum", 0.2],
    [5, 0, { minChargeableKg: 5 }, 5, "gross", 0],
    [4.6, 0, { minChargeableKg: 5 }, 5, "gross", 0], // rounds up to 5.0, which meets the minimum
    [4.4, 0, { minChargeableKg: 5 }, 5, "minimum", 0],
    [0, 0, {}, 0, "gross", 0],
  ] as const)("gross %s kg, %s m3, %j -> %s kg (%s)", (gross, volume, options, cw, basis, vw) => {
    const r = chargeableWeight({ grossWeightKg: gross, volumeM3: volume, ...options });
    expect(r.chargeableWeightKg).toBe(cw);
    expect(r.basis).toBe(basis);
    expect(r.volumeWeightKg).toBe(vw);
    expect(r.grossWeightKg).toBe(gross);
  });

  it("refuses negative or missing figures", () => {
    expect(() => chargeableWeight({ grossWeightKg: -1, volumeM3: 1 })).toThrow(RangeError);
    expect(() => chargeableWeight({ grossWeightKg: 1, volumeM3: Number.NaN })).toThrow(RangeError);
  });
});
