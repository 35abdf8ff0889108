import type { TelegramCodec } from "../telegram-codec";
import { readStatusMessage, type StatusMessage, writeStatusMessage } from "./status-message";

/**
 * FSU, the status update (Cargo-IMP): a shipment's movements as handling, the carrier or customs record them. The
 * layout and the model are status-message.ts's; FSA, the status answer, shares them.
 */
export const fsuCodec: TelegramCodec<StatusMessage> = {
  type: "FSU",
  family: "cimp",
  versions: ["14", "12", "13", "15", "16"],
  parse: (body) => readStatusMessage(body),
  generate: (message) => writeStatusMessage(message),
};
