import { describe, expect, it } from "vitest";
import { movementInstant } from "./movement-instant";

const at = (iso: string) => new Date(iso);

describe("an MVT time placed against its flight", () => {
  it("is on the flight's day, or the next day past midnight, or the previous one before it", () => {
    expect(movementInstant({ day: null, time: "01:48" }, at("2026-11-15T01:30:00Z")).toISOString()).toBe("2026-11-15T01:48:00.000Z");
    expect(movementInstant({ day: null, time: "00:10" }, at("2026-11-15T23:50:00Z")).toISOString()).toBe("2026-11-16T00:10:00.000Z");
    expect(movementInstant({ day: null, time: "23:55" }, at("2026-11-16T00:20:00Z")).toISOString()).toBe("2026-11-15T23:55:00.000Z");
  });

  it("takes a written day in the month nearest the flight, across a month's and a year's end", () => {
    expect(movementInstant({ day: 1, time: "02:10" }, at("2026-10-31T22:00:00Z")).toISOString()).toBe("2026-11-01T02:10:00.000Z");
    expect(movementInstant({ day: 31, time: "23:40" }, at("2027-01-01T01:00:00Z")).toISOString()).toBe("2026-12-31T23:40:00.000Z");
    expect(movementInstant({ day: 16, time: "00:05" }, at("2026-11-15T23:00:00Z")).toISOString()).toBe("2026-11-16T00:05:00.000Z");
    // November has no 31st: the one before it
    expect(movementInstant({ day: 31, time: "22:00" }, at("2026-11-01T01:00:00Z")).toISOString()).toBe("2026-10-31T22:00:00.000Z");
  });
});
