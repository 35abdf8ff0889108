import { CREATE_AWB } from "./book-link";

/**
 * "Book" of an accepted offer (spec 1 §2 "Actions on an offer"): the create air waybill page with the offer's route,
 * departure date, figures and chosen flights filled in, as the booking search's Book link opens it (its loader reads
 * the same query, lib/offers/awb-prefill.server.ts); the forwarder completes the waybill and books there.
 */
export function offerBookHref(offer: {
  origin_iata: string;
  destination_iata: string;
  date_toa: string | null;
  pieces: number;
  weight: number;
  volume: number | null;
  segments: ReadonlyArray<{ segment_id: number; std: string | null }>;
}): string {
  const params = new URLSearchParams({ origin_iata: offer.origin_iata, destination_iata: offer.destination_iata });
  // the flights' day is the first leg's departure (UTC), as the search found them; else the date asked for
  const day = offer.segments[0]?.std?.slice(0, 10) ?? offer.date_toa;
  if (day) params.set("flight_date", day);
  if (offer.segments.length) params.set("trip", offer.segments.map((s) => s.segment_id).join("-"));
  params.set("pieces", String(offer.pieces));
  params.set("weight", String(offer.weight));
  if (offer.volume) params.set("volume", String(offer.volume));
  return `${CREATE_AWB}?${params}`;
}
