import { notFound } from "~/lib/http/not-found.server";
import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { flightListQueryOf, flightListSearch, REPORT_FILE, reportProblem } from "~/components/flights/flight-list-query";
import { requirePage } from "~/lib/auth/require-page.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { downloadSegmentsReport, FLIGHT_TABS, type FlightTab } from "~/lib/upstream/segments.server";

/**
 * `…/tabs/<tab>/segments_report.xlsx` with the list's filters: the tab's rows as the spec 3 report. A resource
 * route, because a page loader's file answer would be read as page data on a normal (document) request; it is
 * guarded by the tab's own pattern, so the report is exactly as accessible as the tab (the access table has no
 * row of its own for it).
 */
export async function loader(args: LoaderFunctionArgs) {
  const tabPath = `/dashboard/flights/tabs/${args.params.tab ?? ""}`;
  const { user } = await requirePage(args, tabPath);
  const tab = args.params.tab ?? "";
  if (!(FLIGHT_TABS as readonly string[]).includes(tab)) throw notFound();
  const query = flightListQueryOf(args.request, tab, user.tenant, args.context.config.clock());
  // a report the API would refuse (bad filters, no range, more than 31 days): back to the tab, which says why
  const backTo = `${tabPath}${flightListSearch(query.filters)}`;
  if (!query.upstream || reportProblem(query.upstream)) throw redirect(backTo);
  const file = await downloadSegmentsReport(user.api, { ...query.upstream, state: tab as FlightTab });
  return passDownload(file, REPORT_FILE, { user, backTo });
}
