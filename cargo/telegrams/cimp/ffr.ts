import { bookingCodec } from "./booking-message";

/** FFR, the booking request (Cargo-IMP): the shipment and the flights asked for, each with its request_status (booking-message.ts). */
export const ffrCodec = bookingCodec("FFR", "request_status");
