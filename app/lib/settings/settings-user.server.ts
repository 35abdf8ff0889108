import type { SignedInUser } from "../auth/guard.server";

/** Platform staff work on any airline's rows and name the airline; airline users always work on their own. */
export function isPlatformUser(user: SignedInUser): boolean {
  return user.access.user?.type === "platform";
}

/** The airline a platform user most likely means: the tenant's code on an airline host, else none. */
export function defaultCarrier(user: SignedInUser): string {
  const code = user.tenant.code;
  return code !== "default" && code.length <= 2 ? code.toUpperCase() : "";
}
