import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "~/lib/http/redirect";
import { reportProblem, REPORT_FILE, shipmentListSearch } from "~/components/shipments/shipment-list-query";
import { requireUser } from "~/lib/auth/guard.server";
import { requirePage } from "~/lib/auth/require-page.server";
import { notFound } from "~/lib/http/not-found.server";
import { localeOf } from "~/lib/i18n/i18n.server";
import { passDownload } from "~/lib/http/pass-download.server";
import { listPageOf, queryOf, reportRefused } from "~/lib/shipments/shipment-list-page.server";
import { downloadShipmentsReport } from "~/lib/upstream/air-waybill-list.server";

/**
 * `/dashboard/air-waybills/awb_xlsx_report.xlsx` with the list's address: the rows the filters pick as the spec 3
 * XLSX report, passed through from the API. A resource route (a page loader's file would be read as page data);
 * guarded by the list page the user may open, new or old, so the report is exactly as reachable as the list.
 */
export async function loader(args: LoaderFunctionArgs) {
  const page = listPageOf((await requireUser(args)).access);
  if (!page) throw notFound();
  const { user } = await requirePage(args, page);
  const query = queryOf(args.request);
  // a report the API would refuse (bad filters, no range, more than 31 days): back to the list, which says why
  const backTo = `${page}${shipmentListSearch(query.tab, query.filters)}`;
  if (!query.upstream || reportProblem(query.upstream)) throw redirect(backTo);
  const file = await downloadShipmentsReport(user.api, query.upstream, localeOf(args.request, user.session, user.tenant.code));
  // a refusal the list could not foresee (more rows than one file holds): back to the list with why
  if (!file.ok && file.status === 422) throw reportRefused(file, user, backTo);
  return passDownload(file, REPORT_FILE, { user, backTo });
}
