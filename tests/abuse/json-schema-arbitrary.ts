/**
 * Bodies and query values shaped like what a route's OpenAPI schema asks for, with hostile values mixed in
 * at the leaves, fields dropped and fields added. Mostly-plausible input reaches the handler and its SQL
 * (where 1 MB unique keys, int4 overflows and year 10000 dates broke things); wholly wrong input tests the gate.
 */
import fc from "fast-check";
import { hostileJsonValue, hostileString, sometimes } from "./hostile-values";

/** The subset of JSON Schema that zod-to-json-schema emits for our route schemas. */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema | JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
}

/** Strings our domain is full of: codes, dates, e-mails, numbers as text. */
const PLAUSIBLE_STRINGS = fc.constantFrom(
  "S7", "SU", "DME", "OVB", "KJA", "SVO", "GEN", "PER", "DGR", "73H", "320", "S7 0101", "2026-12-01", "2026-12-01T10:00:00Z",
  "forwarder@cargodesk.test", "abuse@example.test", "FWDONE", "KG", "RUB", "RU", "Test", "1", "10", "1,2,3", "active",
);

function firstType(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== "null") ?? schema.type[0];
  return schema.type;
}

/** A value the schema would accept, as far as a generic generator can tell (patterns are not followed). */
export function plausibleValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema) return PLAUSIBLE_STRINGS;
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => plausibleValue(s, depth)));
  if (schema.allOf?.length) return plausibleValue(schema.allOf[0], depth);
  switch (firstType(schema)) {
    case "string":
      if (schema.format === "date-time") return fc.constantFrom("2026-12-01T10:00:00Z", "2027-01-15T22:30:00.000Z");
      if (schema.format === "date") return fc.constantFrom("2026-12-01", "2027-02-28");
      if (schema.format === "email") return fc.constantFrom("abuse@example.test", "forwarder@cargodesk.test");
      return fc.oneof(PLAUSIBLE_STRINGS, fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 12, 12) }));
    case "integer":
    case "number":
      // whole numbers inside the bounds (a number field's bounds may be fractional: a weight from 0.1 kg)
      return fc.integer({ min: Math.ceil(Math.max(schema.minimum ?? 0, -1000)), max: Math.floor(Math.min(schema.maximum ?? 1000, 100_000)) });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array": {
      if (depth > 3) return fc.constant([]);
      const item = Array.isArray(schema.items) ? schema.items[0] : schema.items;
      return fc.array(mixedValue(item, depth + 1), { maxLength: 3 });
    }
    case "object":
      return depth > 3 ? fc.constant({}) : mixedObject(schema, depth + 1);
    default:
      return fc.oneof(PLAUSIBLE_STRINGS, fc.integer({ min: 0, max: 100 }));
  }
}

/** Mostly plausible, sometimes hostile: one bad leaf in an otherwise good body is what reaches SQL. */
export function mixedValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 3, arbitrary: plausibleValue(schema, depth) }, { weight: 1, arbitrary: hostileJsonValue });
}

/** The schema's fields (a required one is sometimes missing), plus now and then a field nobody asked for. */
export function mixedObject(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([name, propertySchema]) =>
    fc
      .tuple(fc.double({ min: 0, max: 1, noNaN: true }), mixedValue(propertySchema, depth))
      .map(([roll, value]) => ((required.has(name) ? roll < 0.9 : roll < 0.5) ? ([[name, value]] as Array<[string, unknown]>) : [])),
  );
  const extra = sometimes(fc.tuple(fc.constantFrom("extra", "id", "company_id", "admin", "__proto__", "role"), hostileJsonValue), 4);
  return fc.tuple(fc.tuple(...fields), extra).map(([present, added]) => {
    const object: Record<string, unknown> = {};
    for (const entries of present) for (const [name, value] of entries) object[name] = value;
    if (added) Object.defineProperty(object, added[0], { value: added[1], enumerable: true, writable: true, configurable: true });
    return object;
  });
}

/** A query parameter's text: plausible for its schema, or hostile. */
export function queryValue(schema: JsonSchema | undefined): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: plausibleValue(schema).map((v) => (typeof v === "string" ? v : JSON.stringify(v))) },
    { weight: 1, arbitrary: hostileString },
  );
}
