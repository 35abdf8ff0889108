import { describe, expect, it } from "vitest";
import { readConsignment, writeAwbIdentification, writeQuantity } from "./consignment";

describe("the consignment detail", () => {
  it("reads a whole shipment, a part, and a number written without its hyphen", () => {
    expect(readConsignment(2, "157-12345675LHRJFK", "T2K50.0MC0.5")).toEqual({
      value: { mawb: "157-12345675", origin_iata: "LHR", destination_iata: "JFK", parts_code: "T", pieces: 2, weight_code: "K", weight: 50, volume_code: "MC", volume: 0.5, density_group: null, total_pieces: null },
      errors: [],
    });
    expect(readConsignment(2, "15712345675LHRJFK", "P1L20DG10T2").value).toMatchObject({ mawb: "157-12345675", parts_code: "P", pieces: 1, weight_code: "L", weight: 20, density_group: 10, total_pieces: 2 });
  });

  it("points at the line: a wrong check digit, a missing route, a part without its total, a bad quantity", () => {
    expect(readConsignment(7, "157-12345670LHRJFK", "T1K1").errors).toMatchObject([{ line: 7, code: "bad_awb_number" }]);
    expect(readConsignment(7, "157-12345675", "T1K1").errors).toMatchObject([{ line: 7, code: "missing_field" }]);
    expect(readConsignment(7, "157-12345675", "T1K1", false).errors).toEqual([]);
    expect(readConsignment(7, "157-12345675LHRJFK", "P1K1").errors).toMatchObject([{ line: 7, code: "missing_field" }]);
    expect(readConsignment(7, "157-12345675LHRJFK", "T1X1").errors).toMatchObject([{ line: 7, code: "bad_field" }]);
  });

  it("writes what it reads", () => {
    const read = readConsignment(1, "157-12345675LHRJFK", "P1K20.5MC12.25T3").value!;
    expect(`${writeAwbIdentification(read)}/${writeQuantity(read)}`).toBe("157-12345675LHRJFK/P1K20.5MC12.25T3");
  });
});
