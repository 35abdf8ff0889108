import { z } from "zod";
import { codeParam, iataParam, pageParam, yesNoParam, yesNoValue } from "../forms/list-query";
import type { PermittedRouteFilters } from "../upstream/permitted-routes.server";

/** The permitted-routes list filters as URL parameters, shared by the list and its CSV/XLSX download. */
export const PermittedRouteQuery = z.object({
  page: pageParam,
  origin: iataParam,
  destination: iataParam,
  company: codeParam(/^[A-Z0-9_-]{1,20}$/),
  contracted: yesNoParam,
  direct: yesNoParam,
});
export type PermittedRouteQuery = z.infer<typeof PermittedRouteQuery>;

/** URL filters → the upstream's list parameters. */
export function upstreamFilters(q: PermittedRouteQuery): PermittedRouteFilters {
  return {
    origin_iata: q.origin,
    destination_iata: q.destination,
    company_short_name: q.company,
    contracted: yesNoValue(q.contracted),
    direct: yesNoValue(q.direct),
  };
}
