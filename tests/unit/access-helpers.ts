import { DEFAULT_AIRLINE_LISTS, type AirlineLists } from "~/lib/access/airline-lists";
import type { AccessContext, Role, UiSettings, UserType } from "~/lib/access/types";
import { deriveTenant } from "~/lib/tenant";

/** Test configuration: app domain localhost, forwarder product at forwarder.localhost. */
export const TENANT_CFG = { appDomain: "localhost", forwarderDomain: "fwd.localhost" };

/** "airline.manager", "platform" (= platform.default), "visitor", or null for a user without a company. */
export type WhoSpec = string | null;

export function ctx(
  who: WhoSpec,
  host = "localhost",
  opts: { ui?: UiSettings; lists?: Partial<AirlineLists> } = {},
): AccessContext {
  const [type, role = "default"] = who === null ? [] : who.split(".");
  const tenant = deriveTenant(host, TENANT_CFG);
  return {
    user: who === null ? null : { type: type as UserType, role: role as Role },
    tenant: { code: tenant.code, type: tenant.type, environment: tenant.environment },
    ui: opts.ui ?? {},
    lists: { ...DEFAULT_AIRLINE_LISTS, ...opts.lists },
  };
}
