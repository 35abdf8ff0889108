import { describe, expect, it } from "vitest";
import { agreementStateOn } from "~/lib/settings/agreement-state";

const period = { active: true, effective_from: "2027-03-01", effective_to: "2027-03-31" };

describe("agreementStateOn (issue 9 §1.6)", () => {
  it("an inactive agreement is inactive whatever its dates", () => {
    expect(agreementStateOn({ ...period, active: false }, "2027-03-15")).toBe("inactive");
    expect(agreementStateOn({ ...period, active: false }, "2028-01-01")).toBe("inactive");
  });

  it("before effective_from it is not yet in force; on that day it is in force", () => {
    expect(agreementStateOn(period, "2027-02-28")).toBe("not_yet_in_force");
    expect(agreementStateOn(period, "2027-03-01")).toBe("in_force");
  });

  it("it is still in force on its effective_to day and expired the day after", () => {
    expect(agreementStateOn(period, "2027-03-31")).toBe("in_force");
    expect(agreementStateOn(period, "2027-04-01")).toBe("expired");
  });

  it("a one-day agreement is in force on that day only", () => {
    const oneDay = { active: true, effective_from: "2028-02-29", effective_to: "2028-02-29" };
    expect(agreementStateOn(oneDay, "2028-02-28")).toBe("not_yet_in_force");
    expect(agreementStateOn(oneDay, "2028-02-29")).toBe("in_force");
    expect(agreementStateOn(oneDay, "2028-03-01")).toBe("expired");
  });

  it("an open-ended agreement never expires", () => {
    expect(agreementStateOn({ active: true, effective_from: "2020-01-01", effective_to: null }, "2099-12-31")).toBe("in_force");
    expect(agreementStateOn({ active: true, effective_from: "2020-01-01" }, "2099-12-31")).toBe("in_force");
  });
});
