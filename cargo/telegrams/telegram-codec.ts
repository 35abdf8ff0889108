import type { TelegramError } from "./telegram-error";
import type { TelegramLine } from "./telegram-lines";

/**
 * One message type's parser and generator (issue 23). Each lives in its own module (cimp/fwb.ts, ssim/ssim.ts, ...)
 * and is listed in codecs.ts; parse-telegram.ts finds it by the message's first line.
 *
 * `parse` reads the body (envelope and message identifier line already taken off; `body[0]` is the line after the
 * identifier) and never throws, whatever the lines hold: it returns what it could read and an error per fault, each
 * with its line number. `generate` writes the body without the identifier line from a valid model, the identifier is
 * written by generateTelegram; on a model it cannot write it throws RangeError (the caller built it).
 */
export interface TelegramCodec<T> {
  /** "FWB", "FSU", "SSIM", "ASM", "MVT". */
  type: string;
  family: TelegramFamily;
  /** Versions read; the first is the one written. Empty for types without a version (SSIM, ASM, SSM, MVT). */
  versions: readonly string[];
  parse(body: readonly TelegramLine[], version: string | null): { message: T | null; errors: TelegramError[] };
  generate(message: T, version: string | null): string;
}

/** Cargo-IMP, SSIM chapter 7 files, SSIM chapter 4 ASM/SSM, AHM 780 MVT. */
export type TelegramFamily = "cimp" | "ssim" | "schedule_message" | "ahm";
