import type { Company } from "../db/tables/companies";
import type { UserProfile } from "../db/tables/users";

export interface ProfileWithCompany {
  profile: UserProfile;
  company: Company;
}

/**
 * The tenant rule: platform, forwarder, handler and visitor companies work on every tenant;
 * an airline company only on its own carrier or on the default tenant (carrier null).
 */
export function usableOn(company: Pick<Company, "business_type" | "carrier">, carrier: string | null): boolean {
  if (company.business_type !== "airline") return true;
  return carrier === null || company.carrier?.toUpperCase() === carrier;
}

/** Profiles the user may act with on this tenant: not blocked, and allowed by the tenant rule. */
export const usableProfiles = (all: ProfileWithCompany[], carrier: string | null) =>
  all.filter((p) => !p.profile.blocked && usableOn(p.company, carrier));

/**
 * The profile that scopes the user's requests: the one they chose (current) when it is usable here,
 * else the first usable one, so switching tenants never leaves a user acting with a profile the tenant refuses.
 */
export function effectiveProfile(usable: ProfileWithCompany[]): ProfileWithCompany | null {
  return usable.find((p) => p.profile.current) ?? usable[0] ?? null;
}

/** "airline_manager", "forwarder_operator", ... (spec 2 "Roles": type_role). */
export const roleName = (p: ProfileWithCompany) => `${p.company.business_type}_${p.profile.role}`;
