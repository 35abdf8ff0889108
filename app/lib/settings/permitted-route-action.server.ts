import type { SignedInUser } from "../auth/guard.server";
import type { PermittedRouteForm } from "../forms/permitted-route-schema";
import { checksOf, referenceErrors, type Translate } from "../forms/settings-form.server";
import type { PermittedRouteInput } from "../upstream/permitted-routes.server";
import { airlineOd } from "./settings-user.server";

/** Every airport of the form must be known (the no-JS picker posts plain text). */
export function routeAirportErrors(user: SignedInUser, t: Translate, v: PermittedRouteForm) {
  return referenceErrors(
    user,
    t,
    checksOf("airports", "routes:errors.unknownAirports", {
      origin_iata: v.origin_iata,
      destination_iata: v.destination_iata,
      transfer_iata_codes: v.transfer_iata_codes,
    }),
  );
}

/** The upstream body: unchecked boxes are false (the API would default `direct` to true), blank company = every forwarder. */
export function routeInput(user: SignedInUser, v: PermittedRouteForm): PermittedRouteInput {
  return {
    ...airlineOd(user, v),
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
