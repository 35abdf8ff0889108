import { type LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "../http/redirect";
import { requireUser } from "../auth/guard.server";
import { requirePage } from "../auth/require-page.server";
import { notFound } from "../http/not-found.server";
import { passDownload } from "../http/pass-download.server";
import { listPageOf, reportRefused } from "../shipments/shipment-list-page.server";
import type { Upstream } from "../upstream/client.server";
import type { IssueRange } from "../upstream/documents.server";
import type { UpstreamResult } from "../upstream/errors";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A billing report of the shipments list's issue-date range (the CASS file, the sales report), passed through from
 * the API. Guarded by the list page the user may open, like the XLSX report: exactly as reachable as the list. An
 * address without an issue-date range goes back to the list (whose menu says what the reports need); the API's
 * refusal (too many waybills, a range over 31 days) comes back to the list as a notice.
 */
export async function billingDownload(
  args: LoaderFunctionArgs,
  fetch: (api: Upstream, range: IssueRange) => Promise<UpstreamResult<Response>>,
  defaultName: string,
): Promise<Response> {
  const page = listPageOf((await requireUser(args)).access);
  if (!page) throw notFound();
  const { user } = await requirePage(args, page);
  const search = new URL(args.request.url).searchParams;
  const from = search.get("date_from") ?? "";
  const to = search.get("date_to") ?? "";
  const backTo = `${page}?${new URLSearchParams({ tab: "all", date_type: "issued", date_from: from.slice(0, 10), date_to: to.slice(0, 10) })}`;
  if (search.get("date_type") !== "issued" || !ISO_DAY.test(from) || !ISO_DAY.test(to)) throw redirect(page);
  const file = await fetch(user.api, { date_type: "issued", date_from: from, date_to: to });
  if (!file.ok && file.status === 422) throw reportRefused(file, user, backTo);
  return passDownload(file, defaultName, { user, backTo });
}
