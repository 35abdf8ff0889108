import { describe, expect, it } from "vitest";
import { meets } from "../../cargo/access/condition";
import { AWB_AIRLINE_ACTIONS } from "../../cargo/access/rules";
import { DEFAULT_AIRLINE_LISTS } from "../../cargo/access/airline-lists";
import { AWB_ACCESS } from "../../api/air-waybills/access";
import { may } from "../../api/settings/access";
import type { BusinessType, Role } from "../../api/db/tables/enums";

/**
 * The airline side's shipment actions have two forms: the API's (AWB_ACCESS.airline, which guards the calls) and the
 * shared rule the shipment page reads to tell a stale button from a forged one (AWB_AIRLINE_ACTIONS). For every kind
 * of user they must agree, or a stale press by someone the API admits would be shown the not-found page (or a forged
 * one by someone it refuses be sent upstream).
 */
const TYPES: BusinessType[] = ["platform", "airline", "forwarder", "visitor"];
const ROLES: Role[] = ["operator", "manager", "com_cor", "billing", "ics_inspector", "admin"];

describe("the airline side of a shipment", () => {
  it.each(TYPES.flatMap((type) => ROLES.map((role) => [type, role] as const)))("%s %s: the API and the page agree", (type, role) => {
    const api = may({ profile: { company: { business_type: type }, profile: { role } } as never }, AWB_ACCESS.airline);
    const page = meets(AWB_AIRLINE_ACTIONS, {
      user: { type, role: role === "operator" ? "default" : role },
      tenant: { code: "s7", type: "airline", environment: "prod" },
      ui: {},
      lists: DEFAULT_AIRLINE_LISTS,
    } as never);
    expect(page).toBe(api);
  });

  it("admits the platform and the airline's Default and Manager only", () => {
    const admitted = TYPES.flatMap((type) => ROLES.filter((role) => may({ profile: { company: { business_type: type }, profile: { role } } } as never, AWB_ACCESS.airline)).map((role) => `${type}.${role}`));
    expect(admitted.filter((who) => who.startsWith("airline"))).toEqual(["airline.operator", "airline.manager"]);
    expect(admitted.some((who) => who.startsWith("forwarder") || who.startsWith("visitor"))).toBe(false);
  });
});
