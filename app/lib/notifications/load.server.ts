import { LRUCache } from "lru-cache";
import type { SignedInUser } from "../auth/guard.server";
import type { Upstream } from "../upstream/client.server";
import { getGlobalNotifications } from "../upstream/profile.server";
import { applyNotificationEvent, type ShellNotification } from "./global-notifications";

type ActiveNotification = Omit<ShellNotification, "closed">;

/** How long one answer serves every page of a tenant, until live updates push changes instead (issue 9 §4). */
export const SHARED_NOTIFICATIONS_MS = 5_000;

/**
 * The tenant's active global notifications (they depend on the API and the tenant only), shared by every page of it for
 * a few seconds: each page asked the API for them before. Parallel misses share one call; a failed answer is
 * not kept. The fetch carries the asking user's token but no 401/403 reaction: one user's expired token must
 * not redirect the others waiting on the same call (their own page calls still react).
 */
const shared = new LRUCache<string, ActiveNotification[], { api: Upstream; carrier: string | null }>({
  max: 1_000,
  ttl: SHARED_NOTIFICATIONS_MS,
  fetchMethod: async (_apiAndTenant, _stale, { context }) => {
    try {
      const result = await getGlobalNotifications(context.api, context.carrier);
      return result.ok ? result.data.data : undefined;
    } catch {
      return undefined; // the asking browser left (its abort signal): the others just get nothing this time
    }
  },
});

/** Active global notifications of this tenant, with the closed flags this user set, as the shell shows them. */
export async function loadShellNotifications(user: SignedInUser): Promise<ShellNotification[]> {
  const quiet = user.api.with({ onFailure: undefined });
  let active = await shared.fetch(`${quiet.baseUrl}|${user.tenant.code}`, { context: { api: quiet, carrier: user.tenant.carrierHeader } });
  if (!active) {
    // the shared call failed: ask again with this user's own reactions (a token of another tenant or a revoked
    // one signs out here, as every page's call did before)
    const own = await getGlobalNotifications(user.api, user.tenant.carrierHeader);
    if (!own.ok) return [];
    active = own.data.data;
  }
  const closed = new Set(user.session.get("closedNotifications") ?? []);
  return active.reduce<ShellNotification[]>(
    (state, n) => applyNotificationEvent(state, { action: "append", message: { ...n, closed: closed.has(n.id) } }),
    [],
  );
}
