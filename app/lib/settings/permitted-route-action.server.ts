import type { SignedInUser } from "../auth/guard.server";
import type { PermittedRouteForm } from "../forms/permitted-route-schema";
import { referenceErrors } from "../forms/settings-form.server";
import type { PermittedRouteInput } from "../upstream/permitted-routes.server";
import { isPlatformUser } from "./settings-user.server";

type T = (key: string, options?: Record<string, unknown>) => string;

/** Every airport of the form must be known (the no-JS picker posts plain text). */
export function routeAirportErrors(user: SignedInUser, t: T, v: PermittedRouteForm) {
  return referenceErrors(user, t, [
    { field: "origin_iata", kind: "airports", codes: v.origin_iata, message: "routes:errors.unknownAirports" },
    { field: "destination_iata", kind: "airports", codes: v.destination_iata, message: "routes:errors.unknownAirports" },
    { field: "transfer_iata_codes", kind: "airports", codes: v.transfer_iata_codes, message: "routes:errors.unknownAirports" },
  ]);
}

/** The upstream body: unchecked boxes are false (the API would default `direct` to true), blank company = every forwarder. */
export function routeInput(user: SignedInUser, v: PermittedRouteForm): PermittedRouteInput {
  return {
    carrier: isPlatformUser(user) ? v.carrier : undefined,
    origin_iata: v.origin_iata,
    destination_iata: v.destination_iata,
    transfer_iata_codes: v.transfer_iata_codes,
    company_short_name: v.company_short_name || null,
    contracted: Boolean(v.contracted),
    direct: Boolean(v.direct),
  };
}


export const ROUTE_FAILURE_MESSAGES = {
  exists: { key: "routes:errors.exists" },
  notFound: "routes:errors.notFound",
} as const;
