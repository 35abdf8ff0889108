import type { TelegramCodec } from "../telegram-codec";
import { readStatusMessage, type StatusMessage, writeStatusMessage } from "./status-message";

/**
 * FSA, the status answer (Cargo-IMP): what a carrier answers a status request (FSR) with, the shipment's movements
 * so far. Its body is an FSU's (status-message.ts); only the identifier line differs.
 */
export const fsaCodec: TelegramCodec<StatusMessage> = {
  type: "FSA",
  family: "cimp",
  versions: ["14", "12", "13", "15", "16"],
  parse: (body) => readStatusMessage(body),
  generate: (message) => writeStatusMessage(message),
};
