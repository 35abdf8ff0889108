import { describe, expect, it } from "vitest";
import { FLIGHT_TYPE_CODES, FLIGHT_TYPES, flightType, isCargoFlightType, isFlightType } from "./flight-types";

describe("flight types", () => {
  it("are exactly the letters A to X", () => {
    expect(FLIGHT_TYPE_CODES.join("")).toBe("ABCDEFGHIJKLMNOPQRSTUVWX");
    expect(new Set(FLIGHT_TYPES.map((t) => t.code)).size).toBe(24);
  });

  it.each([
    ["J", "scheduled", "passenger", /passenger/i],
    ["F", "scheduled", "cargo_mail", /cargo/i],
    ["M", "scheduled", "cargo_mail", /mail only/i],
    ["H", "charter", "cargo_mail", /charter, cargo/i],
    ["C", "charter", "passenger", /passenger only/i],
    ["A", "additional", "cargo_mail", /additional cargo/i],
    ["G", "additional", "passenger", /additional passenger/i],
    ["W", "other", "other", /military/i],
    ["X", "other", "other", /technical stop/i],
    ["T", "other", "other", /technical test/i],
    ["P", "other", "other", /ferry/i],
    ["Q", "scheduled", "passenger_cargo", /cargo in cabin/i],
    ["L", "charter", "passenger_cargo", /passenger and cargo/i],
  ])("%s is %s %s", (code, category, traffic, description) => {
    const t = flightType(code);
    expect(t).toMatchObject({ code, category, traffic });
    expect(t!.description).toMatch(description);
  });

  it.each(["Y", "Z", "j", "", "FF"])("%j is not a platform flight type", (code) => {
    expect(isFlightType(code)).toBe(false);
    expect(flightType(code)).toBeUndefined();
  });

  it("cargo flight types", () => {
    expect(FLIGHT_TYPES.filter((t) => isCargoFlightType(t.code)).map((t) => t.code).sort()).toEqual(["A", "F", "H", "M", "V"]);
  });

  it("every type has a description", () => {
    for (const t of FLIGHT_TYPES) expect(t.description.length).toBeGreaterThan(5);
  });
});
