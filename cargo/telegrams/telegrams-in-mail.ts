import { TELEGRAM_CODECS } from "./codecs";
import { isTypeBOrigin, isTypeBPriority, isTypeBAddresses } from "./type-b";

/**
 * The telegrams in a message's body (issue 23, incoming messages): an e-mail from a handler's system or a SITA mail
 * gateway carries a Type-B telegram (envelope and all) or the bare Cargo-IMP text, often between a greeting and a
 * signature, sometimes several one after the other. Each is cut out as it stands, for the codec (parse-telegram.ts)
 * to read: nothing here judges its content.
 *
 * A telegram starts at a Type-B priority line followed by its addresses and origin line ("QK MOWFMS7" / ".HDQRMS7
 * 281200"), or at a Cargo-IMP identifier line of a type the codecs know ("FSU/13", "FWB/16", "FFM/8"). It ends where
 * the next starts, or at what Type-B and mail put after a message: the end-of-message line NNNN, the ETX character,
 * a signature line ("-- "), a quoted reply ("> "), or a blank line followed by prose (a line with lower-case
 * letters: Type-B has none, a "Best regards" has).
 */
export interface MailTelegrams {
  /** Each telegram's text as it stands in the body, without the lines around it. */
  texts: string[];
  /** Telegrams found beyond `max`, not cut out (the caller says so). */
  beyond: number;
}

const IDENTIFIER = /^([A-Z]{3})(?:\/\d{1,3}(?:\/.*)?)?$/;
const SOH_STX = /[\u0001\u0002]/g;

const plain = (line: string) => line.replace(SOH_STX, "").trim().toUpperCase();

/** A Cargo-IMP identifier line of a type the codecs read as Cargo-IMP. */
function isCimpIdentifier(line: string): boolean {
  const type = IDENTIFIER.exec(plain(line))?.[1];
  return type !== undefined && TELEGRAM_CODECS[type]?.family === "cimp";
}

/** Where a Type-B envelope starting at `at` ends (its origin line's index), or -1 when `at` starts none. */
function envelopeOriginAt(lines: readonly string[], at: number): number {
  if (!isTypeBPriority(plain(lines[at]!))) return -1;
  let next = at + 1;
  while (next < lines.length && isTypeBAddresses(plain(lines[next]!))) next += 1;
  return next < lines.length && isTypeBOrigin(plain(lines[next]!)) ? next : -1;
}

const endsMessage = (line: string) => {
  const text = plain(line);
  return text === "NNNN" || text === "--" || line.trimStart().startsWith(">");
};
const isProse = (line: string) => /[a-z]/.test(line);

export function telegramsInMail(body: string, max: number): MailTelegrams {
  const lines = body.split(/\r\n|\n|\r/);
  // the next line with something on it, from each line on (one pass: a body of blank lines stays linear)
  const filled: number[] = new Array(lines.length + 1).fill(-1);
  for (let i = lines.length - 1; i >= 0; i--) filled[i] = lines[i]!.trim() ? i : filled[i + 1]!;
  const texts: string[] = [];
  let beyond = 0;
  let at = 0;
  while (at < lines.length) {
    const origin = envelopeOriginAt(lines, at);
    if (origin < 0 && !isCimpIdentifier(lines[at]!)) {
      at += 1;
      continue;
    }
    // the envelope's first body line is the identifier: not a telegram of its own
    const bodyFrom = origin < 0 ? at + 1 : origin + 2;
    const taken: string[] = lines.slice(at, Math.min(bodyFrom, lines.length));
    let next = bodyFrom;
    for (; next < lines.length; next++) {
      const line = lines[next]!;
      if (envelopeOriginAt(lines, next) >= 0 || isCimpIdentifier(line) || endsMessage(line)) break;
      const etx = line.indexOf("\u0003");
      if (etx >= 0) {
        taken.push(line.slice(0, etx));
        next += 1;
        break;
      }
      const following = filled[next + 1]!;
      if (!line.trim() && following >= 0 && isProse(lines[following]!)) break;
      taken.push(line);
    }
    const text = taken.join("\n").replace(/\s+$/, "");
    if (texts.length < max) texts.push(text);
    else beyond += 1;
    at = Math.max(next, at + 1);
  }
  return { texts, beyond };
}
