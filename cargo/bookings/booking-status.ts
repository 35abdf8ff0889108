/**
 * A booking's answer status (spec 2 §3 "Booking": request_status, response_status; Cargo-IMP FBL/FFR codes), defined
 * once for the API, the pages and the exports:
 * - KK confirmed: the space is held on the flight;
 * - NN requested: the need is sent, the airline has not answered yet;
 * - LL waitlisted: no space now, the booking waits for some;
 * - UU unable: the airline cannot carry it (not confirmed);
 * - XX cancelled.
 */
export const BOOKING_STATUSES = ["KK", "NN", "LL", "UU", "XX"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** Each status's meaning, the word every translation of `bookingStatuses.<code>` renders. */
export const BOOKING_STATUS_MEANINGS = {
  KK: "confirmed",
  NN: "requested",
  LL: "waitlisted",
  UU: "unable",
  XX: "cancelled",
} as const satisfies Record<BookingStatus, string>;

/**
 * The answers a booking rule or a segment may give a new booking: confirm it, leave it to the airline, or refuse it.
 * Waitlisting follows from the flight's space (the booking itself decides LL) and cancelling from the user.
 */
export const RULE_RESPONSE_STATUSES = ["KK", "NN", "UU"] as const satisfies readonly BookingStatus[];
export type RuleResponseStatus = (typeof RULE_RESPONSE_STATUSES)[number];

export const isBookingStatus = (v: unknown): v is BookingStatus => typeof v === "string" && (BOOKING_STATUSES as readonly string[]).includes(v);

/**
 * The bookings a flight's booked list (FBL) names: the space held (KK) and the space asked for that the airline has
 * not answered yet (NN), both cargo the station should expect; waitlisted, refused and cancelled bookings are not.
 */
export const FBL_BOOKING_STATUSES = ["KK", "NN"] as const satisfies readonly BookingStatus[];
