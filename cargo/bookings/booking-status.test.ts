import { describe, expect, it } from "vitest";
import { BOOKING_STATUS_MEANINGS, BOOKING_STATUSES, isBookingStatus, RULE_RESPONSE_STATUSES } from "./booking-status";

describe("booking statuses", () => {
  it("KK confirmed, NN requested, LL waitlisted, UU unable, XX cancelled", () => {
    expect(BOOKING_STATUS_MEANINGS).toEqual({ KK: "confirmed", NN: "requested", LL: "waitlisted", UU: "unable", XX: "cancelled" });
    expect(Object.keys(BOOKING_STATUS_MEANINGS)).toEqual([...BOOKING_STATUSES]);
  });
  it("a rule confirms, asks the airline or refuses; it never waitlists nor cancels", () => {
    expect(RULE_RESPONSE_STATUSES).toEqual(["KK", "NN", "UU"]);
    expect(isBookingStatus("LL")).toBe(true);
    expect(isBookingStatus("kk")).toBe(false);
  });
});
