import type { AccessContext, Role, UserType } from "./types";

export interface ProfileForAccess {
  role: string | null;
  company_business_type: string | null;
  company_short_name: string | null;
}

const ROLE_NAMES: Readonly<Record<string, Role>> = {
  operator: "default",
  default: "default",
  manager: "manager",
  com_cor: "com_cor",
  billing: "billing",
  ics_inspector: "ics_inspector",
  admin: "admin",
};

const ROLE_TYPES: ReadonlySet<string> = new Set(["platform", "airline", "forwarder"]);

/**
 * The access identity of the current profile (spec 1 §6, spec 2 §3).
 * - No company short name: null (signed in, not authorized; only the profile page).
 * - Business type visitor / handler: that type, whatever the role string says.
 * - Otherwise the role string "<type>_<name>" (type platform, airline or forwarder; name may contain "_",
 *   e.g. "airline_ics_inspector"); "operator" is the Default role.
 * - A role string we cannot read is treated as visitor: least privilege, the user still reaches the profile
 *   page and can switch company there.
 */
export function userFromProfile(profile: ProfileForAccess): AccessContext["user"] {
  if (!profile.company_short_name?.trim()) return null;
  const business = profile.company_business_type?.trim().toLowerCase() ?? "";
  const raw = profile.role?.trim().toLowerCase() ?? "";
  const cut = raw.indexOf("_");
  const typePart = cut > 0 ? raw.slice(0, cut) : "";
  const role = cut > 0 ? ROLE_NAMES[raw.slice(cut + 1)] : undefined;

  if (business === "visitor" || business === "handler") {
    return { type: business, role: role ?? "default" };
  }
  if (ROLE_TYPES.has(typePart) && role) return { type: typePart as UserType, role };
  return { type: "visitor", role: "default" };
}
