import { telegramError, type TelegramError } from "./telegram-error";

/**
 * A telegram's text as lines a parser reads (issue 23: "real traffic is messy"). CRLF, LF and lone CR all end a line;
 * the Type-B control characters SOH, STX and ETX are dropped; trailing spaces go; the text is read upper-case (Type-B
 * carries no lower case, but mail gateways and people do). Each line keeps its 1-based number in the text as it
 * arrived, so every error points at the line the reader sees.
 */
export interface TelegramLine {
  no: number;
  text: string;
}

/** Longest telegram read at all: a multi-part FFM is a few dozen KB; beyond this it is not a telegram. */
export const MAX_TELEGRAM_CHARS = 1_000_000;
export const MAX_TELEGRAM_LINES = 50_000;

export interface LineLimits {
  maxChars: number;
  maxLines: number;
}
const TELEGRAM_LIMITS: LineLimits = { maxChars: MAX_TELEGRAM_CHARS, maxLines: MAX_TELEGRAM_LINES };

/** The characters IA5 Type-B traffic carries (letters, digits, space and this punctuation); others are reported. */
const TYPE_B_CHARACTER = /[^A-Z0-9 .,\-/()'?:+=!"%&*;<>#@_\\]/g;

export interface ReadLines {
  lines: TelegramLine[];
  errors: TelegramError[];
}

/**
 * Splits and normalises; never throws. Blank lines are dropped (they carry nothing in Cargo-IMP, and gateways add
 * them). A character outside the Type-B set is reported once per line and kept: a consignee's name in Cyrillic is
 * still better shown than lost. Over the limits, the text is not read (errors say why).
 */
export function readTelegramLines(text: string, limits: LineLimits = TELEGRAM_LIMITS): ReadLines {
  if (text.length > limits.maxChars) return { lines: [], errors: [telegramError(0, "too_long", { max: limits.maxChars })] };
  const raw = text.replace(/[\u0001\u0002\u0003]/g, "").split(/\r\n|\n|\r/);
  if (raw.length > limits.maxLines) return { lines: [], errors: [telegramError(0, "too_many_lines", { max: limits.maxLines })] };
  const lines: TelegramLine[] = [];
  const errors: TelegramError[] = [];
  raw.forEach((line, index) => {
    // trimEnd, not /\s+$/: the pattern is quadratic in a long run of inner spaces, which SSIM records are full of.
    const upper = line.trimEnd().toUpperCase();
    if (!upper.trim()) return;
    const odd = [...new Set(upper.match(TYPE_B_CHARACTER) ?? [])];
    if (odd.length) errors.push(telegramError(index + 1, "bad_character", { chars: odd.join("") }));
    lines.push({ no: index + 1, text: upper });
  });
  if (!lines.length) errors.push(telegramError(0, "empty"));
  return { lines, errors };
}

/** The "/"-separated elements of a line: "RCS/28NOV1200/LHR" → ["RCS", "28NOV1200", "LHR"]. */
export function elementsOf(line: TelegramLine): string[] {
  return line.text.split("/");
}

/**
 * Cargo-IMP continuation: a line that starts with "/" continues the line before it (a party's second address line,
 * a long rating line). Gives each logical line with the number of the line it starts on and its continuation lines'
 * texts without their leading "/".
 */
export interface LogicalLine extends TelegramLine {
  continuations: TelegramLine[];
}

export function joinContinuations(lines: readonly TelegramLine[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (const line of lines) {
    const last = out[out.length - 1];
    if (line.text.startsWith("/") && last) last.continuations.push({ no: line.no, text: line.text.slice(1) });
    else out.push({ ...line, continuations: [] });
  }
  return out;
}
