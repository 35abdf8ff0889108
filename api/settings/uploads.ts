import { loadExcelJS } from "../on-first-use";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../db/open";
import { HttpError, refuse, refuseField } from "../http/errors";
import { ErrorSchema } from "../http/schemas";
import { type Refusal, type RefusalCode, type RefusalParams, sentenceOf } from "../http/refusals";
import { refusalOfIssue, type ZodIssueLike } from "../http/zod-refusals";
import { ANY_TEXT_MAX } from "../../cargo/limits";
import { checkXlsxArchive } from "../uploads/archive-limits";
import { parseSheetInWorker, type SheetLimits } from "../uploads/sheet-parser";
import { UploadRefusalSchema } from "../uploads/upload-refusals";
import { allow, carrierForWrite, type Who } from "./access";

// File uploads of settings lists (baggage stats, pax O&D averages, segment payloads; later allotments and goods
// items): XLSX or CSV, all or nothing, each with a downloadable template.

export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const UPLOAD_LIMIT = 10 * 1024 * 1024;
const MAX_ROWS = 20_000;
/**
 * What a sheet may hold: rows below the header, columns (templates have about ten), characters of one cell (the
 * longest string any request may carry), of one row, and in all, and different texts in an XLSX's shared strings
 * table. A full 20 000 × 10 template of real values holds about 1.5 million characters and at most 200 000 different
 * texts; 8 million characters is about what a 10 MB CSV can carry, so any file a user could mean passes.
 */
export const SHEET_LIMITS: SheetLimits = {
  maxRows: MAX_ROWS,
  maxColumns: 50,
  maxCellChars: ANY_TEXT_MAX,
  maxRowChars: 64 * 1024,
  maxTextChars: 8_000_000,
  maxSharedStrings: 250_000,
};

/** RFC 4180 text: every field quoted when it needs to be, CRLF line ends. */
export function toCsv(rows: unknown[][]): string {
  const field = (v: unknown) => {
    const s = v === null || v === undefined ? "" : v instanceof Date ? v.toISOString() : String(v);
    return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return rows.map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
}

export interface UploadedFile {
  buffer: Buffer;
  filename: string | null;
  /** The multipart body's text fields besides the file (an upload naming its record, e.g. goods items' `mawb`). */
  fields: Record<string, string>;
}

/** Text fields kept from a multipart upload, and the longest one: bounded, a hostile body carries thousands. */
const MAX_TEXT_FIELDS = 20;
const MAX_TEXT_FIELD_CHARS = 200;

const noFile = () => refuseField("file", "blank");

/**
 * The uploaded file: the `file` field of a multipart/form-data body (parsed by the WHATWG FormData parser built
 * into Node, the one fetch uses), or the whole body sent as text/csv, XLSX or octet-stream.
 */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  const contentType = request.headers["content-type"] ?? "";
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) throw noFile();
  if (contentType.toLowerCase().startsWith("multipart/form-data")) {
    let form: FormData;
    try {
      form = await new Response(body as unknown as BodyInit, { headers: { "content-type": contentType } }).formData();
    } catch {
      throw refuse(400, "malformed_multipart");
    }
    const file = form.get("file");
    if (!file || typeof file === "string" || file.size === 0) throw noFile();
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) {
      if (typeof value !== "string" || name === "file" || name in fields) continue;
      if (Object.keys(fields).length >= MAX_TEXT_FIELDS) break;
      fields[name] = value.slice(0, MAX_TEXT_FIELD_CHARS);
    }
    return { buffer: Buffer.from(await file.arrayBuffer()), filename: file.name || null, fields };
  }
  return { buffer: body, filename: null, fields: {} };
}

export interface SheetRow {
  /** 1-based row number in the sheet, the header being row 1. */
  row: number;
  values: Record<string, string>;
}

export const normalizeHeader = (h: string) =>
  h
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");

const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * Header (normalised names) and non-blank data rows of the first sheet of an XLSX file, or of a CSV file (, or ;).
 * An XLSX is measured by its zip directory before anything unpacks it, and both formats are parsed in a worker
 * thread within SHEET_LIMITS (archive-limits.ts, sheet-parser.ts): a huge or hostile file is refused, never waited for.
 */
export async function parseSheet(file: UploadedFile): Promise<{ header: string[]; rows: SheetRow[] }> {
  const format = isZip(file.buffer) ? "xlsx" : "csv";
  if (format === "xlsx") await checkXlsxArchive(file.buffer);
  const records = await parseSheetInWorker(format, file.buffer, SHEET_LIMITS);
  const first = records[0]?.row === 1 ? records[0] : undefined;
  const header = (first?.cells ?? []).map((h) => normalizeHeader(h ?? ""));
  const rows: SheetRow[] = [];
  for (const { row, cells } of records) {
    if (row === 1 || cells.every((c) => !c?.trim())) continue;
    const values: Record<string, string> = {};
    header.forEach((h, j) => {
      if (h) values[h] = cells[j]?.trim() ?? "";
    });
    rows.push({ row, values });
  }
  return { header, rows };
}

export const UploadErrorSchema = z.object({
  errors: z.array(
    z.object({
      row: z.number().int(),
      field: z.string(),
      message: z.string(),
      code: z.string().describe("the row's refusal, stable, for clients to word (api/http/refusals.ts)"),
      params: z.record(z.union([z.string(), z.number()])),
    }),
  ),
  message: z.string(),
  code: z.string().describe("why nothing was stored: rows_have_errors, no_rows, file_too_long, header_mismatch (api/http/refusals.ts)"),
  params: z.record(z.union([z.string(), z.number()])),
  columns: z
    .object({ missing: z.array(z.string()), unexpected: z.array(z.string()) })
    .optional()
    .describe("a header unlike the template's: the columns it lacks and those the template does not have"),
});
export interface RowError {
  row: number;
  field: string;
  message: string;
  code: RefusalCode;
  params: RefusalParams;
}

/** One row's refusal under one of its fields: the sentence and its code. */
export const rowError = (row: number, field: string, r: Refusal): RowError => ({ row, field, message: sentenceOf(r.code, r.params), code: r.code, params: r.params });

/** A file refused row by row (nothing stored): its rows' refusals, the summary `code` and how many rows are bad. */
export function refuseRows(errors: RowError[], code: RefusalCode = "rows_have_errors", extra: Record<string, unknown> = {}): HttpError {
  const params: RefusalParams = code === "rows_have_errors" ? { count: new Set(errors.map((e) => e.row)).size } : {};
  return new HttpError(422, { errors, message: sentenceOf(code, params), code, params, ...extra });
}

/** The refusals every upload route answers: the file as a whole (with its code, upload-refusals.ts) or row by row. */
export const UPLOAD_ANSWERS = {
  413: z.union([UploadRefusalSchema, ErrorSchema]).describe("the file (its size, unpacked size, rows or columns) is over a limit"),
  422: z.union([UploadErrorSchema, UploadRefusalSchema, ErrorSchema]).describe("rows with errors, or the file refused as a whole (code)"),
  429: UploadRefusalSchema.describe("the server is reading other files; retry after Retry-After seconds"),
};

export interface HeaderMismatch {
  missing: string[];
  unexpected: string[];
}

/**
 * The template columns a header lacks and the columns it has that the template does not (often the same column
 * misspelt), or null when nothing is missing: extra columns alone are ignored. One finding about the header,
 * not one "row 1" error per missing column.
 */
export function compareHeader(expected: readonly string[], header: readonly string[]): HeaderMismatch | null {
  const missing = expected.filter((k) => !header.includes(k));
  if (!missing.length) return null;
  const unexpected = [...new Set(header.filter((h) => h !== "" && !expected.includes(h)))];
  return { missing, unexpected };
}

/** The 422 body of a header mismatch: one error on row 1, the sentence, and both lists for clients to word. */
function headerMismatch({ missing, unexpected }: HeaderMismatch): HttpError {
  const params = { missing: missing.join(", "), unexpected: unexpected.join(", ") };
  return new HttpError(422, {
    errors: [rowError(1, "header", { code: "header_columns", params })],
    message: sentenceOf("header_mismatch", params),
    code: "header_mismatch",
    params,
    columns: { missing, unexpected },
  });
}

/**
 * The rows of an uploaded sheet checked against a template, all or nothing: a header lacking a template column, no
 * data rows, more than `maxRows`, or any row failing `row` or `check` is a 422 naming each row and field (the rows
 * sorted), so nothing is stored. Answers every row's value with its row number.
 */
export async function readSheetRows<R extends z.AnyZodObject>(
  file: UploadedFile,
  keys: readonly string[],
  rowSchema: R,
  opts: { maxRows: number; check?: (rows: Array<{ row: number; value: z.infer<R> }>) => Promise<RowError[]> },
): Promise<Array<{ row: number; value: z.infer<R> }>> {
  const { header, rows } = await parseSheet(file);
  const mismatch = compareHeader(keys, header);
  if (mismatch) throw headerMismatch(mismatch);
  if (rows.length === 0) throw refuseRows([rowError(2, "file", { code: "no_data_rows", params: {} })], "no_rows");
  if (rows.length > opts.maxRows) throw refuseRows([rowError(opts.maxRows + 2, "file", { code: "too_many_rows", params: { max: opts.maxRows } })], "file_too_long");
  const errors: RowError[] = [];
  const valid: Array<{ row: number; value: z.infer<R> }> = [];
  for (const r of rows) {
    const parsed = rowSchema.safeParse(r.values);
    if (parsed.success) valid.push({ row: r.row, value: parsed.data });
    else for (const issue of parsed.error.issues) errors.push({ ...rowError(r.row, String(issue.path[0] ?? "base"), refusalOfIssue(issue as ZodIssueLike)), message: issue.message });
  }
  if (opts.check) errors.push(...(await opts.check(valid)));
  if (errors.length) {
    errors.sort((a, b) => a.row - b.row);
    throw refuseRows(errors);
  }
  return valid;
}

/** An upload template: the header (the column keys) and one example row, as CSV or a one-sheet XLSX named `name`. */
export async function sendTemplate(reply: FastifyReply, name: string, columns: ReadonlyArray<{ key: string; example: string | number }>, format: "xlsx" | "csv") {
  const keys = columns.map((c) => c.key);
  const example = columns.map((c) => c.example);
  reply.header("content-disposition", `attachment; filename="${name}_template.${format}"`);
  if (format === "csv") return reply.type("text/csv; charset=utf-8").send(toCsv([keys, example]));
  const workbook = new (await loadExcelJS()).Workbook();
  const sheet = workbook.addWorksheet(name);
  sheet.addRow(keys);
  sheet.addRow(example);
  sheet.getRow(1).font = { bold: true };
  sheet.columns.forEach((col) => {
    col.width = 18;
  });
  return reply.type(XLSX_TYPE).send(Buffer.from(await workbook.xlsx.writeBuffer()));
}

export interface UploadSpec<R extends z.AnyZodObject> {
  /** URL segment ("baggage_stats"): POST {path}/upload, GET {path}/template.xlsx|csv. */
  path: string;
  tag: string;
  access: Who;
  /** Template columns (also the header names a file must carry) and one example row. */
  columns: Array<{ key: keyof z.infer<R> & string; example: string | number }>;
  /** One row's fields (the same rules as the resource's create body). */
  row: R;
  /** Checks needing the database (airports, aircraft types), on every valid row at once; returns row errors. */
  check: (db: Db, rows: Array<{ row: number; value: z.infer<R> }>) => Promise<RowError[]>;
  /** Inserts every row, inside the transaction (the request: who uploads, for change logs). */
  insert: (tx: Db, carrier: string, values: Array<z.infer<R>>, request: FastifyRequest) => Promise<void>;
}

/** Registers the upload and the two template downloads of one list. */
export function registerUpload<R extends z.AnyZodObject>(app: FastifyInstance, spec: UploadSpec<R>) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.db;
  const base = `/api/v3/${spec.path}`;
  const tags = [spec.tag];
  const keys = spec.columns.map((c) => c.key);

  api.post(
    `${base}/upload`,
    {
      bodyLimit: UPLOAD_LIMIT,
      schema: {
        tags,
        summary: `Upload ${spec.path} from XLSX or CSV (multipart field "file", or the file as the body); all rows or none`,
        consumes: ["multipart/form-data", "text/csv", XLSX_TYPE],
        querystring: z.object({ carrier: z.string().optional().describe("platform only") }),
        response: {
          201: z.object({ created: z.number().int() }),
          403: ErrorSchema,
          ...UPLOAD_ANSWERS,
        },
      },
    },
    async (request, reply) => {
      allow(request.auth, spec.access);
      const carrier = await carrierForWrite(db, request.auth, request.query.carrier);
      const valid = await readSheetRows(await readUploadedFile(request), keys, spec.row, { maxRows: MAX_ROWS, check: (rows) => spec.check(db, rows) });
      await db.transaction((tx) => spec.insert(tx as unknown as Db, carrier, valid.map((v) => v.value), request));
      return reply.code(201).send({ created: valid.length });
    },
  );

  for (const format of ["xlsx", "csv"] as const) {
    api.get(
      `${base}/template.${format}`,
      {
        schema: {
          tags,
          summary: `Upload template (${format.toUpperCase()}): the header and one example row`,
          produces: [format === "csv" ? "text/csv" : XLSX_TYPE],
        },
      },
      async (request, reply) => {
        allow(request.auth, spec.access);
        return sendTemplate(reply, spec.path, spec.columns, format);
      },
    );
  }
}

/** The content types an upload route reads as a raw buffer; register inside the plugin that owns the routes. */
export function acceptUploadBodies(app: FastifyInstance) {
  app.addContentTypeParser(
    ["multipart/form-data", "text/csv", XLSX_TYPE, "application/octet-stream"],
    { parseAs: "buffer", bodyLimit: UPLOAD_LIMIT },
    (_request, body, done) => done(null, body),
  );
}
