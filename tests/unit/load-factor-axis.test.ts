import { describe, expect, it } from "vitest";
import { percentAxis } from "~/components/flights/load-factor-axis";

// Issue 9 §1.7: an over-capacity flight's chart ended at 108 %; the axis ends on round values.
describe("the load factor chart's percent axis", () => {
  it("is 0..100 % in 25 % steps for a flight within capacity, rounding noise included", () => {
    for (const dataMax of [0, 42.5, 100, 100.2]) {
      expect(percentAxis(dataMax)).toEqual({ max: 100, step: 25, ticks: [0, 25, 50, 75, 100] });
    }
  });

  it("goes on to the next round value for an overbooked flight (108 % → 125 %)", () => {
    expect(percentAxis(108)).toEqual({ max: 125, step: 25, ticks: [0, 25, 50, 75, 100, 125] });
    expect(percentAxis(150)).toMatchObject({ max: 150, step: 25 });
  });

  it("takes a larger step for a far overbooked flight, so the axis keeps at most six intervals", () => {
    const axis = percentAxis(420);
    expect(axis).toEqual({ max: 500, step: 100, ticks: [0, 100, 200, 300, 400, 500] });
    for (const dataMax of [151, 260, 999, 12_345]) {
      const { max, step, ticks } = percentAxis(dataMax);
      expect(max).toBeGreaterThanOrEqual(dataMax);
      expect(max % step).toBe(0);
      expect(ticks.length - 1).toBeLessThanOrEqual(6);
    }
  });
});
