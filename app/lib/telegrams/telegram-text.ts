import { readTelegramLines } from "../../../cargo/telegrams/telegram-lines";
import { readTypeB, type TypeBEnvelope } from "../../../cargo/telegrams/type-b";

// A received telegram as its page shows it (issue 23: "the original text beside the parsed result, each error pointing
// at its line"). The lines are numbered exactly as cargo/telegrams/telegram-lines.ts numbers them for the errors
// (CRLF, LF or a lone CR end a line; SOH/STX/ETX are not lines' text), but keep the text as it was sent: case,
// trailing spaces and blank lines included, so line 5 on the page is the line 5 the error names.

export interface ShownLine {
  no: number;
  text: string;
}

/** The text's lines, numbered from 1. A text is at most ANY_TEXT_MAX characters (the API's limit), so this is cheap. */
export function shownLines(text: string): ShownLine[] {
  const lines = text.replace(/[\u0001\u0002\u0003]/g, "").split(/\r\n|\n|\r/);
  // the final line end of a text leaves an empty last "line" that no error can name
  if (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
  return lines.map((line, index) => ({ no: index + 1, text: line }));
}

/**
 * The Type-B envelope (priority, addresses, origin, reference) read off the original text by the same reader the API
 * used: the API stores only its origin (as the sender) and reference (as the identifier), the page shows it whole.
 */
export function envelopeOf(text: string): TypeBEnvelope | null {
  return readTypeB(readTelegramLines(text).lines).envelope;
}

/** Lines a schedule's page shows in full: an SSIM file runs to thousands of records. */
export const SHOWN_LINES_MAX = 500;

/**
 * The lines of a long text (an SSIM file, up to 4 MiB) as its page shows them: the first SHOWN_LINES_MAX and every
 * line an error names (the errors link to them), in order, with how many were left out.
 */
export function shownLinesOf(text: string, faulty: ReadonlySet<number>, max = SHOWN_LINES_MAX): { lines: ShownLine[]; hidden: number } {
  const all = shownLines(text);
  const lines = all.filter((line) => line.no <= max || faulty.has(line.no));
  return { lines, hidden: all.length - lines.length };
}
