import ExcelJS from "exceljs";
import { columnName } from "./upload-files";
import { readZip, writeZip } from "./zip-writer";

// Upload files built to make parsing expand them (issue 21 item 4): small archives that pass the zip checks (few
// entries, few MB unpacked, packed well under 200:1) but whose cells, read one by one, would add up to gigabytes of
// text, or to a grid no sheet has. Real XLSX files: an ExcelJS workbook whose sheet and shared strings parts are
// replaced by the XML written here, zipped by tests/api/zip-writer.ts. Used by the API tests and, with shapes
// fast-check draws, by tests/abuse/sheet-amplification.test.ts.

const SHEET_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_TAIL = "</sheetData></worksheet>";
const STRINGS_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">';
const STRINGS_TAIL = "</sst>";

/** Deterministic letters (a seeded xorshift): text that deflate cannot pack beyond a few times over. */
export function scrambledText(length: number, seed: number): string {
  let x = seed | 1;
  let out = "";
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out += String.fromCharCode(97 + ((x >>> 0) % 26));
  }
  return out;
}

/**
 * Text of `length` characters that packs about 60:1: one letter in 128 varies, so deflate (which matches at most 258
 * bytes at a time) cannot reach the ratio the archive check refuses (200:1), and the parse has to read it.
 */
export function lightlyVariedText(length: number, seed: number): string {
  const noise = scrambledText(Math.ceil(length / 128), seed);
  let out = "";
  for (let i = 0; i < noise.length; i++) out += "x".repeat(127) + noise[i];
  return out.slice(0, length);
}

/** Joins pieces of XML into chunks of about 1 MB (a generator keeps a large part out of memory while it is packed). */
function* chunked(head: string, pieces: Iterable<string>, tail: string): Generator<Buffer> {
  let chunk = head;
  for (const piece of pieces) {
    chunk += piece;
    if (chunk.length > 1_000_000) {
      yield Buffer.from(chunk);
      chunk = "";
    }
  }
  yield Buffer.from(chunk + tail);
}

/** A real workbook with its sheet (and, when given, its shared strings) replaced by `parts`. */
async function workbookWith(parts: { sheet: Iterable<Buffer>; sharedStrings?: Iterable<Buffer> }): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  // a string cell, so that ExcelJS writes the shared strings part and its relationship
  workbook.addWorksheet("data").addRow(["origin_iata"]);
  const written = await readZip(Buffer.from(await workbook.xlsx.writeBuffer()));
  const replaced: Record<string, Iterable<Buffer> | undefined> = { "xl/worksheets/sheet1.xml": parts.sheet, "xl/sharedStrings.xml": parts.sharedStrings };
  return writeZip([...written].map(([name, bytes]) => ({ name, chunks: replaced[name] ?? [bytes] })));
}

/** A row of cells in columns A.. (each cell's XML after its `r`). */
const row = (r: number, cells: string[]) => `<row r="${r}">${cells.map((cell, c) => `<c r="${columnName(c)}${r}"${cell}</c>`).join("")}</row>`;

function* rowsOf(rows: number, columns: number, cell: (r: number, c: number) => string): Generator<string> {
  for (let r = 1; r <= rows; r++) yield row(r, Array.from({ length: columns }, (_, c) => cell(r, c)));
}

/** Every cell names the one shared string, of `length` characters: the issue's 65 KB file that grew memory by 1.6 GB. */
export function sharedStringEverywhere(o: { length: number; rows: number; columns: number; seed?: number }): Promise<Buffer> {
  const text = lightlyVariedText(o.length, o.seed ?? 1);
  return workbookWith({
    sharedStrings: chunked(STRINGS_HEAD, [`<si><t>${text}</t></si>`], STRINGS_TAIL),
    sheet: chunked(SHEET_HEAD, rowsOf(o.rows, o.columns, () => ' t="s"><v>0</v>'), SHEET_TAIL),
  });
}

/** Every cell an inline string of `length` characters (each a little different, so that the archive is no bomb). */
export function longInlineStrings(o: { length: number; rows: number; columns: number; seed?: number }): Promise<Buffer> {
  const base = lightlyVariedText(o.length, o.seed ?? 2);
  return workbookWith({
    sheet: chunked(SHEET_HEAD, rowsOf(o.rows, o.columns, (r, c) => ` t="inlineStr"><is><t>${r}.${c}${base.slice(String(r).length + String(c).length + 1)}</t></is>`), SHEET_TAIL),
  });
}

/** A shared strings table of `count` short strings (numbers as text), and a sheet that names a few of them. */
export function tinySharedStrings(o: { count: number }): Promise<Buffer> {
  function* items() {
    for (let i = 0; i < o.count; i++) yield `<si><t>${i}</t></si>`;
  }
  return workbookWith({
    sharedStrings: chunked(STRINGS_HEAD, items(), STRINGS_TAIL),
    sheet: chunked(SHEET_HEAD, rowsOf(3, 3, (r, c) => ` t="s"><v>${r * 3 + c}</v>`), SHEET_TAIL),
  });
}

/**
 * Cells placed where no sheet has them: rows numbered past Excel's last row (1 048 576) or out of order, or a
 * column past the upload's widest. A reader that fills the gaps (or keeps a sparse array of that length) pays for
 * every row or column in between.
 */
export function cellsFarAway(o: { rowNumbers: number[]; column?: string }): Promise<Buffer> {
  const cells = o.rowNumbers.map((r) => `<row r="${r}"><c r="${o.column ?? "A"}${r}" t="inlineStr"><is><t>OVB</t></is></c></row>`);
  return workbookWith({ sheet: chunked(SHEET_HEAD, cells, SHEET_TAIL) });
}

/** `rows` rows of one short inline string each: past the row limit, every row cheap. */
export function manyRows(o: { rows: number }): Promise<Buffer> {
  return workbookWith({ sheet: chunked(SHEET_HEAD, rowsOf(o.rows, 1, (r) => ` t="inlineStr"><is><t>${r}</t></is>`), SHEET_TAIL) });
}

/** A CSV file of the baggage header and one record whose first field is `length` characters long. */
export const csvWithLongField = (length: number, header: readonly string[]) => `${header.join(",")}\n"${lightlyVariedText(length, 3)}",KJA\n`;
