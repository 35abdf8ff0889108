import { TELEGRAM_CODECS } from "./codecs";
import { telegramError, type TelegramError } from "./telegram-error";
import { type LineLimits, readTelegramLines, type TelegramLine } from "./telegram-lines";
import type { TelegramFamily } from "./telegram-codec";
import { readTypeB, writeTypeB, type TypeBEnvelope } from "./type-b";

/** What any telegram read as (issue 23): its type and version, the envelope, the model read, and every fault found. */
export interface ParsedTelegram<T = unknown> {
  family: TelegramFamily | null;
  /** "FWB", ...: what the first line names, also a type no codec reads (family null then); null when it is empty. */
  type: string | null;
  version: string | null;
  envelope: TypeBEnvelope | null;
  /** What was read, also when there are errors; null when nothing could be. */
  message: T | null;
  errors: TelegramError[];
}

/** "FWB/16", "FSU/13": a Cargo-IMP identifier line (the version may be missing in hand-typed traffic). */
const CIMP_IDENTIFIER = /^([A-Z]{3})(?:\/(\d{1,3}))?(?:\/.*)?$/;
/** The first record of an SSIM chapter 7 file (a header record, type 1). */
const SSIM_HEADER = /^1AIRLINE STANDARD SCHEDULE DATA SET/;
/** The same, on the text as it arrived (any case, after control characters, a byte order mark or blank lines). */
const SSIM_START = /^[\u0001\u0002\u0003\uFEFF\s]*1AIRLINE STANDARD SCHEDULE DATA SET/i;
/**
 * A season's schedule file is far larger than any telegram: 200-byte records, up to 250 000 of them (the biggest
 * airlines publish about 100 000 legs), read in linear time.
 */
export const SSIM_LIMITS: LineLimits = { maxChars: 250_000 * 202, maxLines: 250_000 };

/** Reads a telegram of any supported type. Never throws; an unknown type is an error with the envelope read. */
export function parseTelegram(text: string): ParsedTelegram {
  const ssim = SSIM_START.test(text.slice(0, 1000));
  const read = ssim ? readTelegramLines(text.replace(/^\uFEFF/, ""), SSIM_LIMITS) : readTelegramLines(text);
  const none = (errors: TelegramError[]): ParsedTelegram => ({ family: null, type: null, version: null, envelope: null, message: null, errors });
  if (!read.lines.length) return none(read.errors);
  if (SSIM_HEADER.test(read.lines[0]!.text)) return withCodec("SSIM", null, null, read.lines, read.errors);
  const typeB = readTypeB(read.lines);
  const errors = [...read.errors, ...typeB.errors];
  const [first, ...body] = typeB.body;
  if (!first) return { ...none([...errors, telegramError(0, "cut_short", { what: "the message type" })]), envelope: typeB.envelope };
  const identifier = CIMP_IDENTIFIER.exec(first.text.trim());
  const type = identifier?.[1] ?? first.text.trim().split(/[ /]/)[0]!.slice(0, 8);
  return withCodec(type, identifier?.[2] ?? null, typeB.envelope, body, errors, first);
}

function withCodec(type: string, version: string | null, envelope: TypeBEnvelope | null, body: readonly TelegramLine[], errors: TelegramError[], first?: TelegramLine): ParsedTelegram {
  const codec = TELEGRAM_CODECS[type];
  if (!codec) return { family: null, type: type || null, version, envelope, message: null, errors: [...errors, telegramError(first?.no ?? 1, "unknown_type", { type })] };
  if (version !== null && codec.versions.length && !codec.versions.includes(version)) {
    errors.push(telegramError(first?.no ?? 1, "unsupported_version", { type, version, supported: codec.versions.join(", ") }));
  }
  const parsed = codec.parse(body, version);
  return { family: codec.family, type, version, envelope, message: parsed.message, errors: [...errors, ...parsed.errors] };
}

export interface GenerateOptions {
  /** Defaults to the codec's first (newest) version. */
  version?: string;
  /** Wraps the message in a Type-B envelope (a SITA channel). */
  envelope?: TypeBEnvelope;
  controlCharacters?: boolean;
}

/**
 * Writes a telegram of `type` from its model: the identifier line ("FWB/16"; "MVT"), the body, CRLF line ends.
 * Throws RangeError for an unknown type or a model the codec cannot write.
 */
export function generateTelegram(type: string, message: unknown, options: GenerateOptions = {}): string {
  const codec = TELEGRAM_CODECS[type];
  if (!codec) throw new RangeError(`Unknown telegram type: ${type}`);
  const version = codec.versions.length ? (options.version ?? codec.versions[0]!) : null;
  if (version !== null && !codec.versions.includes(version)) throw new RangeError(`${type} version ${version} is not supported`);
  const body = codec.generate(message, version);
  const text = codec.family === "ssim" ? body : `${version !== null ? `${type}/${version}` : type}\n${body}`;
  if (options.envelope) return writeTypeB(options.envelope, text, { controlCharacters: options.controlCharacters });
  return `${text.replace(/\r\n|\r/g, "\n").replace(/\n+$/, "").split("\n").join("\r\n")}\r\n`;
}
