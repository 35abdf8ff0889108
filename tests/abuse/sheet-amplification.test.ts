/**
 * Issue 21 item 4, as a generator: upload files built so that parsing expands them (one long shared string named
 * by every cell, rows of long inline strings, a shared strings table of hundreds of thousands of entries, rows
 * numbered past Excel's grid or out of order, columns past the widest, more rows than allowed, a CSV field of
 * megabytes), in shapes fast-check draws, each posted to every upload route of the OpenAPI document. Each must be
 * refused as a whole (413/422) with the code of the cap that stopped it, in time, answering no more than a
 * sentence, with the process's memory (RSS, the parse worker's heap included) growing by less than 100 MB, and
 * nothing stored. `npm test` draws a few files; `npm run test:abuse` many more (ABUSE_RUNS).
 */
import { and, eq, isNull } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, expect, test } from "vitest";
import { airWaybills, companies } from "../../api/db/schema";
import { SHEET_LIMITS } from "../../api/settings/uploads";
import { columnLetters } from "../../api/uploads/sheet-budget.mjs";
import type { UploadRefusalCode } from "../../api/uploads/upload-refusals";
import { cellsFarAway, csvWithLongField, longInlineStrings, manyRows, sharedStringEverywhere, tinySharedStrings } from "../api/amplifying-sheets";
import { authHeaders, signIn } from "../api/helpers";
import { HEADER } from "../api/upload-files";
import { startTestApi } from "../bff/harness";
import { AbuseTally, ALIVE_MS, HANG_MS, RUNS_PER_ROUTE, seedFor, timed } from "./abuse-tally";
import { isSheetUpload, operationsOf, type OpenApiDocument } from "./api-requests";
import { changedTables, tableChecksums, tableNames } from "./table-checksums";

const api = await startTestApi();
const uploadRoutes = operationsOf(api.app.swagger() as unknown as OpenApiDocument).filter(isSheetUpload);
const manager = await signIn(api.app, "s7.manager@cargodesk.test", { carrier: "s7" });
const forwarder = await signIn(api.app, "forwarder@cargodesk.test", { carrier: "s7" });
const tally = new AbuseTally("Sheet amplification");
for (const op of uploadRoutes) tally.routes.add(op.path);

afterAll(async () => {
  console.log(tally.summary());
  await api.close();
});

/** A live S7 waybill of FWDONE not yet issued: the goods items upload reads its file only for a waybill its caller may edit. */
async function editableWaybill(): Promise<string> {
  const [fwd] = await api.database.db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, "FWDONE"));
  const [row] = await api.database.db
    .select({ mawb: airWaybills.mawb })
    .from(airWaybills)
    .where(and(eq(airWaybills.carrier, "S7"), eq(airWaybills.forwarder_id, fwd!.id), eq(airWaybills.deleted, false), isNull(airWaybills.voided_at), isNull(airWaybills.issued_at)))
    .limit(1);
  return row!.mawb;
}

interface Amplifier {
  /** For the findings: the shape drawn. */
  shape: string;
  filename: string;
  build: () => Promise<Buffer | string>;
  /** The caps that may stop it (one of them must). */
  codes: UploadRefusalCode[];
}

const { maxCellChars, maxRowChars, maxTextChars, maxSharedStrings, maxRows, maxColumns } = SHEET_LIMITS;
/** Cells enough for `length` characters each to pass the total. */
const cellsPast = (length: number) => Math.ceil(maxTextChars / length) + 1;

const amplifier: fc.Arbitrary<Amplifier> = fc.oneof(
  // every cell names one string longer than a cell may be (past a row's length, it is refused while it is read)
  fc.record({ length: fc.integer({ min: maxCellChars + 1, max: 1_500_000 }), rows: fc.integer({ min: 1, max: 5_000 }), columns: fc.integer({ min: 1, max: 10 }), seed: fc.integer() }).map((o): Amplifier => ({
    shape: `shared string of ${o.length} in ${o.rows} x ${o.columns}`,
    filename: "shared.xlsx",
    build: () => sharedStringEverywhere(o),
    // a string past a row's length is refused while it is read, once a whole chunk of it went by without markup
    codes: o.length > maxRowChars ? ["sheet_string_too_long", "sheet_cell_too_long"] : ["sheet_cell_too_long"],
  })),
  // every cell names one string a cell may hold, until the file's total is passed (or a row's, if wide)
  fc.record({ length: fc.integer({ min: 1_000, max: maxCellChars }), columns: fc.integer({ min: 1, max: 10 }), extra: fc.nat(2_000), seed: fc.integer() }).map((o): Amplifier => {
    const rows = Math.ceil(cellsPast(o.length) / o.columns) + o.extra;
    return {
      shape: `shared string of ${o.length} in ${rows} x ${o.columns}`,
      filename: "shared.xlsx",
      build: () => sharedStringEverywhere({ ...o, rows }),
      codes: o.length * o.columns > maxRowChars ? ["sheet_row_too_long"] : ["sheet_text_too_long"],
    };
  }),
  // rows of long inline strings, each a little different (so that the archive is no bomb), past the total
  fc.record({ length: fc.integer({ min: 2_000, max: maxCellChars }), columns: fc.integer({ min: 1, max: 6 }), extra: fc.nat(50), seed: fc.integer() }).map((o): Amplifier => {
    const rows = Math.ceil(cellsPast(o.length) / o.columns) + o.extra;
    return {
      shape: `inline strings of ${o.length} in ${rows} x ${o.columns}`,
      filename: "inline.xlsx",
      build: () => longInlineStrings({ ...o, rows }),
      codes: o.length * o.columns > maxRowChars ? ["sheet_row_too_long"] : ["sheet_text_too_long"],
    };
  }),
  fc.integer({ min: maxSharedStrings + 1, max: 700_000 }).map((count): Amplifier => ({
    shape: `${count} tiny shared strings`,
    filename: "tiny.xlsx",
    build: () => tinySharedStrings({ count }),
    codes: ["sheet_too_many_strings"],
  })),
  // a row past Excel's last, or rows out of order
  fc
    .oneof(
      fc.tuple(fc.integer({ min: 1, max: 1_048_576 }), fc.integer({ min: 1_048_577, max: 2 ** 31 })),
      fc.tuple(fc.integer({ min: 2, max: 1_048_576 }), fc.integer({ min: 1, max: 1_048_576 })).filter(([a, b]) => b <= a),
    )
    .map((rowNumbers): Amplifier => ({ shape: `rows ${rowNumbers.join(", ")}`, filename: "far.xlsx", build: () => cellsFarAway({ rowNumbers }), codes: ["file_unreadable"] })),
  // a value in a column past the widest an upload may use, or past Excel's last
  fc.integer({ min: maxColumns + 1, max: 18_278 }).map((column): Amplifier => ({
    shape: `a value in column ${column}`,
    filename: "wide.xlsx",
    build: () => cellsFarAway({ rowNumbers: [1], column: columnLetters(column) }),
    codes: column > 16_384 ? ["file_unreadable"] : ["sheet_too_many_columns"],
  })),
  fc.integer({ min: maxRows + 2, max: 30_000 }).map((rows): Amplifier => ({ shape: `${rows} rows`, filename: "long.xlsx", build: () => manyRows({ rows }), codes: ["sheet_too_many_rows"] })),
  fc.integer({ min: maxCellChars + 1, max: 5_000_000 }).map((length): Amplifier => ({
    shape: `a CSV field of ${length}`,
    filename: "field.csv",
    build: async () => csvWithLongField(length, HEADER),
    // the field and ",KJA" in one record
    codes: length + 3 > maxRowChars ? ["sheet_row_too_long"] : ["sheet_cell_too_long"],
  })),
);

/** A multipart body of the file and any other fields, as a browser sends it. */
async function multipart(fields: Record<string, string>, filename: string, content: Buffer | string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", new Blob([typeof content === "string" ? content : new Uint8Array(content)]), filename);
  const request = new Request("http://local/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

/** The most the process's RSS (the parse worker's heap is part of it) rose above its level before `work`. */
async function rssRiseMb<T>(work: Promise<T>): Promise<{ value: T; riseMb: number }> {
  const before = process.memoryUsage.rss();
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 5);
  try {
    const value = await work;
    return { value, riseMb: Math.round((Math.max(peak, process.memoryUsage.rss()) - before) / 1024 / 1024) };
  } finally {
    clearInterval(sampler);
  }
}

test("sheets built to amplify: every upload route refuses each at its cap, in time, in bounded memory, storing nothing", async () => {
  expect(uploadRoutes.map((op) => op.path).sort()).toContain("/api/v3/goods_items/upload");
  const mawb = await editableWaybill();
  const tables = await tableNames(api.database);
  const before = await tableChecksums(api.database, tables);
  const amplifiers = fc.sample(amplifier, { numRuns: RUNS_PER_ROUTE, seed: seedFor("sheet amplification") });
  let largestRiseMb = 0;
  // what the shared tally has no kind for: a refusal by the wrong cap (or none), and memory
  const problems: string[] = [];
  for (const { shape, filename, build, codes } of amplifiers) {
    const content = await build();
    for (const op of uploadRoutes) {
      const goods = op.path.includes("goods_items");
      const { payload, contentType } = await multipart(goods ? { mawb } : {}, filename, content);
      const headers = { ...authHeaders(goods ? forwarder : manager, "s7"), "content-type": contentType };
      const { value: answer, riseMb } = await rssRiseMb(timed(api.app.inject({ method: "POST", url: op.path, headers, payload })));
      largestRiseMb = Math.max(largestRiseMb, riseMb);
      const res = answer.value;
      const sent = `${shape} (${Math.round(content.length / 1024)} KB)`;
      if (!res) {
        tally.found({ route: op.path, kind: "hang", detail: `no answer within ${HANG_MS} ms to ${sent}` });
        continue;
      }
      tally.answered(op.path, answer.ms, res.statusCode);
      const code = (res.json() as { code?: string }).code;
      if (res.statusCode >= 500) tally.found({ route: op.path, kind: "5xx", detail: `${res.statusCode} to ${sent}` });
      else if (!codes.includes(code as UploadRefusalCode)) problems.push(`${op.path}: ${res.statusCode} ${code ?? res.body.slice(0, 120)} to ${sent}; expected ${codes.join(" or ")}`);
      if (res.rawPayload.length > 1024) tally.found({ route: op.path, kind: "echo at size", detail: `${res.rawPayload.length} bytes to ${sent}` });
      if (riseMb >= 100) problems.push(`${op.path}: RSS rose ${riseMb} MB reading ${sent}`);
    }
  }
  const changed = changedTables(before, await tableChecksums(api.database, tables));
  if (changed.length) tally.found({ route: "uploads", kind: "tables changed", detail: changed.join(", ") });
  const { value: alive, ms } = await timed(api.app.inject({ method: "GET", url: "/api/v3/profiles/me", headers: authHeaders(manager, "s7") }));
  if (!alive || alive.statusCode !== 200 || ms > ALIVE_MS) tally.found({ route: "uploads", kind: "not answering", detail: `profiles/me after ${Math.round(ms)} ms` });
  console.log(`sheet amplification: ${amplifiers.length} files x ${uploadRoutes.length} routes; slowest refusal ${Math.round(tally.slowestMs)} ms; largest RSS rise ${largestRiseMb} MB`);
  expect([...tally.findings.map((f) => `${f.kind}: ${f.route}: ${f.detail}`), ...problems]).toEqual([]);
  expect(tally.covered.size).toBe(uploadRoutes.length);
}, 900_000);
