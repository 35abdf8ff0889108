import type { TelegramCodec } from "../telegram-codec";
import { type AnswerMessage, readAnswerMessage, writeAnswerMessage } from "./answer-message";

/** FMA, the acknowledgement (Cargo-IMP): a message was received and accepted; the message may come back with it (answer-message.ts). */
export const fmaCodec: TelegramCodec<AnswerMessage> = {
  type: "FMA",
  family: "cimp",
  versions: ["1"],
  parse: (body) => readAnswerMessage(body, false),
  generate: (message) => writeAnswerMessage(message, false),
};
