import { parseTelegram } from "../../cargo/telegrams/parse-telegram";
import type { TelegramError } from "../../cargo/telegrams/telegram-error";
import type { ParsingStatus } from "../../cargo/telegrams/telegram-state";
import type { TelegramListFamily } from "../db/tables/telegrams";

/**
 * What a telegram's text reads as, in the columns the telegrams table keeps (issue 23): its type and version, the
 * model read, every fault with its line, and the waybill it is about. Pure: the API stores it, the pages show it.
 */
export interface ReadTelegram {
  family: TelegramListFamily | null;
  message_type: string | null;
  message_version: string | null;
  parsed_content: unknown;
  error_messages: TelegramError[];
  parsing_status: ParsingStatus;
  mawb: string | null;
  /** The Type-B envelope's origin address and message reference, when the text has an envelope. */
  sender: string | null;
  envelope_reference: string | null;
}

/** The list a codec's family belongs to: ASM/SSM are schedule messages, listed with SSIM files. */
const LIST_OF_FAMILY = { cimp: "cimp", ssim: "ssim", schedule_message: "ssim", ahm: "ahm" } as const;

/** Errors kept per telegram: a broken text can fault on every line, the page shows the first ones and the count. */
export const MAX_STORED_ERRORS = 200;

/**
 * The key a telegram is stored once by: the id its sender gave (the POST's message_identifier), else the envelope's
 * reference with its origin address — a reference is unique only per sender, so two handlers' "0001" stay two.
 */
export function telegramIdentifier(read: Pick<ReadTelegram, "sender" | "envelope_reference">, given?: string | null): string | null {
  if (given) return given;
  return read.envelope_reference && read.sender ? `${read.sender}/${read.envelope_reference}` : null;
}

export function readTelegram(text: string): ReadTelegram {
  const parsed = parseTelegram(text);
  const mawb = parsed.message && typeof (parsed.message as { mawb?: unknown }).mawb === "string" ? (parsed.message as { mawb: string }).mawb : null;
  return {
    family: parsed.family ? LIST_OF_FAMILY[parsed.family] : null,
    message_type: parsed.type,
    message_version: parsed.version,
    parsed_content: parsed.message,
    error_messages: parsed.errors.slice(0, MAX_STORED_ERRORS),
    parsing_status: parsed.errors.length || !parsed.message ? "failed" : "parsed",
    mawb,
    sender: parsed.envelope?.origin ?? null,
    envelope_reference: parsed.envelope?.message_reference ?? null,
  };
}
