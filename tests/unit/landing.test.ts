import { describe, expect, it } from "vitest";
import { DEFAULT_AIRLINE_LISTS } from "~/lib/access/airline-lists";
import { canAccess } from "~/lib/access/can-access";
import { landingPath } from "~/lib/access/landing";
import type { AccessContext } from "~/lib/access/types";
import { userFromProfile, type ProfileForAccess } from "~/lib/access/user-from-profile";
import { deriveTenant } from "~/lib/tenant";
import { ctx, TENANT_CFG } from "./access-helpers";

const profile = (role: string | null, business: string | null, short: string | null): ProfileForAccess => ({
  role,
  company_business_type: business,
  company_short_name: short,
});

/** The demo accounts of the seed, each at its tenant host. */
const DEMO: Array<[account: string, p: ProfileForAccess, host: string, landing: string]> = [
  ["platform@", profile("platform_operator", "platform", "PLATFORM"), "localhost", "/dashboard/air-waybills"],
  ["su.manager@", profile("airline_manager", "airline", "SU"), "su.localhost", "/dashboard/air-waybills"],
  ["s7.operator@", profile("airline_operator", "airline", "S7"), "s7.localhost", "/dashboard/air-waybills"],
  ["s7.manager@", profile("airline_manager", "airline", "S7"), "s7.localhost", "/dashboard/air-waybills"],
  ["s7.comcor@", profile("airline_com_cor", "airline", "S7"), "s7.localhost", "/dashboard/air-waybills"],
  ["s7.billing@", profile("airline_billing", "airline", "S7"), "s7.localhost", "/dashboard/air-waybills"],
  ["s7.inspector@", profile("airline_ics_inspector", "airline", "S7"), "s7.localhost", "/dashboard/air-waybills"],
  ["s7.admin@", profile("airline_admin", "airline", "S7"), "s7.localhost", "/dashboard/settings/users"],
  ["c6.manager@", profile("airline_manager", "airline", "C6"), "c6.localhost", "/dashboard/air-waybills"],
  ["v0.manager@", profile("airline_manager", "airline", "V0"), "v0.localhost", "/dashboard/air-waybills"],
  ["forwarder@ (su)", profile("forwarder_operator", "forwarder", "FWDONE"), "su.localhost", "/dashboard/air-waybills/create"],
  ["forwarder@ (forwarder host)", profile("forwarder_operator", "forwarder", "FWDONE"), "cargo.localhost", "/dashboard/offers/select"],
  ["forwarder@ (forwarder product)", profile("forwarder_operator", "forwarder", "FWDONE"), "fwd.localhost", "/dashboard/offers/select"],
  ["forwarder@ (default host)", profile("forwarder_operator", "forwarder", "FWDONE"), "localhost", "/dashboard/bookings"],
  ["forwarder@ (s7)", profile("forwarder_operator", "forwarder", "FWDONE"), "s7.localhost", "/dashboard/bookings"],
  ["forwarder.admin@", profile("forwarder_admin", "forwarder", "FWDONE"), "localhost", "/dashboard/settings/users"],
  ["visitor@", profile("forwarder_operator", "visitor", "VISITCO"), "localhost", "/dashboard/profile"],
  ["handler@", profile("airline_operator", "handler", "HANDLECO"), "s7.localhost", "/dashboard/profile"],
  ["nocompany@", profile(null, null, null), "localhost", "/dashboard/profile"],
];

function demoCtx(p: ProfileForAccess, host: string): AccessContext {
  const t = deriveTenant(host, TENANT_CFG);
  return {
    user: userFromProfile(p),
    tenant: { code: t.code, type: t.type, environment: t.environment },
    ui: {},
    lists: DEFAULT_AIRLINE_LISTS,
  };
}

describe("landingPath (spec 1 §2 Landing redirect)", () => {
  it.each(DEMO.map(([account, p, host, landing]) => [account, host, landing, p] as const))("%s at %s → %s", (_account, host, landing, p) => {
    const c = demoCtx(p, host);
    expect(landingPath(c)).toBe(landing);
    // The seed's accounts land on a page that lets them in.
    expect(canAccess(landing, c)).toBe(true);
  });

  it("forwarder Default on su wins over the forwarder-type rule", () => {
    expect(landingPath(ctx("forwarder.default", "staging-su.localhost"))).toBe("/dashboard/air-waybills/create");
  });

  it("platform users of any role land on the new shipments page", () => {
    expect(landingPath(ctx("platform.admin"))).toBe("/dashboard/air-waybills");
  });
});

describe("userFromProfile", () => {
  it.each([
    [profile("airline_manager", "airline", "S7"), { type: "airline", role: "manager" }],
    [profile("airline_operator", "airline", "S7"), { type: "airline", role: "default" }],
    [profile("airline_com_cor", "airline", "S7"), { type: "airline", role: "com_cor" }],
    [profile("airline_ics_inspector", "airline", "S7"), { type: "airline", role: "ics_inspector" }],
    [profile("airline_billing", "airline", "S7"), { type: "airline", role: "billing" }],
    [profile("airline_admin", "airline", "S7"), { type: "airline", role: "admin" }],
    [profile("forwarder_operator", "forwarder", "FWDONE"), { type: "forwarder", role: "default" }],
    [profile("forwarder_admin", "forwarder", "FWDONE"), { type: "forwarder", role: "admin" }],
    [profile("platform_operator", "platform", "PLATFORM"), { type: "platform", role: "default" }],
    [profile("Airline_Manager", "AIRLINE", "S7"), { type: "airline", role: "manager" }],
    [profile("forwarder_operator", "visitor", "VISITCO"), { type: "visitor", role: "default" }],
    [profile("airline_manager", "handler", "HANDLECO"), { type: "handler", role: "manager" }],
    [profile(null, "forwarder", "FWDONE"), { type: "visitor", role: "default" }],
    [profile("airline_superuser", "airline", "S7"), { type: "visitor", role: "default" }],
    [profile("pilot_manager", "airline", "S7"), { type: "visitor", role: "default" }],
    [profile("manager", "airline", "S7"), { type: "visitor", role: "default" }],
  ])("%j → %j", (p, expected) => {
    expect(userFromProfile(p)).toEqual(expected);
  });

  it.each([null, "", "  "])("no company short name (%j) → null", (short) => {
    expect(userFromProfile(profile("airline_manager", "airline", short))).toBeNull();
  });
});
