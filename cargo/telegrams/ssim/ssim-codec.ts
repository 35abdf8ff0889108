import type { TelegramCodec } from "../telegram-codec";
import { parseSsimFile, type SsimFile } from "./ssim-file";
import { writeSsimFile } from "./write-ssim-file";

/** SSIM chapter 7 files (issue 23). parseTelegram passes every line, the header record included. */
export const ssimCodec: TelegramCodec<SsimFile> = {
  type: "SSIM",
  family: "ssim",
  versions: [],
  parse: (body) => parseSsimFile(body),
  generate: (message) => writeSsimFile(message),
};
