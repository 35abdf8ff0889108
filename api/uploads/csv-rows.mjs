// The records of an uploaded CSV file (, or ;), counted against a SheetBudget record by record as csv-parse reads
// them: the parse stops at the first record past a cap instead of holding every record first.
import { CsvError, parse } from "csv-parse/sync";
import { SheetRefusal } from "./sheet-budget.mjs";

/** Records of the file with their 1-based record numbers; a SheetRefusal at the first cap passed. */
export function readCsvRows(bytes, budget) {
  const firstLine = bytes.subarray(0, 4096).toString("utf8").replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  const rows = [];
  let row = 0;
  try {
    parse(bytes, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      // csv-parse's own cap on the characters it buffers for one record: a huge field stops here, while it is read
      max_record_size: budget.limits.maxRowChars,
      on_record: (cells) => {
        row++;
        budget.startRow();
        let filled = false;
        cells.forEach((cell, i) => {
          if (cell === "") return;
          budget.cell(row, i + 1, cell.length);
          filled = true;
        });
        if (filled) {
          budget.filledRow();
          rows.push({ row, cells });
        }
        if (row % 1000 === 0) budget.spent();
        // nothing for csv-parse to keep: the records are collected here
        return null;
      },
    });
  } catch (err) {
    if (err instanceof SheetRefusal) throw err;
    if (err instanceof CsvError && err.code === "CSV_MAX_RECORD_SIZE") throw new SheetRefusal("sheet_row_too_long", { max: budget.limits.maxRowChars, row: row + 1 });
    // csv-parse's message quotes the offending text: the answer names only the record
    throw new SheetRefusal("file_unreadable", { format: "csv", row: row + 1 });
  }
  return rows;
}
