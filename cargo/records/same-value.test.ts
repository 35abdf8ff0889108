import { describe, expect, it } from "vitest";
import { sameRecordValue } from "./same-value";

describe("sameRecordValue", () => {
  it("a party block read back with its keys in another order is the same", () => {
    const posted = { name: "ACME", address: "1 Road", city: "Moscow", country_code: "RU", contacts: [{ type: "phone", value: "+7 1" }] };
    const stored = { city: "Moscow", name: "ACME", contacts: [{ value: "+7 1", type: "phone" }], address: "1 Road", country_code: "RU", tax_id: null };
    expect(sameRecordValue(posted, stored)).toBe(true);
  });
  it("nothing, an empty list, an empty block and empty text are all no value", () => {
    expect(sameRecordValue(null, [])).toBe(true);
    expect(sameRecordValue(undefined, {})).toBe(true);
    expect(sameRecordValue(null, "")).toBe(true);
  });
  it("a changed name, a false flag against nothing, and a list's order are changes", () => {
    expect(sameRecordValue({ name: "ACME" }, { name: "ACME Ltd" })).toBe(false);
    expect(sameRecordValue(null, false)).toBe(false);
    expect(sameRecordValue(["GEN", "DGR"], ["DGR", "GEN"])).toBe(false);
    expect(sameRecordValue(0, null)).toBe(false);
  });
  it("dates compare as instants", () => {
    expect(sameRecordValue(new Date("2030-01-01T00:00:00Z"), "2030-01-01T00:00:00.000Z")).toBe(true);
  });
});
