import { codeParam, iataParam } from "../forms/list-query";

/**
 * The URL filters both statistics lists by route and aircraft (pax O&D averages, segment payloads) share; the
 * names are the upstream list's own, so the parsed filters are sent on as they are.
 */
export const ROUTE_AIRCRAFT_FILTERS = {
  origin: iataParam,
  destination: iataParam,
  aircraft_type: codeParam(/^[A-Z0-9]{2,4}$/),
};
