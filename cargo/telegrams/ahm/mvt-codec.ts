import type { TelegramCodec } from "../telegram-codec";
import { type MovementMessage, parseMovementMessage } from "./mvt";
import { writeMovementMessage } from "./write-mvt";

/** AHM 780 MVT (issue 23): actual departure and arrival times of a flight. */
export const mvtCodec: TelegramCodec<MovementMessage> = {
  type: "MVT",
  family: "ahm",
  versions: [],
  parse: (body) => parseMovementMessage(body),
  generate: (message) => writeMovementMessage(message),
};
