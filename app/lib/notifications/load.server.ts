import type { SignedInUser } from "../auth/guard.server";
import { getGlobalNotifications } from "../upstream/profile.server";
import { applyNotificationEvent, type ShellNotification } from "./global-notifications";

/** Active global notifications of this tenant, with the closed flags this user set, as the shell shows them. */
export async function loadShellNotifications(user: SignedInUser): Promise<ShellNotification[]> {
  const result = await user.ensure(getGlobalNotifications(user.api, user.tenant.carrierHeader));
  if (!result.ok) return [];
  const closed = new Set(user.session.get("closedNotifications") ?? []);
  return result.data.data.reduce<ShellNotification[]>(
    (state, n) => applyNotificationEvent(state, { action: "append", message: { ...n, closed: closed.has(n.id) } }),
    [],
  );
}
