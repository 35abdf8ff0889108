import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { canAccess } from "~/lib/access/can-access";
import { requirePage } from "~/lib/auth/require-page.server";
import { BUILT_ROUTES } from "~/lib/built-routes";
import { PER_PAGE } from "~/lib/forms/list-query";
import { queryOf } from "~/lib/shipments/shipment-list-page.server";
import { listShipments, type Shipment } from "~/lib/upstream/air-waybill-list.server";
import { listCompanies } from "~/lib/upstream/companies.server";
import { failureResponse } from "~/lib/upstream/failure-response.server";

// /dashboard/agent/air-waybills (spec 1: staging, platform; issue 11): the shipments list as one forwarder sees it,
// for support staff answering that forwarder. Platform picks the forwarder (its short name, in the URL with the
// list's tabs and filters); the list is the shipments list's, filtered by that forwarder through the list API's
// `forwarder` filter, read-only (no create, no charter marks, no reports).

export const AGENT_PAGE = "/dashboard/agent/air-waybills";

/** A short name as companies carry them; anything else is said beside the field and asks the API nothing. */
const SHORT_NAME = /^[A-Za-z0-9][A-Za-z0-9 ._&-]{0,19}$/;
/** The most forwarders offered in the picker's suggestions (the field takes any short name). */
const SUGGESTIONS = 100;

export async function agentAirWaybillsLoader(args: LoaderFunctionArgs) {
  const { user, pageTitle } = await requirePage(args, AGENT_PAGE);
  const query = queryOf(args.request);
  const typed = (new URL(args.request.url).searchParams.get("forwarder") ?? "").trim().slice(0, 40);
  const forwarders = await listCompanies(user.api, { page: 1, per_page: SUGGESTIONS, business_type: "forwarder", sort: "short_name", direction: "asc" });
  const base = {
    pageTitle,
    tab: query.tab,
    filters: query.filters,
    errors: query.errors,
    forwarder: typed,
    forwarderError: null as string | null,
    forwarders: forwarders.ok ? forwarders.data.data.map((c) => ({ short_name: c.short_name, name: c.name })) : [],
    canOpen: BUILT_ROUTES.has("/dashboard/shipments/:mawb") && canAccess("/dashboard/shipments/:mawb", user.access),
    rows: [] as Shipment[],
    meta: null as { current_page: number; total_pages: number; total_count: number } | null,
  };
  if (!typed) return json(base);
  if (!SHORT_NAME.test(typed)) return json({ ...base, forwarderError: "agent-air-waybills:errors.forwarderInvalid" });
  if (!query.upstream) return json(base);

  const upstream = { ...query.upstream, forwarder: typed.toUpperCase(), page: query.page, per_page: PER_PAGE, sort: query.sort, direction: query.direction };
  const list = await listShipments(user.api, upstream);
  if (!list.ok) {
    if (list.status === 422 && list.fieldErrors.forwarder) return json({ ...base, forwarderError: "agent-air-waybills:errors.forwarderUnknown" });
    throw failureResponse(list);
  }
  const { meta } = list.data;
  return json({
    ...base,
    rows: list.data.data,
    meta: { current_page: Number(meta.current_page), total_pages: Number(meta.total_pages), total_count: Number(meta.total_count) },
  });
}
