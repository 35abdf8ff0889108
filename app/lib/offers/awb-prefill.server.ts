import { tripsFor } from "../air-waybills/awb-form-actions.server";
import { TRIP } from "../air-waybills/awb-form-schema";
import type { SignedInUser } from "../auth/guard.server";
import { IATA, isCalendarDate } from "../forms/field-rules";
import type { Trip } from "../upstream/air-waybills.server";
import { tripValue } from "./book-link";

/**
 * The create air waybill page opened by a "Book" of the booking search (`?origin_iata&destination_iata&flight_date&
 * trip&pieces&weight&volume`, lib/offers/book-link.ts): those values in the form, the day's flights searched again
 * with the chosen one picked, and the airline of its first leg as the waybill's (on a host without an airline the
 * form asks for it, and the airline decides whose number stock the waybill takes). A value that is not well-formed
 * is left out, and a trip the search no longer offers is not picked: the page is then an ordinary create.
 */

/** A figure as typed ("1,5"): the form's schema checks its range when the waybill is saved. */
const FIGURE = /^\d{1,9}([.,]\d{1,3})?$/;

export interface AwbPrefill {
  values: Partial<Record<"origin_iata" | "destination_iata" | "flight_date" | "trip" | "pieces" | "weight" | "volume", string>>;
  carrier: string | undefined;
  /** The day's trips with the chosen one among them; null when nothing was chosen. */
  trips: Trip[] | null;
}

export async function prefillOf(user: SignedInUser, params: URLSearchParams): Promise<AwbPrefill> {
  const read = (name: string, rule: (v: string) => boolean) => {
    const value = (params.get(name) ?? "").trim().slice(0, 40);
    return value && rule(value) ? value : undefined;
  };
  const code = (name: string) => read(name, (v) => IATA.test(v.toUpperCase()))?.toUpperCase();
  const values: AwbPrefill["values"] = {
    origin_iata: code("origin_iata"),
    destination_iata: code("destination_iata"),
    flight_date: read("flight_date", isCalendarDate),
    pieces: read("pieces", (v) => /^\d{1,6}$/.test(v)),
    weight: read("weight", (v) => FIGURE.test(v)),
    volume: read("volume", (v) => FIGURE.test(v)),
  };
  const trip = read("trip", (v) => TRIP.test(v));
  const filled = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as AwbPrefill["values"];
  if (!trip || !values.origin_iata || !values.destination_iata || !values.flight_date) return { values: filled, carrier: undefined, trips: null };

  const form = new FormData();
  for (const [name, value] of Object.entries({ ...filled, trip })) form.set(name, value);
  const trips = await tripsFor(user, form, null);
  const chosen = trips?.find((t) => tripValue(t.segments) === trip);
  if (!trips || !chosen) return { values: filled, carrier: undefined, trips };
  return { values: { ...filled, trip }, carrier: chosen.segments[0]?.carrier, trips };
}
