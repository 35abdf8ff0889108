import type { FastifyRequest } from "fastify";
import { meets, type Condition } from "../../cargo/access/condition";
import type { AccessContext, Role } from "../../cargo/access/types";
import { refuse } from "../http/errors";
import type { ProfileWithCompany } from "../profiles/access";
import type { AuthContext } from "./authenticate";

// The API's side of the shared access rules (cargo/access/rules.ts): the caller as the BFF's route table sees them,
// so a call behind a page admits exactly whom the page admits (issue 22: a page that lets a user fill a form whose
// Save the API refuses is a trap).

/** "operator" on user records is the role the screens (and the rules) call Default. */
const ROLE_OF: Readonly<Record<string, Role>> = { operator: "default" };

/**
 * The access context of the caller:
 * - the user is the current profile's company business type and role (spec 1 §6);
 * - the tenant is the Carrier header's airline, as the BFF derives it from the host (spec 1 §4); no header is the
 *   default tenant. A token serves only the tenant it was issued on (authenticate), so the header is not a choice.
 * - The API cannot see the host's environment or the company's UI settings: it evaluates as prod with no settings,
 *   which grants nothing a staging-only or settings-gated row would add. The rules the API reads use neither.
 */
export function accessContextOf(auth: Pick<AuthContext, "profile" | "carrier">, lists: AccessContext["lists"]): AccessContext {
  const p = auth.profile;
  return {
    user: p ? { type: p.company.business_type, role: ROLE_OF[p.profile.role] ?? (p.profile.role as Role) } : null,
    tenant: { code: auth.carrier?.toLowerCase() ?? "default", type: auth.carrier ? "airline" : null, environment: "prod" },
    ui: {},
    lists,
  };
}

/** Whether the caller meets the rule. */
export function mayDo(request: Pick<FastifyRequest, "auth" | "server">, rule: Condition): boolean {
  return meets(rule, accessContextOf(request.auth, request.server.deps.config.airlineLists));
}

/**
 * The caller's profile when it meets the rule; else 403 with code `access_denied` and the refused action (a stable
 * name such as "create_air_waybill"), which the BFF translates.
 */
export function allowRule(request: Pick<FastifyRequest, "auth" | "server">, rule: Condition, action: string): ProfileWithCompany {
  if (!mayDo(request, rule) || !request.auth.profile) {
    throw refuse(403, "access_denied", { action });
  }
  return request.auth.profile;
}
