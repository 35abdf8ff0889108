import { describe, expect, it } from "vitest";
import type { Condition } from "../../cargo/access/condition";
import { meets } from "../../cargo/access/condition";
import { AWB_AIRLINE_ACTIONS, WAYBILL_BILLING } from "../../cargo/access/rules";
import { DEFAULT_AIRLINE_LISTS } from "../../cargo/access/airline-lists";
import { AWB_ACCESS } from "../../api/air-waybills/access";
import { BILLING_ACCESS } from "../../api/billing/waybill-rates";
import { may, type Who } from "../../api/settings/access";
import type { BusinessType, Role } from "../../api/db/tables/enums";

/**
 * The airline side's work on a shipment has two forms each: the API's (AWB_ACCESS.airline for the state actions,
 * BILLING_ACCESS for calculating and the rate lines, which guard the calls) and the shared rule the pages read (the
 * shipment page's AWB_AIRLINE_ACTIONS, to tell a stale button from a forged one; the billing page's WAYBILL_BILLING, to
 * offer its controls and admit its posts). For every kind of user each pair must agree, or a stale press by someone
 * the API admits would be shown the not-found page (or a forged one by someone it refuses be sent upstream).
 */
const TYPES: BusinessType[] = ["platform", "airline", "forwarder", "visitor"];
const ROLES: Role[] = ["operator", "manager", "com_cor", "billing", "ics_inspector", "admin"];
const USERS = TYPES.flatMap((type) => ROLES.map((role) => [type, role] as const));

const apiAdmits = (type: BusinessType, role: Role, who: Who) => may({ profile: { company: { business_type: type }, profile: { role } } } as never, who);
const pageAdmits = (type: BusinessType, role: Role, rule: Condition) =>
  meets(rule, {
    user: { type, role: role === "operator" ? "default" : role },
    tenant: { code: "s7", type: "airline", environment: "prod" },
    ui: {},
    lists: DEFAULT_AIRLINE_LISTS,
  } as never);

describe.each([
  { name: "the airline side of a shipment", rule: AWB_AIRLINE_ACTIONS, who: AWB_ACCESS.airline, airline: ["airline.operator", "airline.manager"] },
  { name: "who bills a waybill", rule: WAYBILL_BILLING, who: BILLING_ACCESS, airline: ["airline.operator", "airline.manager", "airline.billing"] },
])("$name", ({ rule, who, airline }) => {
  it.each(USERS)("%s %s: the API and the page agree", (type, role) => {
    expect(pageAdmits(type, role, rule)).toBe(apiAdmits(type, role, who));
  });

  it(`admits the platform and the airline's ${airline.join(", ")} only`, () => {
    const admitted = USERS.filter(([type, role]) => apiAdmits(type, role, who)).map(([type, role]) => `${type}.${role}`);
    expect(admitted.filter((user) => user.startsWith("airline"))).toEqual(airline);
    expect(admitted.some((user) => user.startsWith("forwarder") || user.startsWith("visitor"))).toBe(false);
    expect(admitted.filter((user) => user.startsWith("platform")).length).toBeGreaterThan(0);
  });
});
