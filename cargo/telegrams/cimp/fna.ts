import type { TelegramCodec } from "../telegram-codec";
import { type AnswerMessage, readAnswerMessage, writeAnswerMessage } from "./answer-message";

/** FNA, the error notification (Cargo-IMP): why a message was rejected, and the message itself (answer-message.ts). */
export const fnaCodec: TelegramCodec<AnswerMessage> = {
  type: "FNA",
  family: "cimp",
  versions: ["1"],
  parse: (body) => readAnswerMessage(body, true),
  generate: (message) => writeAnswerMessage(message, true),
};
