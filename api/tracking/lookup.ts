import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import type { Db } from "../db/open";
import { airports, airWaybills, awbMovements, bookings, segments } from "../db/schema";
import { notFound } from "../http/errors";

// The public track-and-trace answer (spec 2 §3 "Tracking shipment"): what anybody holding the number may know — the
// route, pieces, weight, volume, SHCs and the movements. Never parties, prices, documents or who booked it: a number
// is printed on labels and passed around, so it is no secret.

/** More movements than any real journey writes (a few per station and flight); the oldest are shown. */
const MAX_TRACKED_MOVEMENTS = 500;

export interface TrackedAirport {
  iata: string;
  name: string | null;
  city_name: string | null;
}

export interface TrackedShipment {
  mawb: string;
  origin: TrackedAirport;
  destination: TrackedAirport;
  shcs: string[];
  pieces: number;
  weight: number;
  volume: number | null;
  legs: { flight: string; origin_iata: string; destination_iata: string; std: Date; sta: Date }[];
  movements: {
    status_code: string;
    active: boolean;
    location_iata: string;
    flight: string | null;
    pieces: number;
    weight: number;
    time_utc: Date;
  }[];
}

/**
 * The shipment `mawb` as the public sees it, on `carrier`'s site only that airline's (null: the platform's site, every
 * airline's). A voided waybill is not found: its number no longer names a shipment.
 */
export async function trackShipment(db: Db, mawb: string, carrier: string | null): Promise<TrackedShipment> {
  const [awb] = await db
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.mawb, mawb), isNull(airWaybills.voided_at), carrier ? eq(airWaybills.carrier, carrier) : undefined))
    .limit(1);
  if (!awb) throw notFound("shipment_not_found", { mawb });

  const [places, legs, movements] = await Promise.all([
    db
      .select({ iata: airports.iata, name: airports.name, city_name: airports.city_name })
      .from(airports)
      .where(inArray(airports.iata, [awb.origin_iata, awb.destination_iata])),
    db
      .select({ flight: bookings.number_with_date, origin_iata: bookings.origin_iata, destination_iata: bookings.destination_iata, std: bookings.std, sta: segments.sta })
      .from(bookings)
      .innerJoin(segments, eq(segments.id, bookings.segment_id))
      .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.active, true)))
      .orderBy(asc(bookings.std), asc(bookings.id)),
    db
      .select()
      .from(awbMovements)
      .where(eq(awbMovements.air_waybill_id, awb.id))
      .orderBy(asc(awbMovements.time_utc), asc(awbMovements.id))
      // a public answer stays small whatever a waybill's history holds
      .limit(MAX_TRACKED_MOVEMENTS),
  ]);
  const place = (iata: string): TrackedAirport => places.find((p) => p.iata === iata) ?? { iata, name: null, city_name: null };
  return {
    mawb: awb.mawb,
    origin: place(awb.origin_iata),
    destination: place(awb.destination_iata),
    shcs: awb.shcs ?? [],
    pieces: awb.pieces,
    weight: awb.weight,
    volume: awb.volume,
    legs,
    movements: movements.map((m) => ({
      status_code: m.status_code,
      active: !m.deactivated,
      location_iata: m.location_iata,
      flight: m.segment_number_with_date,
      pieces: m.pieces,
      weight: m.weight,
      time_utc: m.time_utc,
    })),
  };
}
