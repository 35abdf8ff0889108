/**
 * What the load run's forwarders ship (scripts/load/cargo-plan.ts): 100-800 kg on the plan's routes and days, in
 * pieces under the demo airline's per-piece warning, the same shipments again for the same seed.
 */
import { describe, expect, it } from "vitest";
import { dayAfter, MAX_WEIGHT_KG, MIN_WEIGHT_KG, nextShipment, seededRandom } from "../../scripts/load/cargo-plan";

describe("the cargo plan", () => {
  const days = ["2030-02-28", "2030-03-01", "2030-03-03"];

  it("ships 100-800 kg on the plan's routes and days, no piece over 300 kg, about 250 kg a cubic metre", () => {
    const random = seededRandom(7);
    const shipments = Array.from({ length: 500 }, () => nextShipment(days, random));
    for (const s of shipments) {
      expect(s.weight).toBeGreaterThanOrEqual(MIN_WEIGHT_KG);
      expect(s.weight).toBeLessThanOrEqual(MAX_WEIGHT_KG);
      expect(s.weight / s.pieces).toBeLessThanOrEqual(300);
      expect(s.volume).toBeCloseTo(s.weight / 250, 2);
      expect(days).toContain(s.date);
      expect(["DME-OVB", "OVB-KJA", "DME-KJA"]).toContain(`${s.origin}-${s.destination}`);
    }
    // every route and day is used, the heavy end too (flights fill)
    expect(new Set(shipments.map((s) => `${s.origin}-${s.destination}`)).size).toBe(3);
    expect(new Set(shipments.map((s) => s.date)).size).toBe(3);
    expect(Math.max(...shipments.map((s) => s.weight))).toBeGreaterThan(700);
  });

  it("repeats its choices for a seed", () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect(Array.from({ length: 5 }, () => nextShipment(days, a))).toEqual(Array.from({ length: 5 }, () => nextShipment(days, b)));
  });

  it("counts days by the calendar (month ends, leap years)", () => {
    expect(dayAfter("2028-02-28", 1)).toBe("2028-02-29");
    expect(dayAfter("2030-12-31", 1)).toBe("2031-01-01");
    expect(dayAfter("2030-03-30", 3)).toBe("2030-04-02");
  });
});
