import type { FastifyRequest } from "fastify";
import { utcDateOf } from "../clock";
import type { Db } from "../db/open";
import { priceShipment } from "../../cargo/pricing/price-shipment";
import type { Price, PriceReason } from "../../cargo/pricing/types";
import type { Trip } from "../../cargo/flights/route-search";
import { isForwarder } from "../settings/access";
import { routePricing } from "./pricing";

// The priced route search (issue 24: "/offers/select: each trip priced by the engine, cheapest and fastest marked,
// the reason shown when a trip cannot be booked"): every trip of a search priced against the airline's prices for the
// caller. All trips share the search's origin and destination, so one read of the route's prices serves them all.
// A forwarder is priced with its account (its agreement with the trip's airline) and sees the price only when that
// agreement shows tariffs; the airline and platform see the general price (no account).

export interface TripShipment {
  origin: string;
  destination: string;
  /** The origin's local day of the search: the tariff date. */
  date: string;
  pieces?: number;
  weight?: number;
  volume?: number;
  product?: string | null;
  shcs: readonly string[];
}

export interface TripPrice {
  lines: Price["lines"];
  /** The total of the airfreight's currency (the first), what the trip costs; null when not priced. */
  cost: string | null;
  currency: string | null;
  chargeableWeight: number | null;
  refusals: PriceReason[];
}

const NOT_PRICED = (refusal: PriceReason): TripPrice => ({ lines: [], cost: null, currency: null, chargeableWeight: null, refusals: [refusal] });

/** The price of each trip, by trip key. Without a weight nothing can be priced: each trip says so. */
export async function tripPrices(db: Db, request: FastifyRequest, trips: readonly Trip[], shipment: TripShipment): Promise<Map<string, TripPrice>> {
  const out = new Map<string, TripPrice>();
  if (!trips.length) return out;
  if (shipment.weight === undefined) {
    for (const t of trips) out.set(t.key, NOT_PRICED({ code: "weight_needed" }));
    return out;
  }
  const carriers = [...new Set(trips.map((t) => t.segments[0]!.carrier))];
  const profile = request.auth.profile!;
  const forwarder = isForwarder(profile);
  const pricing = await routePricing(db, {
    carriers,
    origin: shipment.origin,
    destination: shipment.destination,
    date: shipment.date,
    forwarderId: forwarder ? profile.company.id : null,
    // what the forwarder may see today (its agreement's show_tariffs), as the tariffs section shows it
    agreementDay: utcDateOf(request.server.deps.now()),
  });
  for (const trip of trips) {
    const carrier = trip.segments[0]!.carrier;
    const airline = pricing.airlines.get(carrier);
    const agent = pricing.agents.get(carrier) ?? null;
    if (!airline) {
      out.set(trip.key, NOT_PRICED({ code: "no_tariff", params: { carrier } }));
      continue;
    }
    if (forwarder && !agent?.showTariffs) {
      out.set(trip.key, NOT_PRICED({ code: "tariffs_not_available", params: { carrier } }));
      continue;
    }
    const price = priceShipment(
      {
        carrier,
        legs: trip.segments.map((s) => ({ origin: s.origin, destination: s.destination, nonStop: true })),
        product: shipment.product ?? null,
        shcs: shipment.shcs,
        pieces: shipment.pieces ?? 1,
        grossWeightKg: shipment.weight,
        volumeM3: shipment.volume ?? 0,
        date: shipment.date,
        account: agent?.account ?? null,
        accountGroups: agent?.groups ?? [],
        salesChannel: "web",
      },
      pricing.index,
      airline,
    );
    const first = price.totals[0];
    out.set(trip.key, {
      lines: price.lines,
      cost: price.refusals.length ? null : (first?.amount ?? null),
      currency: price.refusals.length ? null : (first?.currency ?? null),
      chargeableWeight: price.chargeableWeightKg,
      refusals: price.refusals,
    });
  }
  return out;
}
