import { describe, expect, it } from "vitest";
import { meets } from "../../cargo/access/condition";
import { WAYBILL_BILLING } from "../../cargo/access/rules";
import { DEFAULT_AIRLINE_LISTS } from "../../cargo/access/airline-lists";
import { BILLING_ACCESS } from "../../api/billing/waybill-rates";
import { may } from "../../api/settings/access";
import type { BusinessType, Role } from "../../api/db/tables/enums";

/**
 * Billing a waybill has two forms: the API's (BILLING_ACCESS, which guards calculate and the rate lines' writes) and
 * the shared rule the billing page reads to offer its controls and admit its posts (WAYBILL_BILLING). For every kind
 * of user they must agree, or a page would offer a button the API refuses (or hide one it allows).
 */
const TYPES: BusinessType[] = ["platform", "airline", "forwarder", "visitor"];
const ROLES: Role[] = ["operator", "manager", "com_cor", "billing", "ics_inspector", "admin"];

describe("who bills a waybill", () => {
  it.each(TYPES.flatMap((type) => ROLES.map((role) => [type, role] as const)))("%s %s: the API and the page agree", (type, role) => {
    const api = may({ profile: { company: { business_type: type }, profile: { role } } as never }, BILLING_ACCESS);
    const page = meets(WAYBILL_BILLING, {
      user: { type, role: role === "operator" ? "default" : role },
      tenant: { code: "s7", type: "airline", environment: "prod" },
      ui: {},
      lists: DEFAULT_AIRLINE_LISTS,
    } as never);
    expect(page).toBe(api);
  });

  it("admits the platform and the airline's Default, Manager and Billing", () => {
    const admitted = TYPES.flatMap((type) => ROLES.filter((role) => may({ profile: { company: { business_type: type }, profile: { role } } } as never, BILLING_ACCESS)).map((role) => `${type}.${role}`));
    expect(admitted.filter((who) => who.startsWith("airline"))).toEqual(["airline.operator", "airline.manager", "airline.billing"]);
    expect(admitted.some((who) => who.startsWith("forwarder") || who.startsWith("visitor"))).toBe(false);
  });
});
