import type { TelegramCodec } from "../telegram-codec";
import { type BookingMessage, readBookingMessage, writeBookingMessage } from "./booking-message";

/** FFA, the booking answer (Cargo-IMP): an FFR's shipment and flights, each with the carrier's response_status (booking-message.ts). */
export const ffaCodec: TelegramCodec<BookingMessage> = {
  type: "FFA",
  family: "cimp",
  versions: ["8", "4", "5", "6", "7"],
  parse: (body) => readBookingMessage(body, "response_status"),
  generate: (message) => writeBookingMessage(message, "response_status"),
};
