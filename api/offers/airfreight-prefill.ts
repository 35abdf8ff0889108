import { priceShipment } from "../../cargo/pricing/price-shipment";
import type { PriceLine } from "../../cargo/pricing/types";
import { routePricing } from "../billing/pricing";
import type { Db } from "../db/open";
import type { OfferRow } from "./queries";
import type { OfferRateBody } from "./schemas";

// Where the rate engine (cargo/pricing, issue 24) comes into offers. The forwarder prices an offer itself: the incoming
// amounts from the carrier's tariff, the outgoing ones its own. A new offer that names its airline and route and brings
// no airfreight line of its own gets the engine's lines here, airfreight, charges and surcharges, as the forwarder's
// incoming figures (the outgoing ones equal them until the forwarder edits them), when the airline shows the
// forwarder its tariffs (its agreement's show_tariffs) and the tariffs price the shipment.

/** The offer's basis of a price line: per kg (gross or chargeable), or one amount. */
const BASIS: Record<PriceLine["basis"], OfferRateBody["basis"]> = { gross: "weight", charge: "charge", fixed: "fixed_value", pieces: "fixed_value", percent: "fixed_value" };

function rateOf(line: PriceLine): OfferRateBody {
  const perKg = line.basis === "gross" || line.basis === "charge";
  return {
    type: line.kind === "airfreight" ? "airfreight" : "charge",
    code: line.code.slice(0, 8),
    rate_class_code: line.rateClass,
    description: line.description || null,
    // One amount (a minimum, a fixed charge, a percentage, per piece) is its own rate on a base of 1.
    rate: perKg && line.rateClass !== "M" ? line.rate : line.amount,
    base_value: perKg && line.rateClass !== "M" ? line.baseValue : "1",
    incoming_amount: line.amount,
    outgoing_amount: undefined,
    currency: line.currency,
    basis: line.rateClass === "M" ? "fixed_value" : BASIS[line.basis],
    vat_percent: line.vatPercent,
    company: "carrier",
  };
}

/** The engine's lines for a new offer, in the body's own shape (checked and stored like the forwarder's); none when it cannot price. */
export async function proposedAirfreight(db: Pick<Db, "select">, offer: OfferRow, today: string): Promise<OfferRateBody[]> {
  if (!offer.carrier) return [];
  const carrier = offer.carrier.toUpperCase();
  const date = offer.date_toa ?? today;
  const d = db as Db;
  const pricing = await routePricing(d, { carriers: [carrier], origin: offer.origin_iata, destination: offer.destination_iata, date, forwarderId: offer.forwarder_id, agreementDay: date });
  const airline = pricing.airlines.get(carrier);
  const agent = pricing.agents.get(carrier);
  if (!airline || !agent?.showTariffs) return [];
  const legs = offer.segments.length
    ? offer.segments.map((s) => ({ origin: s.origin_iata, destination: s.destination_iata, nonStop: true }))
    : [{ origin: offer.origin_iata, destination: offer.destination_iata, nonStop: true }];
  const price = priceShipment(
    {
      carrier,
      legs,
      product: null,
      shcs: offer.shcs,
      pieces: offer.pieces,
      grossWeightKg: offer.weight,
      volumeM3: offer.volume,
      date,
      account: agent.account,
      accountGroups: agent.groups,
      salesChannel: "web",
    },
    pricing.index,
    airline,
  );
  return price.refusals.length ? [] : price.lines.map(rateOf);
}
