import { json, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { isCalendarDate } from "../forms/field-rules";
import { requirePage } from "../auth/require-page.server";
import { canAccess } from "../access/can-access";
import { listAgreementPartners, listAgreements } from "../upstream/agreements.server";
import { failureResponse } from "../upstream/failure-response.server";
import { utcDateOf } from "../clock.server";
import { agreementStateOn } from "./agreement-state";
import { readListQuery, textParam, trueFalseParam, trueFalseValue } from "../forms/list-query";
import { SORTABLE } from "./sort";

const FILTERS = {
  q: textParam,
  partner: z.string().trim().max(40).catch(""),
  active: trueFalseParam,
  // a day that does not exist ("2027-13-45") is no filter, as a malformed one is
  effective_on: z.string().refine(isCalendarDate).or(z.literal("")).catch(""),
};

/**
 * The agreements list (airline side and the forwarder's agent/agreements page): one upstream list with the
 * URL's page and filters. The partner filter is the client for an airline and the supplier for a forwarder.
 */
export async function loadAgreementsList(args: LoaderFunctionArgs, route: string) {
  const { user, pageTitle } = await requirePage(args, route);
  const { paging, filters: query } = readListQuery(args.request, { filters: FILTERS, sortable: SORTABLE.agreements });
  const partnerRole = user.access.user?.type === "forwarder" ? ("supplier" as const) : ("client" as const);
  const [list, partners] = await Promise.all([
    listAgreements(user.api, {
      ...paging,
      q: query.q || undefined,
      [partnerRole]: query.partner || undefined,
      active: trueFalseValue(query.active),
      effective_on: query.effective_on || undefined,
    }),
    listAgreementPartners(user.api),
  ]);
  if (!list.ok) throw failureResponse(list);
  // the service's day (CARGO_NOW aware), in UTC as the API's effective_on filter reads dates
  const today = utcDateOf(args.context.config.clock());
  return json({
    pageTitle,
    rows: list.data.data.map((row) => ({ ...row, state: agreementStateOn(row, today) })),
    meta: list.data.meta,
    filters: query,
    partnerRole,
    partners: partners.ok ? partners.data.data.map((p) => ({ value: p.short_name, label: `${p.short_name} · ${p.name}` })) : [],
    // the same table the create and edit routes' guard reads: the buttons show exactly when those pages open
    canEdit: canAccess("/dashboard/settings/agreements/create", user.access),
  });
}
