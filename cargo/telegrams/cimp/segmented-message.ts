import type { TelegramErrorCode } from "../telegram-error";
import type { LogicalLine, TelegramLine } from "../telegram-lines";
import type { Faults } from "./cimp-fields";

/**
 * The walk every segmented Cargo-IMP message (FWB, FHL) shares: logical lines (a line with its "/" continuations,
 * as joinContinuations gives them), each opened by a three-letter tag, in an order the message type fixes. A reader
 * per tag; a tag the type does not know, a tag out of its place, and a tag that may appear once appearing twice are
 * faults on their line, and the walk goes on. Linear in the number of lines, whatever they hold.
 *
 * The rules are a module's constant and read into a context the parse makes (`C`): a parse allocates no functions,
 * which keeps FWB parsing above the 20 000 messages/s of DESIGN §6.
 */
export interface SegmentRule<C> {
  /** Its place in the message (0-30): a tag read after one of a higher rank is out of place. */
  rank: number;
  repeats?: boolean;
  /** Opens a new group (FHL's HBS, one per house): the tags after it are counted afresh. */
  opensGroup?: boolean;
  /** Read with the line and its elements after the tag. */
  read(context: C, line: LogicalLine, afterTag: string[]): void;
}

export interface WalkContext {
  faults: Faults;
}

export interface WalkResult {
  /** The last rank read, so the caller can tell a segment "missing" apart from a message "cut short" (the segment would have come later). */
  lastRank: number;
  lastLine: number;
  /** Ranks read, one bit each. */
  seen: number;
}

/** `fold` sees each logical line before its rule: true when it took the line itself (a party's labelled NAM/ADR/LOC). */
export function walkSegments<C extends WalkContext>(context: C, lines: readonly TelegramLine[], rules: Readonly<Record<string, SegmentRule<C>>>, fold?: (context: C, line: LogicalLine, tag: string) => boolean): WalkResult {
  let seen = 0;
  let group = 0;
  let lastRank = -1;
  let lastLine = 0;
  let at = 0;
  while (at < lines.length) {
    const first = lines[at]!;
    const line: LogicalLine = { no: first.no, text: first.text, continuations: [] };
    at += 1;
    while (at < lines.length && lines[at]!.text.charCodeAt(0) === 47 /* "/" */) {
      line.continuations.push({ no: lines[at]!.no, text: lines[at]!.text.slice(1) });
      at += 1;
    }
    lastLine = lines[at - 1]!.no;
    const text = line.text;
    const tag = (text.length === 3 || text.charCodeAt(3) === 47) && isLetter(text, 0) && isLetter(text, 1) && isLetter(text, 2) ? text.slice(0, 3) : "";
    if (fold?.(context, line, tag)) continue;
    const rule = rules[tag];
    if (!rule) {
      context.faults.add(line.no, "unexpected_line", { tag: (tag || text).slice(0, 20) });
      continue;
    }
    const bit = 1 << rule.rank;
    if (rule.opensGroup) {
      group = 0;
      lastRank = rule.rank;
    }
    const code: TelegramErrorCode | null = group & bit && !rule.repeats ? "repeated_line" : rule.rank < lastRank ? "misplaced_line" : null;
    if (code === "repeated_line") {
      context.faults.add(line.no, code, { tag });
      continue;
    }
    if (code) context.faults.add(line.no, code, { tag });
    seen |= bit;
    group |= bit;
    if (rule.rank > lastRank) lastRank = rule.rank;
    rule.read(context, line, text.split("/").slice(1));
  }
  return { lastRank, lastLine, seen };
}

function isLetter(text: string, at: number): boolean {
  const code = text.charCodeAt(at);
  return code >= 65 && code <= 90;
}

/** Faults for the segments a message must carry: cut short when the message stopped before their place, else missing. */
export function requireSegments<C>(faults: Faults, walk: WalkResult, rules: Readonly<Record<string, SegmentRule<C>>>, required: readonly string[], names: Readonly<Record<string, string>>): void {
  for (const tag of required) {
    const rank = rules[tag]!.rank;
    if (walk.seen & (1 << rank)) continue;
    const what = `${tag} (${names[tag] ?? tag})`;
    if (rank > walk.lastRank) faults.add(walk.lastLine, "cut_short", { what });
    else faults.add(walk.lastLine, "missing_line", { what });
  }
}
