import type { AccessContext } from "./types";

/**
 * Where "/" sends a signed-in user (spec 1 §2 "Landing redirect"), step by step as the spec orders it.
 * It does not consult the route table: the spec fixes the targets (the guard of the target page still runs).
 */
export function landingPath(ctx: Pick<AccessContext, "user" | "tenant">): string {
  const { user, tenant } = ctx;
  // 1. No company in the profile.
  if (!user) return "/dashboard/profile";
  // 2. Forwarder with the default role.
  if (user.type === "forwarder" && user.role === "default") {
    if (tenant.code === "su") return "/dashboard/air-waybills/create";
    if (tenant.type === "forwarder") return "/dashboard/offers/select";
    return "/dashboard/bookings";
  }
  // 3. Platform users; airline Default, Manager, ComCor, Billing, IcsInspector.
  if (user.type === "platform") return "/dashboard/air-waybills";
  if (user.type === "airline" && user.role !== "admin") return "/dashboard/air-waybills";
  // 4. Airline admin or forwarder admin.
  if ((user.type === "airline" || user.type === "forwarder") && user.role === "admin") return "/dashboard/settings/users";
  // 5. Anyone else (visitor, handler).
  return "/dashboard/profile";
}
