import { telegramError, type TelegramError } from "../telegram-error";
import type { TelegramFlight } from "./flight-line";

/**
 * A message sent in parts (FFM, FBL): each part names the flight and its number ("1/S70101/28NOV/DME", "2/…"), and
 * ends with CONT (more follow) or LAST. Parts travel as separate telegrams and may arrive out of order; this puts one
 * flight's parts together and says which are missing, doubled, of another flight or after the last.
 */
export interface MessagePart extends TelegramFlight {
  part_number: number;
  origin_iata: string;
  last: boolean;
}

export interface MergedParts<P> {
  /** The parts' contents together, numbered 1 and `last` only when every part from 1 to the LAST one is there. */
  message: P | null;
  complete: boolean;
  missing_parts: number[];
  /** Line 0: these concern the parts as a whole. */
  errors: TelegramError[];
}

/** Guard against a list of parts that would make the gap list huge ("999/…" alone): no message has this many parts. */
export const MAX_PARTS = 999;

/**
 * Orders the parts, keeps the first of each number up to the LAST one, and gives them to `combine` in order (it puts
 * their contents together). Pure; linear in the number of parts plus the highest part number.
 */
export function mergeParts<P extends MessagePart>(parts: readonly P[], combine: (ordered: P[]) => P): MergedParts<P> {
  const errors: TelegramError[] = [];
  if (!parts.length) return { message: null, complete: false, missing_parts: [1], errors: [telegramError(0, "missing_part", { part: 1 })] };
  const ordered = [...parts].sort((a, b) => a.part_number - b.part_number);
  const head = ordered[0]!;
  const flightOf = (p: P) => `${p.flight_number}/${p.flight_day}/${p.origin_iata}`;
  const byNumber = new Map<number, P>();
  for (const part of ordered) {
    if (flightOf(part) !== flightOf(head)) errors.push(telegramError(0, "part_of_other_flight", { part: part.part_number, flight: flightOf(part) }));
    else if (byNumber.has(part.part_number)) errors.push(telegramError(0, "duplicate_part", { part: part.part_number }));
    else byNumber.set(part.part_number, part);
  }
  const lastPart = [...byNumber.values()].find((p) => p.last);
  let top = 0;
  for (const n of byNumber.keys()) top = Math.max(top, n);
  const highest = Math.min(MAX_PARTS, lastPart?.part_number ?? top);
  if (!lastPart) errors.push(telegramError(0, "no_last_part"));
  for (const part of byNumber.values()) if (part.part_number > highest) errors.push(telegramError(0, "part_after_last", { part: part.part_number }));
  const missing: number[] = [];
  for (let n = 1; n <= highest; n += 1) if (!byNumber.has(n)) missing.push(n);
  for (const n of missing) errors.push(telegramError(0, "missing_part", { part: n }));
  const kept = [...byNumber.values()].filter((part) => part.part_number <= highest);
  const merged = kept.length ? combine(kept) : null;
  const complete = Boolean(lastPart) && missing.length === 0 && errors.length === 0;
  return { message: merged ? { ...merged, part_number: 1, last: complete } : null, complete, missing_parts: missing, errors };
}

/** Appends without spreading into arguments: a part may hold tens of thousands of shipments (a stack's limit). */
export function appendAll<T>(target: T[], items: readonly T[]): void {
  for (const item of items) target.push(item);
}

/**
 * The longest Type-B message: 3 840 characters of text (SITA Type B Service Reference Manual, document 113A-bis,
 * January 2000; IATA Cargo-IMP follows it and sends a longer FFM or FBL in parts, CONT/LAST). Counted here over the
 * message from its identifier line to CONT/LAST with CRLF line ends; the caller gives less when the envelope
 * (addresses, origin line) has to fit in the same limit.
 */
export const TYPE_B_MAX_MESSAGE_CHARS = 3840;

/** Lines that must stay together in one part, with the lines that must stand before them when they open a part. */
export interface PartLineGroup {
  lines: string[];
  context: string[];
}

/**
 * Writes a message as the parts that carry it, each under `maxChars` characters (identifier line to CONT/LAST, CRLF
 * line ends): the identifier and the part's flight line (`flightLine(n)`, parts numbered from 1) on top, CONT on all
 * but the last part, a group's context (the point of unloading, the ULD it is in) repeated at the top of a part that
 * goes on with it. A group is never cut between parts. Throws RangeError when one group and its context do not fit.
 */
export function splitIntoParts(identifier: string, flightLine: (partNumber: number) => string, groups: readonly PartLineGroup[], maxChars: number): string[] {
  const parts: string[][] = [];
  // Every line ends with CRLF; room is kept for the CONT or LAST line. The size is kept as lines are added (linear).
  const sizeOf = (lines: readonly string[]) => lines.reduce((sum, line) => sum + line.length + 2, 0);
  const room = maxChars - "CONT\r\n".length;
  const start = () => [identifier, flightLine(parts.length + 1)];
  let current = start();
  let size = sizeOf(current);
  for (const group of groups) {
    const groupSize = sizeOf(group.lines);
    if (current.length > 2 && size + groupSize > room) {
      parts.push([...current, "CONT"]);
      current = [...start(), ...group.context, ...group.lines];
      size = sizeOf(current);
    } else {
      current.push(...group.lines);
      size += groupSize;
    }
    if (size > room) throw new RangeError(`A shipment and its lines do not fit in a part of ${maxChars} characters`);
  }
  parts.push([...current, "LAST"]);
  return parts.map((lines) => `${lines.join("\r\n")}\r\n`);
}
