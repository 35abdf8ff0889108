import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { requireAccess } from "~/lib/auth/guard.server";

/** `/dashboard/flights/tabs` opens the current tab (spec 1 §2), keeping whatever filters the address carries. */
export async function loader(args: LoaderFunctionArgs) {
  await requireAccess(args, "/dashboard/flights/tabs");
  const url = new URL(args.request.url);
  url.searchParams.delete("_data");
  url.searchParams.delete("index");
  const query = url.searchParams.toString();
  return redirect(`/dashboard/flights/tabs/current${query ? `?${query}` : ""}`);
}
