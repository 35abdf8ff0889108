import type { AppLoadContext } from "@remix-run/node";
import type { Tenant } from "../tenant";

/** The tenant of this request (derived once from its Host in the load context, spec 1 §4). */
export function tenantOf(_request: Request, context: AppLoadContext): Tenant {
  return context.tenant;
}
