import { bookingCodec } from "./booking-message";

/** FFA, the booking answer (Cargo-IMP): an FFR's shipment and flights, each with the carrier's response_status (booking-message.ts). */
export const ffaCodec = bookingCodec("FFA", "response_status");
