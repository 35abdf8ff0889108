import { telegramError, type TelegramError } from "./telegram-error";
import type { TelegramLine } from "./telegram-lines";

/**
 * The SITA/ARINC Type-B envelope around a telegram (issue 23): a priority and the addresses it goes to, then an origin
 * line with the sender's address, the day and time it was sent (DDHHMM, UTC) and the sender's message reference:
 *
 *   QU HDQFMSU MOWFMXH
 *   .HDQRMS7 281200/A1B2C3
 *   FWB/16 ...
 *
 * A telegram may come without one (mail, a pasted text, an upload): then the body starts on the first line.
 */
export interface TypeBEnvelope {
  priority: string;
  addresses: string[];
  origin: string | null;
  /** "281200": day of month, hour, minute (UTC). */
  sent_at: string | null;
  message_reference: string | null;
}

export interface ReadEnvelope {
  envelope: TypeBEnvelope | null;
  body: TelegramLine[];
  errors: TelegramError[];
}

/** Priority codes in use: QS, QC, QU, QX (urgent), QD, QK (normal), QN; SS for a service message. */
const PRIORITY_LINE = /^(Q[A-Z]|SS)((?: +[A-Z0-9]{7})+) *$/;
const ADDRESS_LINE = /^(?:[A-Z0-9]{7} *)+$/;
const ORIGIN_LINE = /^\.([A-Z0-9]{7})(?: +(\d{6}))?(?:\/? *([A-Z0-9]{1,20}))? *$/;
const ADDRESS = /^[A-Z0-9]{7}$/;

/** Whether a line (upper case, trimmed) is an envelope's first line, one of its address lines, its origin line. */
export const isTypeBPriority = (line: string) => PRIORITY_LINE.test(line);
export const isTypeBAddresses = (line: string) => ADDRESS_LINE.test(line) && !line.startsWith(".");
export const isTypeBOrigin = (line: string) => ORIGIN_LINE.test(line);

/**
 * Reads the envelope off the front of the lines, if there is one. A priority line without an origin line is an error
 * (bad_envelope) and the lines after the addresses are read as the body all the same.
 */
export function readTypeB(lines: readonly TelegramLine[]): ReadEnvelope {
  const first = lines[0];
  const priority = first ? PRIORITY_LINE.exec(first.text) : null;
  if (!first || !priority) return { envelope: null, body: [...lines], errors: [] };
  const addresses = priority[2]!.trim().split(/ +/);
  let at = 1;
  while (at < lines.length && ADDRESS_LINE.test(lines[at]!.text) && !lines[at]!.text.startsWith(".")) {
    addresses.push(...lines[at]!.text.trim().split(/ +/));
    at += 1;
  }
  const originLine = lines[at];
  const origin = originLine ? ORIGIN_LINE.exec(originLine.text) : null;
  const envelope: TypeBEnvelope = {
    priority: priority[1]!,
    addresses,
    origin: origin?.[1] ?? null,
    sent_at: origin?.[2] ?? null,
    message_reference: origin?.[3] ?? null,
  };
  if (!origin) {
    const errors = [telegramError(originLine?.no ?? first.no, "bad_envelope", { detail: "no origin line (.ADDRESS DDHHMM)" })];
    return { envelope, body: lines.slice(at), errors };
  }
  const errors = envelope.sent_at && !validDayTime(envelope.sent_at) ? [telegramError(originLine!.no, "bad_envelope", { detail: `time ${envelope.sent_at}` })] : [];
  return { envelope, body: lines.slice(at + 1), errors };
}

function validDayTime(ddhhmm: string): boolean {
  const day = Number(ddhhmm.slice(0, 2));
  const hour = Number(ddhhmm.slice(2, 4));
  const minute = Number(ddhhmm.slice(4, 6));
  return day >= 1 && day <= 31 && hour <= 23 && minute <= 59;
}

export interface WriteTypeBOptions {
  /** SOH before the envelope, STX before the body and ETX after it, as a SITA gateway expects on the wire. */
  controlCharacters?: boolean;
}

/**
 * The telegram with its envelope, lines ended by CRLF (Type-B's line end). Addresses go eight to a line. Throws
 * RangeError on an address that is not seven letters and digits: a generator's caller passes what it configured.
 */
export function writeTypeB(envelope: TypeBEnvelope, body: string, options: WriteTypeBOptions = {}): string {
  for (const address of [...envelope.addresses, ...(envelope.origin ? [envelope.origin] : [])]) {
    if (!ADDRESS.test(address)) throw new RangeError(`Not a Type-B address: ${JSON.stringify(address)}`);
  }
  if (!envelope.addresses.length) throw new RangeError("A Type-B telegram needs at least one address");
  const lines: string[] = [];
  for (let i = 0; i < envelope.addresses.length; i += 8) {
    const group = envelope.addresses.slice(i, i + 8).join(" ");
    lines.push(i === 0 ? `${envelope.priority} ${group}` : group);
  }
  const origin = [`.${envelope.origin ?? ""}`, envelope.sent_at ?? ""].filter(Boolean).join(" ");
  lines.push(envelope.message_reference ? `${origin}/${envelope.message_reference}` : origin);
  const bodyLines = body.replace(/\r\n|\r/g, "\n").replace(/\n+$/, "").split("\n");
  if (!options.controlCharacters) return [...lines, ...bodyLines].join("\r\n") + "\r\n";
  return `\u0001${lines.join("\r\n")}\r\n\u0002${bodyLines.join("\r\n")}\r\n\u0003`;
}
