import { describe, expect, it } from "vitest";
import { allotmentHeld, allotmentReleaseAt, cargoLimit, segmentCapacity, type CapacityInput, type SegmentAllotment } from "./capacity";

const std = new Date("2026-11-22T07:00:00Z");
const hoursBefore = (h: number) => new Date(std.getTime() - h * 3_600_000);

describe("allotmentHeld", () => {
  it.each([
    [24, hoursBefore(48), true],
    [24, new Date(hoursBefore(24).getTime() - 1), true],
    [24, hoursBefore(24), false], // released the moment the time limit is reached
    [24, hoursBefore(1), false],
    [2.5, hoursBefore(3), true],
    [2.5, hoursBefore(2), false],
    [0, hoursBefore(1000), true], // full block space
    [0, hoursBefore(0), true],
    [0, new Date(std.getTime() + 86_400_000), true], // even after departure
  ])("timelimit %s h, now %s -> %s", (hours, now, held) => {
    expect(allotmentHeld({ timelimitToStdHours: hours }, now, std)).toBe(held);
  });

  it("refuses a negative time limit", () => {
    expect(() => allotmentHeld({ timelimitToStdHours: -1 }, std, std)).toThrow(RangeError);
  });

  it("release instant", () => {
    expect(allotmentReleaseAt({ timelimitToStdHours: 24 }, std)?.toISOString()).toBe("2026-11-21T07:00:00.000Z");
    expect(allotmentReleaseAt({ timelimitToStdHours: 0 }, std)).toBeNull();
  });
});

describe("cargoLimit", () => {
  it.each([
    [20000, undefined, 20000],
    [20000, null, 20000],
    [20000, 15000, 15000],
    [20000, 25000, 20000],
    [20000, -5, 0],
  ])("max %s payload %s -> %s", (max, payload, limit) => {
    expect(cargoLimit(max, payload)).toBe(limit);
  });
});

const allot = (patch: Partial<SegmentAllotment> = {}): SegmentAllotment => ({
  weightKg: 2000,
  volumeM3: 10,
  usedWeightKg: 500,
  usedVolumeM3: 2,
  timelimitToStdHours: 24,
  ...patch,
});

const base: CapacityInput = {
  maxWeightKg: 10000,
  maxVolumeM3: 50,
  bookedWeightKg: 4000,
  bookedVolumeM3: 20,
  estimatedWeightKg: 1000,
  estimatedVolumeM3: 5,
};

describe("segmentCapacity", () => {
  it("booked, estimated and a held allotment all take space", () => {
    const c = segmentCapacity({ ...base, allotments: [allot()], now: hoursBefore(48), std });
    expect(c).toMatchObject({
      allotmentWeightKg: 1500,
      allotmentVolumeM3: 8,
      availableWeightKg: 3500,
      availableVolumeM3: 17,
      loadFactor: { weight: 65, volume: 66, overall: 66 },
      capacityAvailable: true,
      loadFactorOverflow: false,
    });
  });

  it("a released allotment frees its unused space", () => {
    const c = segmentCapacity({ ...base, allotments: [allot()], now: hoursBefore(12), std });
    expect(c).toMatchObject({ allotmentWeightKg: 0, allotmentVolumeM3: 0, availableWeightKg: 5000, availableVolumeM3: 25 });
  });

  it("full block space (time limit 0) is never released", () => {
    const c = segmentCapacity({ ...base, allotments: [allot({ timelimitToStdHours: 0 })], now: hoursBefore(1), std });
    expect(c.allotmentWeightKg).toBe(1500);
  });

  it("without a clock, allotments are held (never oversell)", () => {
    expect(segmentCapacity({ ...base, allotments: [allot()] }).allotmentWeightKg).toBe(1500);
  });

  it("an allotment used beyond its size holds nothing, not a negative amount", () => {
    const c = segmentCapacity({ ...base, allotments: [allot({ usedWeightKg: 2500, usedVolumeM3: 12 })], now: hoursBefore(48), std });
    expect(c).toMatchObject({ allotmentWeightKg: 0, allotmentVolumeM3: 0, availableWeightKg: 5000 });
  });

  it("several allotments add up; only the held ones count", () => {
    const c = segmentCapacity({
      ...base,
      allotments: [allot(), allot({ weightKg: 1000, usedWeightKg: 0, volumeM3: 4, usedVolumeM3: 0, timelimitToStdHours: 72 })],
      now: hoursBefore(48),
      std,
    });
    expect(c.allotmentWeightKg).toBe(1500);
    expect(c.allotmentVolumeM3).toBe(8);
  });

  it("overall load factor is the tighter dimension (volume here)", () => {
    const c = segmentCapacity({ maxWeightKg: 10000, maxVolumeM3: 50, bookedWeightKg: 2000, bookedVolumeM3: 49 });
    expect(c.loadFactor).toEqual({ weight: 20, volume: 98, overall: 98 });
    expect(c.capacityAvailable).toBe(true);
  });

  it("full by volume means no capacity, however much weight is left", () => {
    const c = segmentCapacity({ maxWeightKg: 10000, maxVolumeM3: 50, bookedWeightKg: 2000, bookedVolumeM3: 50 });
    expect(c).toMatchObject({ availableWeightKg: 8000, availableVolumeM3: 0, capacityAvailable: false, loadFactorOverflow: false });
    expect(c.loadFactor.overall).toBe(100);
  });

  it("overbooked: available goes negative and is shown so", () => {
    const c = segmentCapacity({ maxWeightKg: 10000, maxVolumeM3: 50, bookedWeightKg: 10500, bookedVolumeM3: 30 });
    expect(c).toMatchObject({ availableWeightKg: -500, capacityAvailable: false, loadFactorOverflow: true });
    expect(c.loadFactor).toEqual({ weight: 105, volume: 60, overall: 105 });
  });

  it.each([
    // overflow limits, flagged?
    [null, true],
    [{}, true],
    [{ weightKg: 600 }, false],
    [{ weightKg: 500 }, false], // exactly at the allowance is not over it
    [{ weightKg: 499 }, true],
    [{ weightPercent: 5 }, false],
    [{ weightPercent: 4 }, true],
    [{ weightKg: 600, weightPercent: 4 }, true], // both set: the stricter (400 kg) applies
    [{ weightKg: 600, weightPercent: 10 }, false],
    [{ volumeM3: 1000, volumePercent: 50 }, true], // volume limits do not excuse excess weight
  ])("10 500 kg on 10 000 kg with limits %j: overflow %s", (overflow, flagged) => {
    const c = segmentCapacity({ maxWeightKg: 10000, maxVolumeM3: 50, bookedWeightKg: 10500, bookedVolumeM3: 30, overflow });
    expect(c.loadFactorOverflow).toBe(flagged);
  });

  it("volume overflow against the percent limit", () => {
    const input = { maxWeightKg: 10000, maxVolumeM3: 50, bookedWeightKg: 1000, bookedVolumeM3: 52 };
    expect(segmentCapacity({ ...input, overflow: { volumePercent: 5 } })).toMatchObject({ loadFactorOverflow: false, overflowAllowanceVolumeM3: 2.5 });
    expect(segmentCapacity({ ...input, overflow: { volumePercent: 3 } }).loadFactorOverflow).toBe(true);
    expect(segmentCapacity({ ...input, overflow: { volumeM3: 2 } }).loadFactorOverflow).toBe(false);
    expect(segmentCapacity({ ...input, overflow: { volumeM3: 1.99 } }).loadFactorOverflow).toBe(true);
  });

  it("no capacity to divide by gives no load factor", () => {
    const c = segmentCapacity({ maxWeightKg: 0, maxVolumeM3: 20, bookedWeightKg: 0, bookedVolumeM3: 5 });
    expect(c.loadFactor).toEqual({ weight: null, volume: 25, overall: 25 });
    expect(c.capacityAvailable).toBe(false);
  });

  it("floating-point dust does not show", () => {
    const c = segmentCapacity({ maxWeightKg: 0.3, maxVolumeM3: 0.3, bookedWeightKg: 0.1, bookedVolumeM3: 0.1, estimatedWeightKg: 0.2, estimatedVolumeM3: 0.2 });
    expect(c).toMatchObject({ availableWeightKg: 0, availableVolumeM3: 0, loadFactorOverflow: false });
    expect(c.loadFactor.overall).toBe(100);
  });

  it("load factors are percentages to two decimals", () => {
    const c = segmentCapacity({ maxWeightKg: 3000, maxVolumeM3: 30, bookedWeightKg: 1000, bookedVolumeM3: 20 });
    expect(c.loadFactor).toEqual({ weight: 33.33, volume: 66.67, overall: 66.67 });
  });

  it("an empty flight", () => {
    const c = segmentCapacity({ maxWeightKg: 20000, maxVolumeM3: 100, bookedWeightKg: 0, bookedVolumeM3: 0 });
    expect(c).toMatchObject({
      estimatedWeightKg: 0,
      allotmentWeightKg: 0,
      availableWeightKg: 20000,
      availableVolumeM3: 100,
      loadFactor: { weight: 0, volume: 0, overall: 0 },
      capacityAvailable: true,
    });
  });
});
