import type { SelectSearch } from "./select-query";

/**
 * The "Book" of an option: the create air waybill page with the route, the date, the figures and the chosen trip
 * filled in (its loader reads them, dashboard.air-waybills.create.tsx). A plain link, so it works without JS; the
 * forwarder completes the waybill there and books it as on any other create.
 */
export const CREATE_AWB = "/dashboard/air-waybills/create";

/** The query the create page prefills from (the names are its form's). */
export const PREFILL_FIELDS = ["origin_iata", "destination_iata", "flight_date", "trip", "pieces", "weight", "volume"] as const;

/** The trip's value as the create form names it: its segment ids in leg order, "12-34". */
export const tripValue = (segments: ReadonlyArray<{ id: number | string }>) => segments.map((s) => s.id).join("-");

export function bookHref(search: SelectSearch, segments: ReadonlyArray<{ id: number | string }>): string {
  const params = new URLSearchParams({
    origin_iata: search.origin_iata,
    destination_iata: search.destination_iata,
    flight_date: search.date,
    trip: tripValue(segments),
  });
  if (search.pieces !== undefined) params.set("pieces", String(search.pieces));
  if (search.weight !== undefined) params.set("weight", String(search.weight));
  if (search.volume !== undefined) params.set("volume", String(search.volume));
  return `${CREATE_AWB}?${params}`;
}

/** The create offer page (dashboard.offers.create.tsx) filled in from an option of the search, its airline named. */
export function offerHref(search: SelectSearch, segments: ReadonlyArray<{ id: number | string; carrier: string }>): string {
  const book = new URL(bookHref(search, segments), "http://x");
  book.searchParams.set("carrier", segments[0]!.carrier);
  return `/dashboard/offers/create?${book.searchParams}`;
}
