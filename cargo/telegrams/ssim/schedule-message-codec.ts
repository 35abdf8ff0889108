import type { TelegramCodec } from "../telegram-codec";
import { parseScheduleMessage, type ScheduleMessage } from "./schedule-message";
import { writeScheduleMessage } from "./write-schedule-message";

/** SSIM chapter 4 ASM (issue 23): ad hoc changes to a flight on given dates. */
export const asmCodec: TelegramCodec<ScheduleMessage> = {
  type: "ASM",
  family: "schedule_message",
  versions: [],
  parse: (body) => parseScheduleMessage("ASM", body),
  generate: (message) => writeScheduleMessage(message),
};

/** SSIM chapter 4 SSM: a flight's schedule over periods and days. */
export const ssmCodec: TelegramCodec<ScheduleMessage> = {
  type: "SSM",
  family: "schedule_message",
  versions: [],
  parse: (body) => parseScheduleMessage("SSM", body),
  generate: (message) => writeScheduleMessage(message),
};
