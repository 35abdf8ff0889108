/**
 * Hostile requests for one operation of the API's OpenAPI document: who sends it, path parameters (ids of
 * demo records as well as hostile ones), query, body in every wrong shape and content type, and for upload
 * routes a hostile file. Plain data, so a finding can describe the request that caused it.
 */
import fc from "fast-check";
import { HOSTILE_PATH_VALUES, hostileFieldName, hostileJsonValue, hostileString, mismatchedBody, ONE_MB, sometimes } from "./hostile-values";
import { mixedObject, mixedValue, queryValue, type JsonSchema } from "./json-schema-arbitrary";

export type Sender = "platform" | "s7" | "forwarder" | "anonymous";

export interface Operation {
  method: string;
  /** OpenAPI path, `{id}` placeholders. */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema?: JsonSchema }>;
  body?: JsonSchema;
}

export type BodySpec =
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | undefined; payload: string }
  | { kind: "form"; entries: Array<[string, string]> }
  | { kind: "file"; field: string; filename: string; content: string; type: string };

export interface HostileRequest {
  sender: Sender;
  params: Record<string, string>;
  query: Array<[string, string]>;
  body?: BodySpec;
  /** A carrier header other than the sender's own. */
  carrier?: string;
}

interface OpenApiParameter {
  in: string;
  name: string;
  schema?: JsonSchema;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!),
        query: parameters.filter((p) => p.in === "query").map((p) => ({ name: p.name, schema: p.schema })),
        body: op.requestBody?.content?.["application/json"]?.schema,
      });
    }
  }
  return operations;
}

/** The routes that take a file form: the list uploads, and the SSIM schedule (a file or JSON). */
/** The spreadsheet uploads (statistics, payloads, …): what the sheet-amplification test sends its sheets to. */
export const isSheetUpload = (op: Operation) => op.method === "POST" && op.path.endsWith("/upload");
/** Every file form: the sheets, and the schedule file a SSIM POST takes (a text, not a sheet). */
export const isUpload = (op: Operation) => isSheetUpload(op) || (op.method === "POST" && op.path === "/api/v3/ssim_telegrams");

/** Percent-encoding that also sends what no browser would: a lone surrogate goes out as the invalid UTF-8 bytes of one. */
export function encodeHostile(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFF").split("\uFFFF").map(encodeURIComponent).join("%ED%A0%80");
}

export function urlOf(op: Operation, request: HostileRequest): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeHostile(request.params[name] ?? ""));
  const query = request.query.map(([k, v]) => `${encodeHostile(k)}=${encodeHostile(v)}`).join("&");
  return query ? `${path}?${query}` : path;
}

function queryArbitrary(op: Operation): fc.Arbitrary<Array<[string, string]>> {
  const declared = op.query.map(({ name, schema }) =>
    sometimes(fc.tuple(fc.constant(name), queryValue(schema)), 3).map((pair) => (pair ? [pair] : [])),
  );
  const extra = fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(fc.tuple(hostileFieldName, hostileString), { minLength: 1, maxLength: 2 }) });
  return fc.tuple(fc.tuple(...declared), extra).map(([present, added]) => [...present.flat(), ...added] as Array<[string, string]>);
}

function paramsArbitrary(op: Operation, validParams: ReadonlyArray<Record<string, string>>): fc.Arbitrary<Record<string, string>> {
  const hostile = fc.record(Object.fromEntries(op.pathParams.map((name) => [name, fc.constantFrom(...HOSTILE_PATH_VALUES)])));
  if (!validParams.length) return hostile;
  // a valid record id with a hostile body is how a bad value reaches an UPDATE
  return fc.oneof({ weight: 2, arbitrary: fc.constantFrom(...validParams) }, { weight: 1, arbitrary: hostile });
}

function formEntries(op: Operation): fc.Arbitrary<Array<[string, string]>> {
  return fc
    .tuple(mixedObject(op.body ?? {}), fc.array(fc.tuple(hostileFieldName, hostileString), { maxLength: 2 }))
    .map(([object, extra]) => [
      ...Object.entries(object).map(([k, v]) => [k, typeof v === "string" ? v : JSON.stringify(v) ?? ""] as [string, string]),
      ...extra,
    ]);
}

/** A file for an upload route: its own template's header over hostile rows, or bytes that are no spreadsheet at all. */
function fileArbitrary(csvHeader: string): fc.Arbitrary<BodySpec> {
  const columns = csvHeader.split(",").length;
  const hostileCell = fc.oneof(
    hostileString.map((s) => (s.length > 10_000 ? s.slice(0, 10_000) : s)),
    fc.constantFrom("2147483648", "-5", "1e308", "NaN", "DME", "S7", "2026-12-01"),
  );
  const csvRows = fc.array(fc.array(hostileCell, { minLength: columns, maxLength: columns }), { minLength: 1, maxLength: 5 });
  return fc.oneof(
    csvRows.map((rows): BodySpec => ({
      kind: "file",
      field: "file",
      filename: "rows.csv",
      content: [csvHeader, ...rows.map((r) => r.map((c) => `"${c.replace(/"/g, '""')}"`).join(","))].join("\n"),
      type: "text/csv",
    })),
    fc.constantFrom<BodySpec>(
      { kind: "file", field: "file", filename: "rows.xlsx", content: "PK\u0003\u0004not really a zip", type: "application/octet-stream" },
      { kind: "file", field: "file", filename: "rows.csv", content: "", type: "text/csv" },
      { kind: "file", field: "file", filename: "../../../etc/passwd", content: "root:x:0:0", type: "text/plain" },
      { kind: "file", field: "file", filename: "rows.csv", content: `${csvHeader}\n${"1,".repeat(columns)}\n`.repeat(1) + "x,".repeat(ONE_MB / 2), type: "text/csv" },
      { kind: "file", field: "other", filename: "rows.csv", content: csvHeader, type: "text/csv" },
      { kind: "file", field: "file", filename: "rows.exe", content: "MZ\u0000\u0000", type: "application/x-msdownload" },
    ),
  );
}

function bodyArbitrary(op: Operation, csvHeader: string | undefined): fc.Arbitrary<BodySpec | undefined> {
  if (op.method === "GET") return fc.constant(undefined);
  const shaped = fc.oneof(
    { weight: 6, arbitrary: mixedObject(op.body ?? {}).map((value): BodySpec => ({ kind: "json", value })) },
    { weight: 1, arbitrary: mixedValue(op.body).map((value): BodySpec => ({ kind: "json", value })) },
    { weight: 1, arbitrary: hostileJsonValue.map((value): BodySpec => ({ kind: "json", value })) },
    { weight: 1, arbitrary: mismatchedBody.map((raw): BodySpec => ({ kind: "raw", ...raw })) },
    { weight: 1, arbitrary: formEntries(op).map((entries): BodySpec => ({ kind: "form", entries })) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
  if (!isUpload(op)) return shaped;
  return fc.oneof({ weight: 3, arbitrary: fileArbitrary(csvHeader ?? "a,b") }, { weight: 1, arbitrary: shaped });
}

export function requestArbitrary(
  op: Operation,
  validParams: ReadonlyArray<Record<string, string>>,
  csvHeader: string | undefined,
): fc.Arbitrary<HostileRequest> {
  return fc.record(
    {
      sender: fc.constantFrom<Sender>("platform", "platform", "s7", "s7", "forwarder", "anonymous"),
      params: paramsArbitrary(op, validParams),
      query: queryArbitrary(op),
      body: bodyArbitrary(op, csvHeader),
      // another tenant's or a made-up carrier now and then
      carrier: sometimes(fc.constantFrom("su", "c6", "zz", "' OR '1'='1", "../s7", "x".repeat(300)), 8),
    },
    { requiredKeys: ["sender", "params", "query"] },
  );
}
