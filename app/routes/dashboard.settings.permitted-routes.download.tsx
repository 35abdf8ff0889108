import { notFound } from "~/lib/http/not-found.server";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { PermittedRouteQuery, upstreamFilters } from "~/lib/settings/permitted-route-query";
import { downloadPermittedRoutes } from "~/lib/upstream/permitted-routes.server";

const LIST = "/dashboard/settings/permitted-routes";
const FORMATS = ["csv", "xlsx"] as const;

/** `?format=csv|xlsx` plus the list's filters: the whole filtered list as permitted_routes.{format} (spec 3 §9). */
export async function loader(args: LoaderFunctionArgs) {
  const { user } = await requirePage(args, LIST);
  const params = new URL(args.request.url).searchParams;
  const format = FORMATS.find((f) => f === params.get("format"));
  if (!format) throw notFound();
  const query = PermittedRouteQuery.parse(Object.fromEntries(params));
  const result = await downloadPermittedRoutes(user.api, format, upstreamFilters(query));
  params.delete("format");
  const backTo = params.size ? `${LIST}?${params}` : LIST;
  return passDownload(result, `permitted_routes.${format}`, { user, backTo });
}
