import type { TelegramCodec } from "../telegram-codec";
import { type BookingMessage, readBookingMessage, writeBookingMessage } from "./booking-message";

/** FFR, the booking request (Cargo-IMP): the shipment and the flights asked for, each with its request_status (booking-message.ts). */
export const ffrCodec: TelegramCodec<BookingMessage> = {
  type: "FFR",
  family: "cimp",
  versions: ["8", "4", "5", "6", "7"],
  parse: (body) => readBookingMessage(body, "request_status"),
  generate: (message) => writeBookingMessage(message, "request_status"),
};
