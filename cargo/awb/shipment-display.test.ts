import { describe, expect, it } from "vitest";
import { bookingSummaryOf, shipmentReason, listState } from "./shipment-display";

describe("how a shipment reads in the list and its report", () => {
  it("says waitlisted for a request whose open legs are all LL, requested while any NN waits", () => {
    expect(bookingSummaryOf("requested", [{ response_status: "LL" }])).toBe("waitlisted");
    expect(bookingSummaryOf("requested", [{ response_status: "KK" }, { response_status: "LL" }])).toBe("waitlisted");
    expect(bookingSummaryOf("requested", [{ response_status: "NN" }, { response_status: "LL" }])).toBe("requested");
    expect(bookingSummaryOf("confirmed", [{ response_status: "KK" }])).toBe("confirmed");
    expect(bookingSummaryOf(null, [])).toBeNull();
  });
  it("gives the void reason, else the first leg not confirmed with a reason", () => {
    const legs = [
      { response_status: "KK", response_reason: "ok" },
      { response_status: "LL", response_reason: "Not enough capacity: waitlisted" },
    ];
    expect(shipmentReason({ void_reason: null, effective_bookings: legs })).toBe("Not enough capacity: waitlisted");
    expect(shipmentReason({ void_reason: "duplicate", effective_bookings: legs })).toBe("duplicate");
  });
  it("names the furthest state", () => {
    expect(listState({ voided_at: null, delivered: false, departed: true, verified_at: "x", issued_at: "x" })).toBe("departed");
    expect(listState({ voided_at: null, delivered: false, departed: false, verified_at: null, issued_at: null })).toBe("created");
  });
});
