import type { AppLoadContext } from "@remix-run/node";
import { deriveTenant, type Tenant } from "../tenant";

const cache = new WeakMap<Request, Tenant>();

/** The tenant of this request, from its Host (spec 1 §4). */
export function tenantOf(request: Request, context: AppLoadContext): Tenant {
  let tenant = cache.get(request);
  if (!tenant) {
    const { appDomain, forwarderDomain, productName } = context.config;
    tenant = deriveTenant(new URL(request.url).host, { appDomain, forwarderDomain, productName });
    cache.set(request, tenant);
  }
  return tenant;
}
