import type { SignedInUser } from "../auth/guard.server";
import { listAgreements } from "../upstream/agreements.server";
import { searchTrips, type Trip } from "../upstream/air-waybills.server";
import type { UpstreamFailure } from "../upstream/errors";
import type { SelectField, SelectSearch, SelectTab } from "./select-query";

/**
 * The options of the forwarder's booking search: the route search (GET api/v3/trips) on the origin's local day,
 * limited to the airlines the forwarder has an agreement with in force on that day (another airline's flight could
 * not be booked: the API refuses it with NoValidAgreement). The Flights tab asks for direct flights only.
 */

/** The most agreements read: a forwarder works with a few airlines; a page of the API's largest size covers them. */
const AGREEMENTS_PAGE = 100;

export type SelectAnswer =
  | { ok: true; trips: Trip[]; carriers: string[] | null }
  | { ok: false; fieldErrors: Partial<Record<SelectField, string>>; failure: UpstreamFailure | null };

/** The airlines of the forwarder's agreements in force on `date`; null when the API does not tell (no filter then). */
async function agreementCarriers(user: SignedInUser, date: string): Promise<Set<string> | null> {
  const found = await listAgreements(user.api, { page: 1, per_page: AGREEMENTS_PAGE, active: true, effective_on: date });
  if (!found.ok) return null;
  return new Set(found.data.data.map((a) => a.supplier.carrier).filter((c): c is string => !!c));
}

/** The API's "unknown airport XXX" beside the field it names; any other refusal is the page's. */
function fieldErrorsOf(fieldErrors: Record<string, string[]>): Partial<Record<SelectField, string>> {
  const out: Partial<Record<SelectField, string>> = {};
  for (const name of ["origin_iata", "destination_iata"] as const) {
    if (fieldErrors[name]?.length) out[name] = "offers:errors.unknownAirport";
  }
  return out;
}

export async function selectOptions(user: SignedInUser, search: SelectSearch, tab: SelectTab): Promise<SelectAnswer> {
  const [found, carriers] = await Promise.all([
    searchTrips(user.api, { ...search, ...(tab === "segments" ? { max_stops: 0 as const } : {}) }),
    agreementCarriers(user, search.date),
  ]);
  if (!found.ok) {
    const fieldErrors = found.status === 422 ? fieldErrorsOf(found.fieldErrors) : {};
    if (Object.keys(fieldErrors).length) return { ok: false, fieldErrors, failure: null };
    return { ok: false, fieldErrors: {}, failure: found };
  }
  const trips = found.data.data.filter((trip) => (tab === "trips" || trip.segments.length === 1) && (!carriers || trip.segments.every((s) => carriers.has(s.carrier))));
  return { ok: true, trips, carriers: carriers ? [...carriers].sort() : null };
}
