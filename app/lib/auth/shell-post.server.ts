import { type ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "../http/redirect";
import { verifyCsrf } from "./csrf.server";
import { requireUser } from "./guard.server";

// The shell's small POST-only endpoints (the header's switches, closing a global notification) belong to no page:
// any signed-in user may post to them, and opening one by its address goes to the dashboard.

/** The loader of such an endpoint: there is nothing to show. */
export async function toDashboard(): Promise<never> {
  throw redirect("/dashboard");
}

/** The signed-in user and their post, its CSRF token checked. */
export async function readShellPost(args: ActionFunctionArgs) {
  const user = await requireUser(args);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  return { user, form };
}
