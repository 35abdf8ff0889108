import { describe, expect, it } from "vitest";
import { flightDateNear, flightNumberWithDate, readFlightDay, readPartFlightLine } from "./flight-line";

describe("the flight of FFM, FBL and UWS", () => {
  it("reads the part's flight line in the product's names", () => {
    const errors: never[] = [];
    expect(readPartFlightLine(2, "12/S7101/28NOV0935/DME/RA73456", errors)).toEqual({ part_number: 12, carrier: "S7", flight_number: "S70101", flight_day: "28NOV", departure_time: "0935", origin_iata: "DME", rest: ["RA73456"] });
    expect(errors).toEqual([]);
  });

  it("points at the element that is wrong", () => {
    for (const [line, field] of [
      ["1/S7/28NOV/DME", "flight number"],
      ["1/S70101/28NOV2460/DME", "departure time"],
      ["1/S70101/30FEB/DME", "flight day"],
      ["1/S70101/28NOV/DM", "point of loading"],
      ["0/S70101/28NOV/DME", "message sequence number"],
    ]) {
      const errors: { line: number; params?: Record<string, unknown> }[] = [];
      readPartFlightLine(7, line!, errors as never);
      expect(errors.map((e) => [e.line, e.params?.field])).toEqual([[7, field]]);
    }
  });

  it("chooses the year nearest to the reference day (a day sent without one)", () => {
    expect(flightDateNear("28NOV", "2026-11-27")).toBe("2026-11-28");
    expect(flightDateNear("31DEC", "2027-01-02")).toBe("2026-12-31");
    expect(flightDateNear("02JAN", "2026-12-30")).toBe("2027-01-02");
    expect(flightDateNear("29FEB", "2028-02-20")).toBe("2028-02-29");
    expect(flightDateNear("29FEB", "2026-03-01")).toBeNull(); // no leap year within a year of it
    expect(readFlightDay("30FEB")).toBeNull();
    expect(flightNumberWithDate({ carrier: "S7", flight_number: "S70101", flight_day: "28NOV" }, "2026-11-28")).toBe("S70101/28NOV26");
    expect(flightNumberWithDate({ carrier: "S7", flight_number: "S70101", flight_day: "28NOV" }, "2070-11-28")).toBeNull();
  });
});
