// The rows of an XLSX file's first sheet, read as a stream of XML events (yauzl unpacks, saxes parses) and counted
// against a SheetBudget as they are read. ExcelJS's Workbook.load builds the whole workbook as objects (a 20 000-row
// sheet took more than the 5 s deadline in a 96 MB heap) and its stream reader writes a sheet that comes before
// the shared strings in the archive to a temporary file; here the archive's directory lets the parts be read in the
// order they are needed (workbook, styles, shared strings, then the sheet) and nothing is kept but the budgeted text.
// saxes expands only XML's own five entities, so a DOCTYPE's entity bomb is a parse error, not gigabytes.
import { pipeline } from "node:stream";
import { createInflateRaw } from "node:zlib";
import { SaxesParser } from "saxes";
import yauzl from "yauzl";
import { columnLetters, GRID, SheetRefusal } from "./sheet-budget.mjs";

const unreadable = () => new SheetRefusal("file_unreadable", { format: "xlsx" });

/** Most cell formats and number formats a styles part may declare (Excel itself allows about 64 000 formats). */
const MAX_STYLES = 65_536;
/** Relationships of one part: a workbook has a few per sheet. */
const MAX_RELATIONSHIPS = 10_000;
/** Parts of the archive (the zip checks before the parse allow 100: this reader does not count on them). */
const MAX_PARTS = 1_000;

/** The element name without its namespace prefix (`x:row` and `row` are the same element). */
const local = (name) => name.slice(name.indexOf(":") + 1);

/** An attribute by its name; a prefixed one (`r:id`) by its local name, looked for only when the plain name is absent. */
function attribute(tag, name) {
  const plain = tag.attributes[name];
  if (plain !== undefined || name !== "id") return plain;
  for (const [key, value] of Object.entries(tag.attributes)) if (local(key) === name) return value;
  return undefined;
}

/** The archive's parts by lower-cased name (a zip's names are case-sensitive, but writers disagree on case). */
async function openParts(bytes) {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true, validateEntrySizes: true, strictFileNames: false });
  const parts = new Map();
  for await (const entry of zip.eachEntry()) {
    if (parts.size >= MAX_PARTS) throw unreadable();
    parts.set(entry.fileName.replace(/\\/g, "/").replace(/^\//, "").toLowerCase(), entry);
  }
  return { zip, parts };
}

/** Unpacked bytes per chunk: zlib's default of 16 KB makes a 7 MB sheet cost four times as much in stream overhead. */
const INFLATE_CHUNK = 256 * 1024;

/**
 * Reads one part, passing its elements to `on` (`open(name, tag)`, `close(name)`, `text(s)`, names without their
 * prefix) until `on.done()` says it has what it wanted (the rest is not unpacked). A handler's SheetRefusal comes
 * out of here as it is thrown, at the element that went past its cap. saxes hands over a text only once it ends, so
 * a run of text with no markup is measured here, chunk by chunk: past the longest row (give or take a chunk) it is
 * refused (`overlong()`) before the parser has buffered more. The part is inflated here rather than by yauzl for the chunk size, so its
 * declared size is checked here too; the parse's CPU time is checked after every chunk.
 */
async function readPart(zip, entry, budget, on, overlong = unreadable) {
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) throw unreadable();
  const parser = new SaxesParser({ position: false });
  let marked = false;
  parser.on("opentag", (tag) => {
    marked = true;
    on.open?.(local(tag.name), tag);
  });
  parser.on("closetag", (tag) => {
    marked = true;
    on.close?.(local(tag.name));
  });
  if (on.text) {
    parser.on("text", on.text);
    parser.on("cdata", on.text);
  }
  const packed = await zip.openReadStreamPromise(entry, { decompress: false });
  // pipeline: an error of either stream ends the loop below, and leaving the loop early destroys both
  const stream = entry.compressionMethod === 0 ? packed : pipeline(packed, createInflateRaw({ chunkSize: INFLATE_CHUNK }), () => {});
  const decoder = new TextDecoder("utf-8");
  let size = 0;
  let unmarked = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > entry.uncompressedSize) throw unreadable();
    const text = decoder.decode(chunk, { stream: true });
    parser.write(text);
    if (on.done?.()) return;
    unmarked = marked ? 0 : unmarked + text.length;
    marked = false;
    if (unmarked > budget.limits.maxRowChars) throw overlong();
    budget.spent();
  }
  if (size !== entry.uncompressedSize) throw unreadable();
  parser.write(decoder.decode());
  parser.close();
}

/** `target` of a relationship of the part in `dir` ("xl/"), as a part name. */
function resolvePart(dir, target) {
  const path = target.startsWith("/") ? target.slice(1) : dir + target;
  const out = [];
  for (const segment of path.split("/")) {
    if (segment === "..") out.pop();
    else if (segment !== "." && segment !== "") out.push(segment);
  }
  return out.join("/").toLowerCase();
}

/** Relationships of a part (its `_rels/*.rels`): id and type to target part name. */
async function readRelationships(zip, budget, entry, dir) {
  const byId = new Map();
  const byType = new Map();
  if (!entry) return { byId, byType };
  await readPart(zip, entry, budget, {
    open(name, tag) {
      if (name !== "Relationship") return;
      if (byId.size >= MAX_RELATIONSHIPS) throw unreadable();
      const target = attribute(tag, "Target");
      if (!target || attribute(tag, "TargetMode") === "External") return;
      const part = resolvePart(dir, target);
      byId.set(attribute(tag, "Id"), part);
      const type = (attribute(tag, "Type") ?? "").split("/").pop();
      if (!byType.has(type)) byType.set(type, part);
    },
  });
  return { byId, byType };
}

/** The workbook's first sheet (its relationship id) and whether its dates count from 1904. */
async function readWorkbook(zip, budget, entry) {
  let firstSheet;
  let date1904 = false;
  await readPart(zip, entry, budget, {
    open(name, tag) {
      if (name === "workbookPr") date1904 = ["1", "true"].includes(attribute(tag, "date1904") ?? "");
      else if (name === "sheet" && firstSheet === undefined) firstSheet = attribute(tag, "id") ?? null;
    },
    done: () => firstSheet !== undefined,
  });
  return { firstSheet, date1904 };
}

/** Number formats Excel builds in that show a date or time (the ones ExcelJS read as dates). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** A format code shows a date or time when, outside quoted text and [colours], it has a date or time letter. */
const isDateFormatCode = (code) => /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, "").replace(/"[^"]*"/g, ""));

/** For each cell format (a cell's `s`), whether its number is a date. */
async function readDateStyles(zip, budget, entry) {
  const dateFormats = new Set(BUILT_IN_DATE_FORMATS);
  const dateStyles = [];
  let inCellXfs = false;
  let formats = 0;
  await readPart(zip, entry, budget, {
    open(name, tag) {
      if (name === "numFmt") {
        if (++formats > MAX_STYLES) throw unreadable();
        if (isDateFormatCode(attribute(tag, "formatCode") ?? "")) dateFormats.add(Number(attribute(tag, "numFmtId")));
      } else if (name === "cellXfs") inCellXfs = true;
      else if (name === "xf" && inCellXfs) {
        if (dateStyles.length >= MAX_STYLES) throw unreadable();
        dateStyles.push(Number(attribute(tag, "numFmtId") ?? 0));
      }
    },
    close(name) {
      if (name === "cellXfs") inCellXfs = false;
    },
  });
  return dateStyles.map((id) => dateFormats.has(id));
}

/**
 * The text of string items (`<si>` of the shared strings, `<is>` of an inline string): their `<t>` and the `<t>`
 * of their rich-text runs, not of their phonetic runs (`<rPh>`). Each item's text is kept up to `keep` characters:
 * past a cap it is refused anyway, and the rest of it costs nothing. The part's parser passes its events on here.
 */
class StringItems {
  constructor(itemName, keep) {
    this.itemName = itemName;
    this.keep = keep;
    this.inItem = false;
    this.inText = false;
    this.phonetic = 0;
    this.text = "";
  }

  open(name, tag) {
    if (name === this.itemName) {
      this.inItem = true;
      this.text = "";
    } else if (this.inItem && name === "rPh") this.phonetic++;
    else if (this.inItem && name === "t" && !this.phonetic && !tag.isSelfClosing) this.inText = true;
  }

  add(s) {
    if (this.inText && this.text.length < this.keep) this.text += s.slice(0, this.keep - this.text.length);
  }

  /** True when `name` closes an item (its text is then `this.text`). */
  close(name) {
    if (name === "t") this.inText = false;
    else if (name === "rPh") this.phonetic--;
    else if (name === this.itemName && this.inItem) {
      this.inItem = false;
      return true;
    }
    return false;
  }
}

/**
 * The shared strings table, each entry counted against the budget as it is read. An entry longer than a cell may
 * be is kept only that far (plus one character): a cell that names it is refused as too long. One longer than a
 * whole row may be is refused while it is read, whether a cell names it or not: it cannot be skipped unread.
 */
async function readSharedStrings(zip, budget, entry) {
  const strings = [];
  const items = new StringItems("si", budget.limits.maxCellChars + 1);
  await readPart(zip, entry, budget, {
    open: (name, tag) => items.open(name, tag),
    text: (s) => items.add(s),
    close(name) {
      if (!items.close(name)) return;
      budget.sharedString(items.text.length);
      strings.push(items.text);
    },
  }, () => new SheetRefusal("sheet_string_too_long", { max: budget.limits.maxCellChars }));
  return strings;
}

/** Column number (1-based) of an A1 reference's letters; 0 when it has none. */
function columnOf(ref) {
  let column = 0;
  for (let i = 0; i < ref.length; i++) {
    const c = ref.charCodeAt(i) | 0x20;
    if (c < 97 || c > 122) break;
    column = column * 26 + (c - 96);
    if (column > GRID.columns) throw unreadable();
  }
  return column;
}

/** A date as the upload rows read it: `2025-03-01` for a whole day, the ISO instant otherwise. */
function dateText(date) {
  if (Number.isNaN(date.getTime())) return "";
  const iso = date.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : iso;
}

/** The texts of the serial day numbers seen lately: a column of dates repeats a few days thousands of times. */
const serialDates = new Map();

/** Excel's serial day number (days from 1899-12-30, or from 1904-01-01) as dateText. */
function serialDateText(serial, date1904) {
  const key = date1904 ? -serial : serial;
  let text = serialDates.get(key);
  if (text === undefined) {
    if (serialDates.size >= 4096) serialDates.clear();
    text = dateText(new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000)));
    serialDates.set(key, text);
  }
  return text;
}

/**
 * The text of one cell as the upload rows read it: numbers as JavaScript writes them, dates (a number in a date
 * format) as dateText, booleans as true/false, errors as nothing. `value` is the cell's `<v>` (a formula's last
 * result), `inline` the text of its `<is>`.
 */
function cellText(type, value, inline, isDate, shared, date1904) {
  switch (type) {
    case "s":
      return value === "" ? "" : (shared[Number(value)] ?? "");
    case "inlineStr":
      return inline;
    case "str":
      return value;
    case "b":
      return value === "" ? "" : String(Number(value) !== 0);
    case "e":
      return "";
    case "d":
      return value === "" ? "" : dateText(new Date(value));
    default: {
      if (value.trim() === "") return "";
      const number = Number.parseFloat(value);
      if (Number.isNaN(number)) return "";
      return isDate ? serialDateText(number, date1904) : String(number);
    }
  }
}

/**
 * Rows of the sheet that hold a value, with their sheet row numbers (gaps are not filled: a value in row 1 048 576
 * costs one row, not a million). Every cell's text is counted against the budget before it is kept.
 */
async function readSheet(zip, budget, entry, { shared, dateStyles, date1904 }) {
  const rows = [];
  let rowNumber = 0;
  let cells = null;
  let filled = false;
  let nextColumn = 1;
  // the cell being read (column 0: none)
  let column = 0;
  let type = "n";
  let isDate = false;
  let value = "";
  let inValue = false;
  const keep = budget.limits.maxCellChars + 1;
  const inline = new StringItems("is", keep);

  const openRow = (tag) => {
    const r = attribute(tag, "r");
    const number = r === undefined ? rowNumber + 1 : Number(r);
    // Excel writes rows in order, each once; anything else is not a sheet we can read without holding it all.
    if (!Number.isInteger(number) || number <= rowNumber || number > GRID.rows) throw unreadable();
    rowNumber = number;
    cells = [];
    filled = false;
    nextColumn = 1;
    budget.startRow();
  };
  const openCell = (tag) => {
    if (!cells) throw unreadable();
    const ref = attribute(tag, "r");
    column = ref === undefined ? nextColumn : columnOf(ref);
    if (column < 1) throw unreadable();
    nextColumn = column + 1;
    type = attribute(tag, "t") ?? "n";
    isDate = dateStyles[Number(attribute(tag, "s") ?? 0)] === true;
    value = "";
    inline.text = "";
  };
  const closeCell = () => {
    const content = cellText(type, value, inline.text, isDate, shared, date1904);
    if (content !== "") {
      budget.cell(rowNumber, column, content.length);
      cells[column - 1] = content;
      filled = true;
    }
    column = 0;
  };
  const closeRow = () => {
    if (filled) {
      budget.filledRow();
      rows.push({ row: rowNumber, cells });
    }
    cells = null;
  };

  await readPart(
    zip,
    entry,
    budget,
    {
      open(name, tag) {
        if (name === "row") openRow(tag);
        else if (name === "c") openCell(tag);
        else if (name === "v") inValue = !tag.isSelfClosing;
        else inline.open(name, tag);
      },
      text(s) {
        // A value is a number, a string's index or a formula's result: kept no longer than a cell may be.
        if (!inValue) inline.add(s);
        else if (value.length < keep) value += s.slice(0, keep - value.length);
      },
      close(name) {
        if (name === "v") inValue = false;
        else if (name === "c") closeCell();
        else if (name === "row") closeRow();
        else inline.close(name);
      },
    },
    // a text longer than any row may be, still being read: in a cell it is that cell's
    () => (column ? new SheetRefusal("sheet_cell_too_long", { max: budget.limits.maxCellChars, row: rowNumber, column: columnLetters(column) }) : unreadable()),
  );
  return rows;
}

/** Non-empty rows of the first sheet of an XLSX file, within the budget; a SheetRefusal at the first cap passed. */
export async function readXlsxRows(bytes, budget) {
  let opened;
  try {
    opened = await openParts(bytes);
  } catch {
    throw unreadable();
  }
  const { zip, parts } = opened;
  try {
    const root = await readRelationships(zip, budget, parts.get("_rels/.rels"), "");
    const workbookName = root.byType.get("officeDocument") ?? "xl/workbook.xml";
    const workbookEntry = parts.get(workbookName);
    if (!workbookEntry) throw unreadable();
    const dir = workbookName.slice(0, workbookName.lastIndexOf("/") + 1);
    const { firstSheet, date1904 } = await readWorkbook(zip, budget, workbookEntry);
    if (firstSheet === undefined) return [];
    const rels = await readRelationships(zip, budget, parts.get(`${dir}_rels/${workbookName.slice(dir.length)}.rels`), dir);
    const sheetEntry = parts.get(rels.byId.get(firstSheet) ?? `${dir}worksheets/sheet1.xml`);
    if (!sheetEntry) throw unreadable();
    const stylesEntry = parts.get(rels.byType.get("styles") ?? `${dir}styles.xml`);
    const dateStyles = stylesEntry ? await readDateStyles(zip, budget, stylesEntry) : [];
    const sharedEntry = parts.get(rels.byType.get("sharedStrings") ?? `${dir}sharedstrings.xml`);
    const shared = sharedEntry ? await readSharedStrings(zip, budget, sharedEntry) : [];
    return await readSheet(zip, budget, sheetEntry, { shared, dateStyles, date1904 });
  } catch (err) {
    if (err instanceof SheetRefusal) throw err;
    throw unreadable();
  } finally {
    zip.close();
  }
}
