import { describe, expect, it } from "vitest";
import { tripMarks } from "../../app/lib/offers/trip-marks.server";

const trip = (key: string, cost: string | null, minutes: number, extra: Partial<{ currency: string | null; bookable: boolean }> = {}) => ({
  key, cost, currency: cost === null ? null : "RUB", trip_minutes: minutes, bookable: true, ...extra,
});

describe("the cheapest and the fastest option of a search", () => {
  it("compares prices as decimals and times as minutes, among the options that can be booked", () => {
    // As numbers of text, "9999.99" sorts after "10000.00"; as decimals it is cheaper.
    expect(tripMarks([trip("a", "10000.00", 300), trip("b", "9999.99", 420), trip("c", "1.00", 200, { bookable: false })])).toEqual({ cheapest: "b", fastest: "a" });
  });

  it("compares only prices in the currency most options have, and marks nothing when there is one option", () => {
    expect(tripMarks([trip("a", "500", 300), trip("b", "400", 300), trip("c", "5", 100, { currency: "USD" })])).toEqual({ cheapest: "b", fastest: "c" });
    expect(tripMarks([trip("a", "500", 300)])).toEqual({ cheapest: null, fastest: null });
    expect(tripMarks([trip("a", null, 300), trip("b", null, 200)])).toEqual({ cheapest: null, fastest: "b" });
  });
});
