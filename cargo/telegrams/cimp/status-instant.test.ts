import { describe, expect, it } from "vitest";
import { flightDateOf, nearestDate, statusInstant } from "./status-instant";

const noTimes = { time: null, flight_day: null, departure_time: null, arrival_time: null };

describe("nearestDate", () => {
  it("reads a day and month as the date nearest the day the telegram came, across a new year either way", () => {
    expect(nearestDate({ day: 28, month: 11 }, "2026-11-28")).toBe("2026-11-28");
    expect(nearestDate({ day: 31, month: 12 }, "2027-01-02")).toBe("2026-12-31");
    expect(nearestDate({ day: 2, month: 1 }, "2026-12-30")).toBe("2027-01-02");
    expect(nearestDate({ day: 15, month: 6 }, "2026-11-28")).toBe("2026-06-15");
  });

  it("finds 29 February only in a leap year, and none when no year near has one", () => {
    expect(nearestDate({ day: 29, month: 2 }, "2028-03-01")).toBe("2028-02-29");
    expect(nearestDate({ day: 29, month: 2 }, "2026-11-28")).toBeNull();
  });
});

describe("statusInstant", () => {
  const received = new Date("2026-11-28T12:00:00Z");

  it("reads a station's day and time as its local time (Moscow, UTC+3), or as UTC when marked Z", () => {
    const rcs = { ...noTimes, status_code: "RCS" as const, time: { day: 28, month: 11, time: "1510", time_zone: null } };
    expect(statusInstant(rcs, received, "Europe/Moscow").toISOString()).toBe("2026-11-28T12:10:00.000Z");
    const utc = { ...rcs, time: { ...rcs.time, time_zone: "utc" as const } };
    expect(statusInstant(utc, received, "Europe/Moscow").toISOString()).toBe("2026-11-28T15:10:00.000Z");
  });

  it("dates a departure by its flight day and departure time; an arrival before the departure is the next day's", () => {
    const dep = { ...noTimes, status_code: "DEP" as const, flight_day: { day: 27, month: 11 }, departure_time: { kind: "A" as const, time: "2210" } };
    const departed = statusInstant(dep, received, "Europe/Moscow");
    expect(departed.toISOString()).toBe("2026-11-27T19:10:00.000Z");
    // 06:10 at OVB (UTC+7) on the flight's day would be before it left Moscow: it landed the next morning
    const arr = { ...noTimes, status_code: "ARR" as const, flight_day: { day: 27, month: 11 }, arrival_time: { kind: "A" as const, time: "0610" } };
    expect(statusInstant(arr, received, "Asia/Novosibirsk", departed).toISOString()).toBe("2026-11-27T23:10:00.000Z");
    expect(statusInstant(arr, received, "Asia/Novosibirsk").toISOString()).toBe("2026-11-26T23:10:00.000Z");
    // a departure ten minutes before its scheduled time stays on its day
    const std = new Date("2026-11-27T19:20:00Z");
    expect(statusInstant(dep, received, "Europe/Moscow", std).toISOString()).toBe("2026-11-27T19:10:00.000Z");
  });

  it("takes the telegram's arrival when the line gives no time", () => {
    expect(statusInstant({ ...noTimes, status_code: "NFD" }, received, "Europe/Moscow")).toEqual(received);
  });

  it("dates the flight of a line by its station's day: just after midnight in Novosibirsk is already the next day", () => {
    const late = new Date("2026-12-31T18:30:00Z"); // 01:30 on 1 January at OVB (UTC+7)
    expect(flightDateOf({ flight_day: { day: 1, month: 1 } }, late, "Asia/Novosibirsk")).toBe("2027-01-01");
    expect(flightDateOf({ flight_day: { day: 31, month: 12 } }, late, "Asia/Novosibirsk")).toBe("2026-12-31");
    expect(flightDateOf({ flight_day: null }, late, "Asia/Novosibirsk")).toBeNull();
  });
});
