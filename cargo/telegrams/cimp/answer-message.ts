import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import type { TelegramLine } from "../telegram-lines";
import { checkTextLine } from "./elements";

/**
 * FNA (error notification) and FMA (acknowledgement), Cargo-IMP (issue 23): the answer to a message received, an ACK
 * line with the reason (continued on "/" lines), then the message answered, returned as it came (its identifier line
 * first; some gateways leave its Type-B envelope in front of it):
 *
 *   FNA/1
 *   ACK/INVALID AWB NO
 *   /INVALID STATUS CODE
 *   FFR/4
 *   125-92345675FRAPHL/T12K950/CLOTHING
 *   ...
 *
 * As public traffic shows it ("FNA/1", "ACK/AWB ALREADY CAPTURED", "FWB/16", ...; FMA also without a version:
 * "FMA", "ACK/ACCEPTED"). The model: `reason` (the ACK line and its continuations, one entry per line), and the
 * message answered as `original_content` (its lines, as the messages table keeps a telegram's original content) with
 * the `original_type` and `original_version` its identifier line names, so processing finds the telegram it answers.
 * The returned message is not parsed here: it may be any type, and whoever processes the answer parses it.
 */
export interface AnswerMessage {
  reason: string[];
  original_type: string | null;
  original_version: string | null;
  /** The answered message's lines joined by "\n"; null when it was not returned. */
  original_content: string | null;
}

const IDENTIFIER = /^([A-Z]{3})(?:\/(\d{1,3}))?$/;
/** What a returned line may hold: the Type-B characters (telegram-lines.ts). */
const TYPE_B_LINE = /^[A-Z0-9 .,\-/()'?:+=!"%&*;<>#@_\\]+$/;

/** Reads an FNA or FMA body. `needsOriginal`: an FNA must return the message it rejects; an FMA may not. Never throws. */
export function readAnswerMessage(body: readonly TelegramLine[], needsOriginal: boolean): { message: AnswerMessage | null; errors: TelegramError[] } {
  const [ack, ...rest] = body;
  if (!ack) return { message: null, errors: [telegramError(0, "cut_short", { what: "the ACK line" })] };
  if (!/^ACK(\/|$)/.test(ack.text)) return { message: null, errors: [telegramError(ack.no, "missing_line", { what: "ACK" })] };
  const errors: TelegramError[] = [];
  const reason = [ack.text.slice(4)];
  let at = 0;
  while (at < rest.length && rest[at]!.text.startsWith("/")) reason.push(rest[at++]!.text.slice(1));
  const kept = reason.filter(Boolean);
  if (!kept.length) errors.push(telegramError(ack.no, "missing_field", { field: "reason" }));
  const original = rest.slice(at);
  const identifier = original.map((line) => IDENTIFIER.exec(line.text)).find(Boolean) ?? null;
  if (needsOriginal && !original.length) errors.push(telegramError(ack.no, "missing_line", { what: "rejected message" }));
  else if (original.length && !identifier) errors.push(telegramError(original[0]!.no, "missing_line", { what: "returned message's identifier" }));
  return {
    message: {
      reason: kept,
      original_type: identifier?.[1] ?? null,
      original_version: identifier?.[2] ?? null,
      original_content: original.length ? original.map((line) => line.text).join("\n") : null,
    },
    errors,
  };
}

/** Writes an FNA or FMA body. Throws RangeError on a model it cannot write back as it is. */
export function writeAnswerMessage(message: AnswerMessage, needsOriginal: boolean): string {
  if (!message.reason.length) throw new RangeError("An answer needs its reason");
  const lines = message.reason.map((text, i) => `${i === 0 ? "ACK/" : "/"}${checkTextLine("reason", text)}`);
  if (message.original_content === null) {
    if (needsOriginal) throw new RangeError("An FNA returns the message it rejects");
    if (message.original_type !== null || message.original_version !== null) throw new RangeError("No returned message to name");
    return lines.join("\n");
  }
  const original = message.original_content.split("\n");
  for (const line of original) {
    if (!TYPE_B_LINE.test(line) || line !== line.trimEnd()) throw new RangeError(`A returned line cannot be written: ${JSON.stringify(line)}`);
  }
  if (original[0]!.startsWith("/")) throw new RangeError("The returned message cannot start with a continuation line");
  const identifier = original.map((line) => IDENTIFIER.exec(line)).find(Boolean) ?? null;
  if (!identifier || identifier[1] !== message.original_type || (identifier[2] ?? null) !== message.original_version) {
    throw new RangeError("original_type and original_version must be what the returned message's identifier line says");
  }
  return [...lines, ...original].join("\n");
}

/** FNA and FMA are one codec under two identifiers; an FNA must return the message it rejects, an FMA may. */
export function answerCodec(type: "FNA" | "FMA"): TelegramCodec<AnswerMessage> {
  const needsOriginal = type === "FNA";
  return { type, family: "cimp", versions: ["1"], parse: (body) => readAnswerMessage(body, needsOriginal), generate: (message) => writeAnswerMessage(message, needsOriginal) };
}
