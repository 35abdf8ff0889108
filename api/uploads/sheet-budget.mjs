// What one parse of an uploaded sheet may take out of its file, counted cell by cell as the readers (xlsx-rows.mjs,
// csv-rows.mjs) go: the zip checks measure the archive, but a 65 KB XLSX whose cells all name one long shared
// string unpacks small and still expands to gigabytes of text when every cell is read. So every character a cell
// yields is counted where it is read (a shared string once for each cell that names it), and the parse stops at
// the first cell past a cap: memory is bounded by the caps, never by what the file would expand to.
// Plain JavaScript: it runs in the parse worker (see parse-sheet.worker.mjs).
import { readFileSync } from "node:fs";

/** A cap the file went past: `code` and `params` travel to the API's answer (sheet-parser.ts words it). */
export class SheetRefusal extends Error {
  /**
   * @param {string} code one of the codes of api/uploads/upload-refusals.ts
   * @param {Record<string, string | number>} [params]
   */
  constructor(code, params = {}) {
    super(code);
    this.code = code;
    this.params = params;
  }
}

/** Excel's own grid: a row or column number beyond it is no spreadsheet's (and would cost a reader that fills gaps). */
export const GRID = { rows: 1_048_576, columns: 16_384 };

/** A1-style letters of a 1-based column number, for messages. */
export function columnLetters(column) {
  let letters = "";
  for (let c = column; c > 0; c = Math.floor((c - 1) / 26)) letters = String.fromCharCode(65 + ((c - 1) % 26)) + letters;
  return letters;
}

/**
 * CPU time this thread has used, in ms, where Linux tells it (/proc/thread-self/stat, in ticks of 1/100 s); null
 * elsewhere. A thread's own time, not the machine's: a parse is not refused because other work made it wait.
 */
function threadCpuMs() {
  try {
    const stat = readFileSync("/proc/thread-self/stat", "latin1");
    // after the command name in parentheses: state is field 3, utime and stime fields 14 and 15
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/**
 * The running count of one parse against its limits (api/uploads/sheet-parser.ts SheetLimits): rows that hold a
 * value, characters per cell, per row and in all, and the parse's CPU time. The shared strings table of an XLSX
 * counts against the same total as it is read, since the parse holds it.
 */
export class SheetBudget {
  /**
   * @param {{ maxRows: number; maxColumns: number; maxCellChars: number; maxRowChars: number; maxTextChars: number; maxSharedStrings: number }} limits
   * @param {number} cpuMs CPU time the parse may use
   */
  constructor(limits, cpuMs) {
    this.limits = limits;
    this.cpuMs = cpuMs;
    this.rows = 0;
    this.chars = 0;
    this.sharedStrings = 0;
    this.rowChars = 0;
  }

  /** One entry of a shared strings table, as it is read. */
  sharedString(length) {
    if (++this.sharedStrings > this.limits.maxSharedStrings) throw new SheetRefusal("sheet_too_many_strings", { max: this.limits.maxSharedStrings });
    this.addChars(length);
  }

  /** A row starts: its characters are counted from 0. */
  startRow() {
    this.rowChars = 0;
  }

  /**
   * A cell that holds text (empty cells are not counted): `row` and `column` are 1-based and name the cell in the
   * refusal. The header row counts like any other.
   */
  cell(row, column, length) {
    const { maxColumns, maxCellChars, maxRowChars } = this.limits;
    if (column > maxColumns) throw new SheetRefusal("sheet_too_many_columns", { max: maxColumns });
    if (length > maxCellChars) throw new SheetRefusal("sheet_cell_too_long", { max: maxCellChars, row, column: columnLetters(column) });
    this.rowChars += length;
    if (this.rowChars > maxRowChars) throw new SheetRefusal("sheet_row_too_long", { max: maxRowChars, row });
    this.addChars(length);
  }

  /** A row that held a value: the header and at most maxRows below it. */
  filledRow() {
    if (++this.rows > this.limits.maxRows + 1) throw new SheetRefusal("sheet_too_many_rows", { max: this.limits.maxRows });
  }

  /** Called as the readers go (a chunk, a thousand records): refuses a parse that has used its CPU time. */
  spent() {
    const used = threadCpuMs();
    if (used !== null && used > this.cpuMs) throw new SheetRefusal("sheet_too_slow", { seconds: this.cpuMs / 1000 });
  }

  addChars(length) {
    this.chars += length;
    if (this.chars > this.limits.maxTextChars) throw new SheetRefusal("sheet_text_too_long", { max: this.limits.maxTextChars });
  }
}
