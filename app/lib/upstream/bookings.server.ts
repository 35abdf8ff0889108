import { z } from "zod";
import type { Upstream } from "./client.server";
import { mapCodes, type ErrorMapper } from "./errors";
import { LooseCodes as Codes, LooseFlag as Flag, LooseNumber as Num, LooseText as Text, NumberLike, pageOf } from "./schemas";

// Bookings (spec 3 §7 "Bookings and booking rules"): the list, the airline's answer to a request (PATCH bookings),
// the move to another flight (POST bookings/change) and the cancel (DELETE bookings). One booking schema for the
// bookings page and a waybill's bookings: api/air-waybills/schemas.ts's BookingSchema, read loosely.

import { BOOKING_STATUSES, type BookingStatus } from "../../../cargo/bookings/booking-status";

export { BOOKING_STATUSES, type BookingStatus };
/** What the airline may answer from this page (spec 2 §4 "Booking"; issue 10: KK or UU with a reason). */
export const ANSWERS = ["KK", "UU"] as const;
export type BookingAnswer = (typeof ANSWERS)[number];

export const BookingSchema = z.object({
  id: NumberLike,
  mawb: z.string(),
  carrier: z.string(),
  forwarder_short_name: Text,
  segment_id: NumberLike,
  number_with_date: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  std: z.string(),
  /** The departure with the origin's offset (the local/UTC switch); an older upstream may leave it out. */
  std_local: Text,
  parts_code: Text,
  pieces: NumberLike,
  weight: NumberLike,
  volume: Num,
  shcs: Codes,
  request_status: Text,
  response_status: z.string(),
  response_reason: Text,
  /** PLACI: customs' status of the booked shipment ("sent" until customs answers) and its comment. */
  placi_status: Text,
  placi_comment: Text,
  source: Text,
  active: Flag,
  effective: Flag,
  is_departed: Flag,
  created_at: Text,
});
export type Booking = z.infer<typeof BookingSchema>;

/**
 * Spec 3 §8 booking errors (a create with segments books in the same call, a change books anew): 403 "No valid
 * agreement with airline" and "Forbidden SHC for this route" are the form's errors, not the access-denied page; 422
 * "has already been taken" is Exists. 409 `confirmation_required` stays Undefined with its body (warningsOf reads it).
 */
export const bookingErrors: ErrorMapper = mapCodes([
  [403, "no_agreement", "NoValidAgreement"],
  [403, "forbidden_shc", "ForbiddenShc"],
  [422, ["taken", "booking_exists"], "Exists"],
]);

export interface BookingListQuery {
  page: number;
  per_page: number;
  status?: BookingStatus;
  requests?: boolean;
  mawb?: string;
}

export function listBookings(api: Upstream, query: BookingListQuery) {
  return api.get("api/v3/bookings", { query: { ...query }, schema: pageOf(BookingSchema) });
}

export function answerBooking(api: Upstream, input: { id: number; status: BookingAnswer; response_reason?: string }) {
  return api.patch("api/v3/bookings", { json: { booking: input }, schema: BookingSchema });
}

export interface NewBooking {
  mawb: string;
  segment_id: number;
  pieces: number;
  weight: number;
  volume?: number;
  shcs: string[];
  consignor_certified: boolean;
}

/** Books the waybill (or a part of it) on one more flight leg (spec 3 §8 errors; 422 beside its fields as creation's). */
export function bookWaybill(api: Upstream, booking: NewBooking) {
  return api.post("api/v3/bookings", { json: { booking }, schema: BookingSchema, errors: bookingErrors });
}

/** Moves a booking to another flight (spec 3 §8: ForbiddenShc also on change). */
export function changeBooking(api: Upstream, id: number, segmentId: number) {
  return api.post("api/v3/bookings/change", { json: { booking: { id, segment_id: segmentId } }, errors: bookingErrors });
}

/** Cancels a booking and frees its space; the answer is the cancelled booking. */
export function cancelBooking(api: Upstream, id: number) {
  return api.delete("api/v3/bookings", { json: { booking: { id } }, schema: BookingSchema, errors: bookingErrors });
}

/** A booking the airline may still answer: an active request (NN) or a waitlisted one (LL), its flight not gone. */
export const isOpenRequest = (b: Pick<Booking, "active" | "response_status" | "is_departed">) => b.active && !b.is_departed && (b.response_status === "NN" || b.response_status === "LL");
/** A booking its forwarder may still cancel: active, its flight not gone. */
export const isCancellable = (b: Pick<Booking, "active" | "response_status" | "is_departed">) => b.active && !b.is_departed && b.response_status !== "XX";

const FfrAnswerSchema = z.object({ data: z.array(BookingSchema), refused: z.array(z.object({ flight: z.string(), code: z.string() })), ffa: z.string() });

/** Books the waybill an FFR text names on the flights it asks for; the answer says each flight's outcome and the FFA. */
export function bookFromFfr(api: Upstream, input: { cimp_text: string; consignor_certified: boolean }) {
  return api.post("api/v3/bookings/ffr", { json: input, schema: FfrAnswerSchema, errors: bookingErrors });
}
