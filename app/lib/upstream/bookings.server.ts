import { z } from "zod";
import type { Upstream } from "./client.server";
import { NumberLike, pageOf } from "./schemas";

// The bookings page's calls (spec 3 §7 "Bookings and booking rules"): the list, the airline's answer to a request
// (PATCH bookings) and the forwarder's cancel (DELETE bookings). The row is api/air-waybills/schemas.ts's
// BookingSchema, read loosely.

const Text = z.string().nullish().transform((v) => v ?? null);
const Num = NumberLike.nullish().transform((v) => (v === undefined || v === null || Number.isNaN(v) ? null : v));
const Flag = z.boolean().nullish().transform((v) => v ?? false);

export const BOOKING_STATUSES = ["KK", "NN", "LL", "UU", "XX"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
/** What the airline may answer from this page (spec 2 §4 "Booking"; issue 10: KK or UU with a reason). */
export const ANSWERS = ["KK", "UU"] as const;
export type BookingAnswer = (typeof ANSWERS)[number];

export const BookingRowSchema = z.object({
  id: NumberLike,
  mawb: z.string(),
  carrier: Text,
  forwarder_short_name: Text,
  number_with_date: z.string(),
  origin_iata: Text,
  destination_iata: Text,
  std: Text,
  pieces: Num,
  weight: Num,
  volume: Num,
  shcs: z.array(z.string()).nullish().transform((v) => v ?? []),
  response_status: z.string(),
  response_reason: Text,
  active: Flag,
  is_departed: Flag,
  created_at: Text,
});
export type BookingRow = z.infer<typeof BookingRowSchema>;

export interface BookingListQuery {
  page: number;
  per_page: number;
  status?: BookingStatus;
  requests?: boolean;
  mawb?: string;
}

export function listBookings(api: Upstream, query: BookingListQuery) {
  return api.get("api/v3/bookings", { query: { ...query }, schema: pageOf(BookingRowSchema) });
}

export function answerBooking(api: Upstream, input: { id: number; status: BookingAnswer; response_reason?: string }) {
  return api.patch("api/v3/bookings", { json: { booking: input }, schema: BookingRowSchema });
}

export function cancelBooking(api: Upstream, id: number) {
  return api.delete("api/v3/bookings", { json: { booking: { id } }, schema: BookingRowSchema });
}

/** A booking the airline may still answer: an active request (NN) or a waitlisted one (LL), its flight not gone. */
export const isOpenRequest = (b: Pick<BookingRow, "active" | "response_status" | "is_departed">) => b.active && !b.is_departed && (b.response_status === "NN" || b.response_status === "LL");
/** A booking its forwarder may still cancel: active, its flight not gone. */
export const isCancellable = (b: Pick<BookingRow, "active" | "response_status" | "is_departed">) => b.active && !b.is_departed && b.response_status !== "XX";
