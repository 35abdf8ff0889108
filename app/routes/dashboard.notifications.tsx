import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { readShellPost, toDashboard } from "~/lib/auth/shell-post.server";
import { safeRedirect } from "~/lib/forms/safe-redirect";
import { applyNotificationEvent, NotificationError } from "~/lib/notifications/global-notifications";
import { loadShellNotifications } from "~/lib/notifications/load.server";

export const loader = toDashboard;

/** Closes a show_once global notification for this user; closing any other kind is refused (spec 1 §4). */
export async function action(args: ActionFunctionArgs) {
  const { user, form } = await readShellPost(args);
  const id = String(form.get("id") ?? "");
  const current = await loadShellNotifications(user);
  try {
    applyNotificationEvent(current, { action: "close", message: { id } });
  } catch (error) {
    if (error instanceof NotificationError) throw new Response(error.message, { status: 422 });
    throw error;
  }
  const closed = new Set(user.session.get("closedNotifications") ?? []);
  closed.add(id);
  user.session.set("closedNotifications", [...closed].slice(-100));
  return redirect(safeRedirect(form.get("redirectTo"), "/dashboard"));
}
