import type { ActionFunctionArgs } from "@remix-run/node";
import { verifyCsrf } from "../auth/csrf.server";
import { requirePage } from "../auth/require-page.server";
import { urlWithout } from "./list-query";

/**
 * The start of the action of a list page whose add and edit dialogs (?dialog=new, ?edit=<id>) and row Delete post
 * to the page itself: the page's guard, the CSRF token, and the list to come back to, with its filters, sort and
 * page but without the dialog.
 */
export async function readDialogListPost(args: ActionFunctionArgs, route: string) {
  const page = await requirePage(args, route);
  const form = await args.request.formData();
  verifyCsrf(page.user.session, form);
  return { ...page, form, listUrl: urlWithout(args.request, "dialog", "edit") };
}
