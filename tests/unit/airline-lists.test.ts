import { describe, expect, it } from "vitest";
import {
  AIRLINE_LIST_NAMES,
  DEFAULT_AIRLINE_LISTS,
  airlineListEnvName,
  listIncludes,
  parseAirlineLists,
} from "~/lib/access/airline-lists";

describe("airline lists", () => {
  it("keeps the spec's example codes, lower-case", () => {
    expect(DEFAULT_AIRLINE_LISTS.usersManagement).toEqual(["s7", "y7"]);
    expect(DEFAULT_AIRLINE_LISTS.featureRequests).toEqual(["c6", "y7"]);
    expect(DEFAULT_AIRLINE_LISTS.houseWaybill).toEqual(["2s", "4b", "c6", "u6", "v0", "y3"]);
    expect(DEFAULT_AIRLINE_LISTS.customWaybillNumber).toEqual(["c6", "su"]);
    expect(DEFAULT_AIRLINE_LISTS.billingSending).toHaveLength(18);
    for (const name of AIRLINE_LIST_NAMES) {
      for (const code of DEFAULT_AIRLINE_LISTS[name]) expect(code).toBe(code.toLowerCase());
    }
  });

  it("names env vars AIRLINES_<UPPER_SNAKE>", () => {
    expect(airlineListEnvName("aci")).toBe("AIRLINES_ACI");
    expect(airlineListEnvName("flightEdit")).toBe("AIRLINES_FLIGHT_EDIT");
    expect(airlineListEnvName("ssimUploadExcluded")).toBe("AIRLINES_SSIM_UPLOAD_EXCLUDED");
  });

  it("overrides only the lists whose env var is set", () => {
    const lists = parseAirlineLists({ AIRLINES_FLIGHT_EDIT: " S7, u6 ,,U6", AIRLINES_PARTIES_EXCLUDED: "", OTHER: "x" });
    expect(lists.flightEdit).toEqual(["s7", "u6"]);
    expect(lists.partiesExcluded).toEqual([]);
    expect(lists.usersManagement).toEqual(DEFAULT_AIRLINE_LISTS.usersManagement);
    expect(Object.keys(lists).sort()).toEqual([...AIRLINE_LIST_NAMES].sort());
    expect(parseAirlineLists({ AIRLINES_USERS_MANAGEMENT: "c6" }).usersManagement).toEqual(["c6"]);
  });

  it("treats n4 and eo as one group", () => {
    expect(listIncludes(["n4"], "eo")).toBe(true);
    expect(listIncludes(["eo"], "n4")).toBe(true);
    expect(listIncludes(["n4"], "s7")).toBe(false);
    expect(listIncludes(["s7"], "S7")).toBe(true);
  });
});
