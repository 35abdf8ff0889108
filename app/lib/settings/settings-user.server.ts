import type { SignedInUser } from "../auth/guard.server";
import { failureResponse } from "../upstream/failure-response.server";
import { listAirlines } from "../upstream/airlines.server";

/** Platform staff work on any airline's rows and name the airline; airline users always work on their own. */
export function isPlatformUser(user: SignedInUser): boolean {
  return user.access.user?.type === "platform";
}

/**
 * How a body keyed by airline and O&D (a permitted route, a baggage stat) starts: the airline only as a platform
 * user's pick (for anyone else the API takes the tenant's), then the origin and destination.
 */
export function airlineOd(user: SignedInUser, v: { carrier?: string; origin_iata: string; destination_iata: string }) {
  return { carrier: isPlatformUser(user) ? v.carrier : undefined, origin_iata: v.origin_iata, destination_iata: v.destination_iata };
}

/** The airline a platform user most likely means: the tenant's code on an airline host, else none. */
export function defaultCarrier(user: SignedInUser): string {
  const code = user.tenant.code;
  return code !== "default" && code.length <= 2 ? code.toUpperCase() : "";
}

/** What a page with a carrier field (its create dialog or its upload) needs: show it? and what to prefill. */
export function carrierField(user: SignedInUser): { showCarrier: boolean; defaultCarrier: string } {
  return { showCarrier: isPlatformUser(user), defaultCarrier: defaultCarrier(user) };
}

/**
 * The airline choices of a create form: for a platform user on a host without an airline (localhost) the list of
 * airlines (`GET api/v3/airlines`), posted as `carrier`; null for everyone else (the tenant's airline applies).
 */
export async function airlineChoices(user: SignedInUser): Promise<Array<{ value: string; label: string }> | null> {
  if (!isPlatformUser(user) || defaultCarrier(user)) return null;
  const list = await listAirlines(user.api);
  if (!list.ok) throw failureResponse(list);
  return list.data.data.map((a) => ({ value: a.carrier, label: a.name ? `${a.carrier} · ${a.name}` : a.carrier }));
}

/** The `carrier` a create call sends: only a platform user's pick, only where the form offered it. */
export function chosenCarrier(user: SignedInUser, carrier: string | undefined): { carrier?: string } {
  return isPlatformUser(user) && !defaultCarrier(user) && carrier ? { carrier } : {};
}
