import type { Tenant } from "../tenant";
import type { AirlineLists } from "./airline-lists";

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
}

export interface AccessUser {
  type: UserType;
  role: Role;
}

export interface AccessContext {
  /** null = signed in, but the profile has no company (spec 1 §4: not "authorized"). */
  user: AccessUser | null;
  tenant: Pick<Tenant, "code" | "type" | "environment">;
  ui: UiSettings;
  lists: AirlineLists;
}
