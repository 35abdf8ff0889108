import { listIncludes, type AirlineListName } from "./airline-lists";
import type { AccessContext, Environment, Role, TenantType, UiSettings, UserType } from "./types";

// A rule of spec 1 §6 as data, and the one function that evaluates it. The BFF's route table and the API's guards
// read the same rules (cargo/access/rules.ts), so a page admits exactly whom its calls admit.

/** "airline" = any airline user; "airline.manager" = airline user with the Manager role. */
export type Who = UserType | `${UserType}.${Role}`;

/** A literal lower-case tenant code, or one of the configured lists. */
export type TenantRef = string | { readonly list: AirlineListName };

/** Each named setting must equal the value; an absent setting counts as false. */
export type UiPredicate = { readonly [K in keyof UiSettings]?: boolean };

/** Every field present must hold (AND). An absent field does not restrict. */
export interface Condition {
  /** The user matches one of these. A signed-in user without a company (null) matches none. */
  readonly users?: readonly Who[];
  readonly notUsers?: readonly Who[];
  /** The tenant code (or its n4/eo group) is one of these. */
  readonly tenants?: readonly TenantRef[];
  readonly notTenants?: readonly TenantRef[];
  /** null = a tenant without type (default host, plain staging/sandbox/qa host). */
  readonly tenantTypes?: readonly (TenantType | null)[];
  readonly notTenantTypes?: readonly (TenantType | null)[];
  readonly environments?: readonly Environment[];
  readonly ui?: UiPredicate;
  /** At least one holds. */
  readonly anyOf?: readonly Condition[];
  /** All hold. */
  readonly allOf?: readonly Condition[];
}

/** Whether the context satisfies a rule. */
export function meets(cond: Condition, ctx: AccessContext): boolean {
  if (cond.users && !cond.users.some((w) => isWho(w, ctx))) return false;
  if (cond.notUsers?.some((w) => isWho(w, ctx))) return false;
  if (cond.tenants && !cond.tenants.some((t) => tenantIs(t, ctx))) return false;
  if (cond.notTenants?.some((t) => tenantIs(t, ctx))) return false;
  if (cond.tenantTypes && !cond.tenantTypes.includes(ctx.tenant.type)) return false;
  if (cond.notTenantTypes?.includes(ctx.tenant.type)) return false;
  if (cond.environments && !cond.environments.includes(ctx.tenant.environment)) return false;
  if (cond.ui && !uiMatches(cond.ui, ctx.ui)) return false;
  if (cond.anyOf && !cond.anyOf.some((c) => meets(c, ctx))) return false;
  if (cond.allOf && !cond.allOf.every((c) => meets(c, ctx))) return false;
  return true;
}

function isWho(who: Who, ctx: AccessContext): boolean {
  const user = ctx.user;
  if (!user) return false;
  const dot = who.indexOf(".");
  if (dot === -1) return user.type === who;
  return user.type === who.slice(0, dot) && user.role === who.slice(dot + 1);
}

function tenantIs(ref: TenantRef, ctx: AccessContext): boolean {
  return typeof ref === "string"
    ? listIncludes([ref], ctx.tenant.code)
    : listIncludes(ctx.lists[ref.list], ctx.tenant.code);
}

function uiMatches(pred: UiPredicate, ui: UiSettings): boolean {
  return (Object.keys(pred) as (keyof UiSettings)[]).every((key) => (ui[key] === true) === pred[key]);
}

/** A tenant-code feature gate of spec 1 §6 "Feature gating" (tracking, houseWaybill, charters, ...). */
export function tenantHasFeature(ctx: Pick<AccessContext, "tenant" | "lists">, list: AirlineListName): boolean {
  return listIncludes(ctx.lists[list], ctx.tenant.code);
}
