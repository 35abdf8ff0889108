import { and, asc, eq } from "drizzle-orm";
import { priceShipment } from "../../cargo/pricing/price-shipment";
import type { Price } from "../../cargo/pricing/types";
import type { AirWaybillRow } from "../air-waybills/access";
import { utcDateOf } from "../clock";
import type { Db } from "../db/open";
import { bookings, segments } from "../db/schema";
import { routePricing } from "./pricing";

// The price of one waybill (spec 3 air_waybills/{id}/calculate): its trip is its active bookings' legs in order of
// departure (or its route, origin to destination, before it is booked); its day the tariff date, else the first
// booked flight's date, else today; its agent the forwarder's account with the airline on that day. The airline's
// own chargeable weight (airline_defined_cw) overrides the agent's figures.

/** How the waybill came to us, as a price's sales channel. */
const CHANNEL: Record<string, string> = { web: "web", api: "api", fwb: "telegram" };

export interface WaybillPrice {
  price: Price;
  /** The day whose prices applied. */
  date: string;
  account: string | null;
}

export async function priceWaybill(db: Db, awb: AirWaybillRow, now: Date): Promise<WaybillPrice> {
  const legs = await db
    .select({ origin: bookings.origin_iata, destination: bookings.destination_iata, flightDate: segments.flight_date })
    .from(bookings)
    .innerJoin(segments, eq(segments.id, bookings.segment_id))
    .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.active, true)))
    .orderBy(asc(bookings.std), asc(bookings.id));
  // One booking per leg is the rule, but a split shipment books a leg twice: each leg counts once.
  const trip = legs.filter((l, i) => i === 0 || l.origin !== legs[i - 1]!.origin || l.destination !== legs[i - 1]!.destination);
  const date = awb.tariff_date ?? trip[0]?.flightDate ?? utcDateOf(now);
  const route = trip.length ? trip.map((l) => ({ origin: l.origin, destination: l.destination, nonStop: true })) : [{ origin: awb.origin_iata, destination: awb.destination_iata, nonStop: true }];
  const origin = route[0]!.origin;
  const destination = route[route.length - 1]!.destination;
  const pricing = await routePricing(db, { carriers: [awb.carrier], origin, destination, date, forwarderId: awb.forwarder_id, agreementDay: date });
  const agent = pricing.agents.get(awb.carrier) ?? null;
  const airline = pricing.airlines.get(awb.carrier) ?? { chargeableRatio: 6000, minChargeWeight: null, cwRoundingRule: "0.5" as const, tariffsPublication: false };
  const price = priceShipment(
    {
      carrier: awb.carrier,
      legs: route,
      product: awb.product_code,
      shcs: awb.shcs,
      pieces: awb.pieces,
      grossWeightKg: awb.weight,
      volumeM3: awb.volume,
      airlineChargeableWeightKg: awb.airline_defined_cw,
      date,
      account: agent?.account ?? null,
      accountGroups: agent?.groups ?? [],
      salesChannel: CHANNEL[awb.air_waybill_source] ?? null,
    },
    pricing.index,
    airline,
  );
  return { price, date, account: agent?.account ?? null };
}
