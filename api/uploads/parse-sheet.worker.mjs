// One uploaded sheet, parsed in a worker thread (see sheet-parser.ts): a slow or huge file then costs this thread's
// bounded heap and time, never the API's event loop. Plain JavaScript, so that it loads the same way under tsx
// (npm start, npm run api) and under vitest, neither of which hands its TypeScript loader to worker threads.
import { parentPort, workerData } from "node:worker_threads";
import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";

/** @param {import("exceljs").CellValue} v */
function cellText(v) {
  if (v === null || v === undefined) return "";
  if (v instanceof Date) {
    const iso = v.toISOString();
    return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
  }
  if (typeof v === "object") {
    if ("richText" in v) return v.richText.map((t) => t.text).join("");
    if ("result" in v) return cellText(v.result ?? null);
    if ("text" in v) return String(v.text);
    return "";
  }
  return String(v).trim();
}

/** Rows of the first sheet that hold a value, with their sheet row numbers (gaps are not filled: a value in row 1 048 576 must not cost a million rows). */
async function xlsxRows(bytes, { maxRows, maxColumns }) {
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes);
  } catch {
    return { problem: "unreadable" };
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return { rows: [] };
  if (sheet.actualRowCount > maxRows + 1) return { problem: "too-many-rows" };
  if (sheet.actualColumnCount > maxColumns) return { problem: "too-many-columns" };
  const rows = [];
  sheet.eachRow({ includeEmpty: false }, (row, n) => {
    rows.push({ row: n, cells: row.values.slice(1, maxColumns + 1).map(cellText) });
  });
  return { rows };
}

/** Records of a CSV file (, or ;), read no further than one record past the limit. */
function csvRows(bytes, { maxRows, maxColumns, maxRecordChars }) {
  const text = Buffer.from(bytes).toString("utf8");
  const firstLine = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  const delimiter = firstLine.includes(";") && !firstLine.includes(",") ? ";" : ",";
  let records;
  try {
    records = parse(text, {
      bom: true,
      delimiter,
      relax_column_count: true,
      skip_empty_lines: false,
      trim: true,
      to: maxRows + 2,
      max_record_size: maxRecordChars,
    });
  } catch (err) {
    return { problem: "unreadable", detail: err instanceof Error ? err.message.slice(0, 200) : undefined };
  }
  if (records.length > maxRows + 1) return { problem: "too-many-rows" };
  if (records.some((r) => r.length > maxColumns)) return { problem: "too-many-columns" };
  return { rows: records.map((cells, i) => ({ row: i + 1, cells })) };
}

const { format, bytes, limits } = workerData;
const result = format === "xlsx" ? await xlsxRows(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), limits) : csvRows(bytes, limits);
parentPort.postMessage(result);
