import { describe, expect, it } from "vitest";
import { SHIPMENT_LIMITS, checkShipment, incompatibleShcPairs, type ShipmentCheckInput } from "./business-checks";

const base: ShipmentCheckInput = {
  totals: { pieces: 10, weightKg: 400, volumeM3: 2 },
  shcs: ["GEN"],
  hasDimensions: false,
  booking: false,
};

const warningsOf = (change: Partial<ShipmentCheckInput>) => checkShipment({ ...base, ...change }).warnings;
const errorsOf = (change: Partial<ShipmentCheckInput>) => checkShipment({ ...base, ...change }).errors;

describe("size warnings, at their limits", () => {
  it("a plain shipment raises nothing", () => {
    expect(checkShipment(base)).toEqual({ errors: [], warnings: [] });
  });

  it("average piece volume over 2.4 m³", () => {
    expect(warningsOf({ totals: { pieces: 2, weightKg: 100, volumeM3: 4.8 } })).toEqual([]);
    expect(warningsOf({ totals: { pieces: 2, weightKg: 100, volumeM3: 4.81 } })).toEqual(["average_piece_volume"]);
  });

  it("average piece weight over 300 kg", () => {
    expect(warningsOf({ totals: { pieces: 2, weightKg: 600, volumeM3: 1 } })).toEqual([]);
    expect(warningsOf({ totals: { pieces: 2, weightKg: 600.5, volumeM3: 1 } })).toEqual(["average_piece_weight"]);
  });

  it("weight over 5000 kg and volume over 40 m³", () => {
    expect(warningsOf({ totals: { pieces: 100, weightKg: 5000, volumeM3: 40 } })).toEqual([]);
    expect(warningsOf({ totals: { pieces: 100, weightKg: 5000.1, volumeM3: 40.01 } })).toEqual(["weight_over_limit", "volume_over_limit"]);
  });

  it("no pieces is no average (the required-field check says so)", () => {
    expect(warningsOf({ totals: { pieces: 0, weightKg: 100, volumeM3: 1 } })).toEqual([]);
  });

  it("the 500 kg airline restriction only where the airline sets it", () => {
    expect(warningsOf({ totals: { pieces: 5, weightKg: 500.5, volumeM3: 1 } })).toEqual([]);
    expect(warningsOf({ totals: { pieces: 5, weightKg: 500, volumeM3: 1 }, airlineWeightRestriction: true })).toEqual([]);
    expect(warningsOf({ totals: { pieces: 5, weightKg: 500.5, volumeM3: 1 }, airlineWeightRestriction: true })).toEqual(["airline_weight_restriction"]);
    expect(SHIPMENT_LIMITS.airlineRestrictionKg).toBe(500);
  });
});

describe("booked parts within the waybill's totals", () => {
  it("each part at most the totals; each excess named once", () => {
    expect(warningsOf({ parts: [{ pieces: 10, weightKg: 400, volumeM3: 2 }, { pieces: 4, weightKg: 100, volumeM3: 1 }] })).toEqual([]);
    expect(
      warningsOf({
        parts: [
          { pieces: 11, weightKg: 400, volumeM3: 2 },
          { pieces: 12, weightKg: 401, volumeM3: 2.5 },
        ],
      }),
    ).toEqual(["pieces_over_totals", "weight_over_totals", "volume_over_totals"]);
  });
});

describe("SHC errors", () => {
  it("forbidden SHCs block, named in upper case, whatever case was typed", () => {
    expect(errorsOf({ shcs: ["dgr", "PER", "GEN"], forbiddenShcs: ["DGR", "per"] })).toEqual([{ code: "forbidden_shc", shcs: ["DGR", "PER"] }]);
    expect(errorsOf({ shcs: ["GEN"], forbiddenShcs: ["DGR"] })).toEqual([]);
  });

  it("each incompatible pair once, whichever order the reference lists it in", () => {
    const pairs: Array<[string, string]> = [
      ["AVI", "ICE"],
      ["ICE", "AVI"],
      ["HUM", "EAT"],
      ["RRY", "RRY"],
    ];
    expect(incompatibleShcPairs(["avi", "ice", "EAT"], pairs)).toEqual([["AVI", "ICE"]]);
    expect(errorsOf({ shcs: ["AVI", "ICE", "HUM", "EAT"], incompatibleShcs: pairs })).toEqual([
      { code: "incompatible_shc", shcs: ["AVI", "ICE"] },
      { code: "incompatible_shc", shcs: ["HUM", "EAT"] },
    ]);
    expect(errorsOf({ shcs: ["RRY"], incompatibleShcs: pairs })).toEqual([]);
  });
});

describe("booking-only errors", () => {
  it("heavy cargo needs its dimensions when booked, not when the waybill is only saved", () => {
    expect(errorsOf({ shcs: ["HEA"], booking: false })).toEqual([]);
    expect(errorsOf({ shcs: ["hea"], booking: true, certificationAccepted: true })).toEqual([{ code: "heavy_cargo_without_dimensions" }]);
    expect(errorsOf({ shcs: ["HEA"], booking: true, certificationAccepted: true, hasDimensions: true })).toEqual([]);
  });

  it("the consignor certification must be accepted to book", () => {
    expect(errorsOf({ booking: true })).toEqual([{ code: "consignor_certification" }]);
    expect(errorsOf({ booking: true, certificationAccepted: false })).toEqual([{ code: "consignor_certification" }]);
    expect(errorsOf({ booking: true, certificationAccepted: true })).toEqual([]);
  });

  it("every error and warning at once", () => {
    const result = checkShipment({
      totals: { pieces: 1, weightKg: 6000, volumeM3: 41 },
      shcs: ["HEA", "DGR"],
      forbiddenShcs: ["DGR"],
      hasDimensions: false,
      booking: true,
    });
    expect(result.errors.map((e) => e.code)).toEqual(["forbidden_shc", "heavy_cargo_without_dimensions", "consignor_certification"]);
    expect(result.warnings).toEqual(["average_piece_volume", "average_piece_weight", "weight_over_limit", "volume_over_limit"]);
  });
});
