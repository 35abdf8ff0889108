import { type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { z } from "zod";
import { mawbParam } from "~/lib/air-waybills/shipment.server";
import { verifyCsrf } from "~/lib/auth/csrf.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { notFound, recordIdOf } from "~/lib/http/not-found.server";
import { redirectWithNotice } from "~/lib/notices/redirect-with-notice.server";
import { deleteMovement } from "~/lib/upstream/handling.server";

// The shipment page's movement delete (issue 11): a plain POST (intent=delete, the movement's id) that works without
// JavaScript, back to the page's movements with the outcome. The page offers it only where the API says the caller
// may (removable); the API still decides (never a movement of a departed flight). Guarded as the page is.

const PAGE = "/dashboard/shipments/:mawb";

/** The deleted movement as the API answers it: its code names it in the notice. */
const DeletedSchema = z.object({ status_code: z.string().max(4) });

/** Nothing to show on its own: the movements are on the shipment page. */
export async function loader(args: LoaderFunctionArgs) {
  await requirePage(args, PAGE);
  return redirect(`/dashboard/shipments/${mawbParam(args.params.mawb)}#movements`);
}

export async function action(args: ActionFunctionArgs) {
  const { user } = await requirePage(args, PAGE);
  const mawb = mawbParam(args.params.mawb);
  const form = await args.request.formData();
  verifyCsrf(user.session, form);
  if (form.get("intent") !== "delete") throw new Response("Bad Request", { status: 400 });
  const back = `/dashboard/shipments/${mawb}#movements`;
  const removed = await deleteMovement(user.api, mawb, recordIdOf(String(form.get("id") ?? "")), DeletedSchema);
  if (!removed.ok) {
    if (removed.code === "NotFound") throw notFound();
    return redirectWithNotice(back, user, { kind: "error", key: "awb:notices.movementDeleteFailed" });
  }
  return redirectWithNotice(back, user, { kind: "success", key: "awb:notices.movementDeleted", params: { status: removed.data.status_code } });
}
