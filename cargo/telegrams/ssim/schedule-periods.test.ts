import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseTelegram } from "../parse-telegram";
import { nearestDateOfDay, operatingDates, schedulePeriods, scheduleWindow } from "./schedule-periods";
import type { SsimFile } from "./ssim-file";

const legs = (parseTelegram(fs.readFileSync(path.resolve("tests/fixtures/telegrams/ssim/winter-two-airlines.txt"), "latin1")).message as SsimFile).legs;
const of = (number: string) => legs.filter((l) => l.number === number);

describe("schedule periods of SSIM legs", () => {
  it("makes a two-leg flight per operating date, legs in sequence, times in UTC by the offsets written on the legs", () => {
    const { flights, truncated } = schedulePeriods(of("S75101"), { from: "2026-10-25", to: "2026-11-01" });
    expect(truncated).toBe(false);
    // Mondays and Thursdays: 26 and 29 October.
    expect(flights.map((f) => f.number_with_date)).toEqual(["S75101/26OCT26", "S75101/29OCT26"]);
    expect(flights[0]!.legs).toEqual([
      expect.objectContaining({ leg_sequence: 1, origin_iata: "DME", destination_iata: "OVB", std: "2026-10-26T20:30:00.000Z", sta: "2026-10-26T23:10:00.000Z", std_written: "2026-10-26T23:30", sta_written: "2026-10-27T06:10" }),
      expect.objectContaining({ leg_sequence: 2, origin_iata: "OVB", destination_iata: "KJA", std: "2026-10-27T01:00:00.000Z", sta: "2026-10-27T02:00:00.000Z" }),
    ]);
  });

  it("flies every other week with frequency rate 2", () => {
    const { flights } = schedulePeriods(of("S75103"));
    expect(flights.map((f) => f.flight_date).slice(0, 4)).toEqual(["2026-11-02", "2026-11-16", "2026-11-30", "2026-12-14"]);
    expect(flights).toHaveLength(11);
  });

  it("keeps itinerary variations apart and reads UTC data sets as UTC", () => {
    const week = schedulePeriods(of("S71001"), { from: "2026-10-31", to: "2026-10-31" }).flights;
    expect(week.map((f) => [f.itinerary_variation, f.legs[0]!.aircraft_type])).toEqual([[1, "320"], [2, "321"]]);
    const su = schedulePeriods(of("SU0100"), { from: "2026-10-26", to: "2026-10-26" }).flights;
    expect(su[0]!.legs[0]).toMatchObject({ std: "2026-10-26T04:00:00.000Z", sta: "2026-10-26T05:25:00.000Z" });
  });

  it("stops an open-ended period at the horizon and a big expansion at maxFlights, and says so", () => {
    expect(schedulePeriods(of("SU0100"), { horizonDays: 14 }).flights).toHaveLength(10);
    const capped = schedulePeriods(legs, { maxFlights: 50 });
    expect(capped.truncated).toBe(true);
    expect(capped.flights).toHaveLength(50);
  });
});

describe("the dates a receiver applies a schedule to", () => {
  it("lists a period's operating dates within a window, every other week with rate 2", () => {
    const period = { period_from: "2026-11-02", period_to: "2026-12-31", days_of_week: "1", frequency_rate: 2 };
    expect(operatingDates(period, "2026-11-10", "2026-12-01")).toEqual(["2026-11-16", "2026-11-30"]);
    expect(operatingDates({ ...period, frequency_rate: null, period_to: null }, "2026-11-01", "2026-11-20", 2)).toEqual(["2026-11-02", "2026-11-09"]);
  });

  it("places a year-less ASM date nearest the day it arrived, across a new year, never on a 29 February that is not", () => {
    expect(nearestDateOfDay("--03-12", new Date("2027-03-01T10:00:00Z"))).toBe("2027-03-12");
    expect(nearestDateOfDay("--01-02", new Date("2026-12-30T10:00:00Z"))).toBe("2027-01-02");
    expect(nearestDateOfDay("--12-30", new Date("2027-01-02T10:00:00Z"))).toBe("2026-12-30");
    expect(nearestDateOfDay("--02-29", new Date("2027-03-01T10:00:00Z"))).toBe("2028-02-29");
    expect(nearestDateOfDay("2027-03-12", new Date("2027-03-01T10:00:00Z"))).toBeNull();
  });

  it("applies from the day received for a year", () => {
    expect(scheduleWindow(new Date("2026-11-28T23:59:00Z"))).toEqual({ from: "2026-11-28", to: "2027-11-28" });
  });
});
