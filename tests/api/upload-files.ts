import ExcelJS from "exceljs";
import { readZip, writeZip } from "./zip-writer";

// Baggage-statistics sheets of any size for the upload limit tests and the uploads bench: real ExcelJS workbooks
// whose sheet XML is streamed in, so that a 200 MB sheet is never held in memory while it is packed.

export const HEADER = ["origin_iata", "destination_iata", "period_start", "period_end", "total_baggage_weight", "total_baggage_pcs", "total_pax", "manual_average_baggage_weight", "segments_count"];
export const GOOD_ROW = ["OVB", "KJA", "2025-03-01", "2025-03-31", 9000, 800, 750, "", 31];

/** A real ExcelJS workbook whose sheet XML is replaced by `sheet` (so that, unrefused, the parser would read it all). */
export async function xlsxWithSheet(sheet: Iterable<Buffer>, declaredSize?: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.addWorksheet("data").addRow(HEADER);
  const parts = await readZip(Buffer.from(await workbook.xlsx.writeBuffer()));
  return writeZip(
    [...parts].map(([name, bytes]) =>
      name === "xl/worksheets/sheet1.xml" ? { name, chunks: sheet, declaredSize } : { name, chunks: [bytes] },
    ),
  );
}

/** A1-style column letters of a 0-based column index. */
export const columnName = (c: number): string => (c >= 26 ? columnName(Math.floor(c / 26) - 1) : "") + String.fromCharCode(65 + (c % 26));

/** Sheet XML of `rows` rows like the template's example row (weights vary as real ones do, unless a bomb wants every row the same), in chunks of about 1 MB. */
export function* sheetXml(rows: number, { cellsPerRow = GOOD_ROW.length, varying = true } = {}): Generator<Buffer> {
  yield Buffer.from('<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>');
  let chunk = "";
  for (let r = 1; r <= rows; r++) {
    let row = varying ? `<row r="${r}">` : "<row>";
    for (let c = 0; c < cellsPerRow; c++) row += `<c${varying ? ` r="${columnName(c)}${r}"` : ""} t="inlineStr"><is><t>${r === 1 ? (HEADER[c] ?? `x${c}`) : (c === 4 && varying ? 9000 + r : (GOOD_ROW[c] ?? r * c))}</t></is></c>`;
    chunk += `${row}</row>`;
    if (chunk.length > 1_000_000) {
      yield Buffer.from(chunk);
      chunk = "";
    }
  }
  yield Buffer.from(`${chunk}</sheetData></worksheet>`);
}
