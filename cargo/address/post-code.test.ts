import { describe, expect, it } from "vitest";
import { EU_MEMBER_STATES, missingPostCode, postCodeRequired } from "./post-code";

describe("post codes of GB and EU addresses (spec 2 §9)", () => {
  it("lists the 27 member states once each", () => {
    expect(new Set(EU_MEMBER_STATES).size).toBe(27);
    expect(EU_MEMBER_STATES).not.toContain("GB");
  });

  it.each([
    ["GB", true], ["gb", true], ["DE", true], ["GR", true], ["fr ", true], ["RU", false], ["CH", false], ["NO", false],
    ["US", false], ["", false], [null, false], [undefined, false],
  ])("%s needs a post code: %s", (country, needed) => {
    expect(postCodeRequired(country)).toBe(needed);
  });

  it("counts a blank post code as missing", () => {
    expect(missingPostCode("DE", "  ")).toBe(true);
    expect(missingPostCode("DE", null)).toBe(true);
    expect(missingPostCode("DE", "60549")).toBe(false);
    expect(missingPostCode("RU", null)).toBe(false);
  });
});
