import type { AirlineLists } from "./airline-lists";

// Who is asking, where, as the access rules of spec 1 §6 see it. The BFF fills it from the profile and the host
// (app/lib/access), the API from the token's profile and the Carrier header (api/auth/access-context.ts).

export type Environment = "prod" | "staging" | "sandbox";
export type TenantType = "airline" | "forwarder";

/** The tenant as the rules see it (spec 1 §4 "Tenant derivation"). */
export interface AccessTenant {
  /** "default" or the lower-case company code, e.g. "s7". */
  code: string;
  type: TenantType | null;
  environment: Environment;
}

/** Handler and visitor come from the company's business type, the rest from the role string (spec 1 §6). */
export type UserType = "platform" | "airline" | "forwarder" | "handler" | "visitor";

/** "default" is the role named "operator" on user records. */
export type Role = "default" | "manager" | "com_cor" | "billing" | "ics_inspector" | "admin";

export const USER_TYPES: readonly UserType[] = ["platform", "airline", "forwarder", "handler", "visitor"];
export const ROLES: readonly Role[] = ["default", "manager", "com_cor", "billing", "ics_inspector", "admin"];

/** Company UI settings and feature flags that gate routes (spec 2 §3). */
export interface UiSettings {
  has_access_to_new_air_waybills_page?: boolean;
  show_settings?: boolean;
  show_loadfactor_data?: boolean;
  tax_id_required?: boolean;
  balances_enabled?: boolean;
  cass_link_report?: boolean;
  /** Not a gate: the tenant airline's AWB prefix, for the example numbers the pages show (null on the default tenant). */
  awb_prefix?: string | null;
}

export interface AccessUser {
  type: UserType;
  role: Role;
}

export interface AccessContext {
  /** null = signed in, but the profile has no company (spec 1 §4: not "authorized"). */
  user: AccessUser | null;
  tenant: AccessTenant;
  ui: UiSettings;
  lists: AirlineLists;
}
