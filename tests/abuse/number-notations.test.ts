/**
 * Issue 21 §8 as a generator: every number field of every API route (each number or integer property of a JSON body,
 * nested objects and the first item of arrays included, and each number parameter of a query, as the OpenAPI document
 * declares them) gets numbers in notations that are not decimal digits: exponents, hex, octal, binary, Infinity, NaN,
 * underscores, a plus sign, other scripts' and full-width digits, blanks or two separators inside, and the JSON
 * numbers 1e309 / -1e309 that JSON.parse reads as Infinity. A body's field answers 422 naming it, a query's 400
 * invalid_number naming it (or an earlier 401/403/404: refused before reading); never 2xx or 5xx, and no table
 * changes. `npm test` sends RUNS_PER_ROUTE notations per field, `npm run test:abuse` ABUSE_RUNS.
 */
import fc from "fast-check";
import { afterAll, beforeAll, expect, test } from "vitest";
import { authHeaders, makeTestApi, signIn } from "../api/helpers";
import { AbuseTally, RUNS_PER_ROUTE, seedFor } from "./abuse-tally";
import { isUpload, operationsOf, type OpenApiDocument, type Operation } from "./api-requests";
import type { JsonSchema } from "./json-schema-arbitrary";
import { changedTables, tableChecksums, tableNames, type TableChecksums } from "./table-checksums";

const api = await makeTestApi();
const platform = await signIn(api.app, "platform@cargodesk.test", { carrier: "s7" });
const tables = await tableNames(api.database);
const tally = new AbuseTally("Number notations");

afterAll(async () => {
  console.log(tally.summary());
  await api.app.close();
  await api.database.close();
});

const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: min, maxLength: max });
const foreignDigits = (zero: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 1, maxLength: 3 }).map((ds) => ds.map((d) => String.fromCodePoint(zero + d)).join(""));

/** A number's text that is not decimal digits with at most one separator. */
const notationText: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(digits(1, 3), fc.constantFrom("e", "E", "e+", "e-"), digits(1, 3)).map(([m, e, x]) => `${m}${e}${x}`),
  fc.tuple(fc.constantFrom("0x", "0X", "0o", "0b", "-0x"), digits(1, 3)).map(([p, d]) => `${p}${d}`),
  fc.constantFrom("Infinity", "-Infinity", "NaN", "1e309", "0x10", "0xFF"),
  fc.tuple(digits(1, 2), digits(3, 3)).map(([a, b]) => `${a}_${b}`),
  digits(1, 3).map((d) => `+${d}`),
  fc.constantFrom(0x660, 0x966, 0xff10).chain(foreignDigits),
  fc.tuple(digits(1, 2), fc.constantFrom(" ", "\u00a0", "\t"), digits(3, 3)).map(([a, s, b]) => `${a}${s}${b}`),
  fc.tuple(digits(1, 2), digits(3, 3), digits(1, 2)).map(([a, b, c]) => `${a},${b}.${c}`),
);

/** What goes into a JSON body: the text as a JSON string, or a number token JSON.stringify cannot write. */
type BodyNotation = { kind: "text"; text: string } | { kind: "token"; token: string };
const bodyNotation: fc.Arbitrary<BodyNotation> = fc.oneof(
  { weight: 3, arbitrary: notationText.map((text): BodyNotation => ({ kind: "text", text })) },
  { weight: 1, arbitrary: fc.constantFrom("1e309", "-1e309", "1E400").map((token): BodyNotation => ({ kind: "token", token })) },
);

const isNumberSchema = (schema: JsonSchema | undefined): boolean => {
  if (!schema) return false;
  const types = [schema.type ?? []].flat();
  if (types.some((t) => t === "number" || t === "integer")) return !types.includes("string");
  const alternatives = schema.anyOf ?? schema.oneOf;
  return !!alternatives?.length && alternatives.every((s) => isNumberSchema(s) || [s.type ?? []].flat().includes("null"));
};

/** Paths of a body's number fields: ["weight"], ["air_waybill", "pieces"], ["dimensions", 0, "length"]. */
function numberPaths(schema: JsonSchema | undefined, prefix: Array<string | number> = [], depth = 0): Array<Array<string | number>> {
  if (!schema || depth > 4) return [];
  if (prefix.length && isNumberSchema(schema)) return [prefix];
  const found: Array<Array<string | number>> = [];
  for (const [name, property] of Object.entries(schema.properties ?? {})) found.push(...numberPaths(property, [...prefix, name], depth + 1));
  const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
  if (item && prefix.length) found.push(...numberPaths(item, [...prefix, 0], depth + 1));
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    if (alternative.properties) found.push(...numberPaths(alternative, prefix, depth + 1));
  }
  return found;
}

/** The body with only `path` set, to a placeholder the notation replaces in the JSON text. */
const PLACEHOLDER = "__number_notation__";
function bodyText(path: Array<string | number>, notation: BodyNotation): string {
  let value: unknown = PLACEHOLDER;
  for (let i = path.length - 1; i >= 0; i--) {
    const key = path[i]!;
    value = typeof key === "number" ? [value] : { [key]: value };
  }
  const written = notation.kind === "text" ? JSON.stringify(notation.text) : notation.token;
  return JSON.stringify(value).replace(JSON.stringify(PLACEHOLDER), written);
}

/** Path parameters that pass their own schema, so the refusal is the number field's, not the path's. */
const pathValue = (name: string) => (name === "mawb" ? "421-00000011" : /id$/.test(name) ? "1" : name === "iata" ? "DME" : name === "code" ? "DGR" : "S7");
const urlOf = (op: Operation, query = "") => `${op.path.replace(/\{(\w+)\}/g, (_, name: string) => pathValue(name))}${query ? `?${query}` : ""}`;

/** A 422's or 400's field errors name the field (by its dotted path, or with the record's wrapper left out). */
function namesField(body: unknown, path: Array<string | number>): boolean {
  const errors = (body as { errors?: unknown }).errors;
  if (!errors || typeof errors !== "object" || Array.isArray(errors)) return false;
  const full = path.join(".");
  return Object.keys(errors).some((key) => key === full || full.endsWith(`.${key}`));
}

const REFUSED_BEFORE_READING = new Set([401, 403, 404, 405, 413, 415]);

const operations = operationsOf(api.app.swagger() as unknown as OpenApiDocument).filter((op) => !isUpload(op));
const fields = operations.flatMap((op) => [
  ...(op.method === "GET" ? [] : numberPaths(op.body).map((path) => ({ op, where: "body" as const, path }))),
  ...op.query.filter((q) => isNumberSchema(q.schema)).map((q) => ({ op, where: "query" as const, path: [q.name] as Array<string | number> })),
]);
for (const f of fields) tally.routes.add(`${f.op.method} ${f.op.path} ${f.where} ${f.path.join(".")}`);

let read = 0;
// Every request is refused, so no table may change at all: one checksum before the run and one after it (one per field
// cost more than the requests themselves).
let before: TableChecksums;
beforeAll(async () => {
  before = await tableChecksums(api.database, tables);
});

test("the OpenAPI document declares number fields in bodies and queries for the generator to reach", () => {
  expect(fields.filter((f) => f.where === "body").length).toBeGreaterThan(40);
  expect(fields.filter((f) => f.where === "query").length).toBeGreaterThan(20);
});

test.each(fields.map((f) => ({ ...f, name: `${f.op.method} ${f.op.path} ${f.where} ${f.path.join(".")}` })))(
  "$name: a number in any notation but decimal digits is refused naming the field, nothing stored",
  async ({ op, where, path, name }) => {
    const headers = { ...authHeaders(platform, "s7") };
    if (where === "body") {
      for (const notation of fc.sample(bodyNotation, { numRuns: RUNS_PER_ROUTE, seed: seedFor(name) })) {
        const started = performance.now();
        const res = await api.app.inject({ method: op.method as "POST", url: urlOf(op), headers: { ...headers, "content-type": "application/json" }, payload: bodyText(path, notation) });
        tally.answered(name, performance.now() - started, res.statusCode);
        const sent = `${notation.kind === "text" ? JSON.stringify(notation.text) : notation.token} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (REFUSED_BEFORE_READING.has(res.statusCode)) continue;
        expect(res.statusCode, sent).toBe(422);
        expect(namesField(res.json(), path), sent).toBe(true);
        read++;
      }
    } else {
      for (const text of fc.sample(notationText, { numRuns: RUNS_PER_ROUTE, seed: seedFor(name) })) {
        const started = performance.now();
        const res = await api.app.inject({ method: op.method as "GET", url: urlOf(op, `${encodeURIComponent(String(path[0]))}=${encodeURIComponent(text)}`), headers });
        tally.answered(name, performance.now() - started, res.statusCode);
        const sent = `${JSON.stringify(text)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (REFUSED_BEFORE_READING.has(res.statusCode)) continue;
        expect(res.statusCode, sent).toBe(400);
        expect(res.json().error, sent).toBe("invalid_number");
        expect(namesField(res.json(), path), sent).toBe(true);
        read++;
      }
    }
  },
  120_000,
);

test("most of the notations reached the fields' own reading (not refused earlier for access), and nothing was stored", async () => {
  expect(read).toBeGreaterThan((fields.length * RUNS_PER_ROUTE) / 2);
  expect(changedTables(before, await tableChecksums(api.database, tables))).toEqual([]);
});
