/** Answer statuses a booking rule may give: KK confirmed, NN requested (needs the airline), UU waitlisted. */
export const BOOKING_RESPONSE_STATUSES = ["KK", "NN", "UU"] as const;
