import type { Db } from "../db/open";
import type { OfferRow } from "./queries";
import type { OfferRateBody } from "./schemas";

// Where the rate engine (cargo/pricing, issue 24; its contract is cargo/pricing/types.ts) comes into offers. The
// forwarder prices an offer itself: the incoming amounts from the carrier's tariff, the outgoing ones its own. Once the
// engine is wired, a new offer that names its airline and route and brings no airfreight line of its own gets the
// engine's airfreight lines here (as the forwarder's incoming figures; the outgoing ones equal them until edited).

/**
 * The airfreight lines proposed for a new offer, in the body's own shape so that they are checked and stored like
 * the forwarder's (api/offers/queries.ts rateValues). None until the engine is wired: the lead plugs it in here,
 * reading the tariffs of `offer.carrier` for `offer.origin_iata` → `offer.destination_iata` on `offer.date_toa`.
 */
export async function proposedAirfreight(_db: Pick<Db, "select">, _offer: OfferRow): Promise<OfferRateBody[]> {
  return [];
}
