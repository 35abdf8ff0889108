import type { TelegramErrorCode } from "../telegram-error";
import { joinContinuations, type LogicalLine, type TelegramLine } from "../telegram-lines";
import type { Faults } from "./cimp-fields";

/**
 * The walk every segmented Cargo-IMP message (FWB, FHL) shares: logical lines (a line with its "/" continuations),
 * each opened by a three-letter tag, in an order the message type fixes. A reader per tag; a tag the type does not
 * know, a tag out of its place, and a tag that may appear once appearing twice are faults on their line, and the
 * walk goes on. Linear in the number of lines, whatever they hold.
 */
export interface SegmentRule {
  /** Its place in the message: a tag read after one of a higher rank is out of place. */
  rank: number;
  repeats?: boolean;
  /** Opens a new group (FHL's HBS, one per house): the tags after it are counted afresh. */
  opensGroup?: boolean;
  /** Read with the line and its elements after the tag. */
  read(line: LogicalLine, afterTag: string[]): void;
}

const TAG = /^([A-Z]{3})(?:\/|$)/;

export interface WalkResult {
  /** The last rank read, so the caller can tell "cut short" (a missing segment would have come later) from "missing". */
  lastRank: number;
  lastLine: number;
  seen: Set<string>;
}

export function walkSegments(faults: Faults, lines: readonly TelegramLine[], rules: Readonly<Record<string, SegmentRule>>, fold?: (line: LogicalLine, tag: string) => boolean): WalkResult {
  const seen = new Set<string>();
  let lastRank = -1;
  let lastLine = 0;
  let group = new Set<string>();
  for (const line of joinContinuations(lines)) {
    lastLine = line.continuations.length ? line.continuations[line.continuations.length - 1]!.no : line.no;
    const tag = TAG.exec(line.text)?.[1] ?? "";
    if (fold?.(line, tag)) continue;
    const rule = rules[tag];
    if (!rule) {
      faults.add(line.no, "unexpected_line", { tag: (tag || line.text).slice(0, 20) });
      continue;
    }
    if (rule.opensGroup) {
      group = new Set();
      lastRank = rule.rank;
    }
    const code: TelegramErrorCode | null = group.has(tag) && !rule.repeats ? "repeated_line" : rule.rank < lastRank ? "misplaced_line" : null;
    if (code === "repeated_line") {
      faults.add(line.no, code, { tag });
      continue;
    }
    if (code) faults.add(line.no, code, { tag });
    seen.add(tag);
    group.add(tag);
    lastRank = Math.max(lastRank, rule.rank);
    rule.read(line, line.text.split("/").slice(1));
  }
  return { lastRank, lastLine, seen };
}

/** Faults for the segments a message must carry: cut short when the message stopped before their place, else missing. */
export function requireSegments(faults: Faults, walk: WalkResult, rules: Readonly<Record<string, SegmentRule>>, required: readonly string[], names: Readonly<Record<string, string>>): void {
  for (const tag of required) {
    if (walk.seen.has(tag)) continue;
    const what = `${tag} (${names[tag] ?? tag})`;
    if (rules[tag]!.rank > walk.lastRank) faults.add(walk.lastLine, "cut_short", { what });
    else faults.add(walk.lastLine, "missing_line", { what });
  }
}
