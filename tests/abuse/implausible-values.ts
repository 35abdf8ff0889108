/**
 * "Nothing bad is stored" (issue 8 §4): values that no field of ours may hold, whatever it is: a 100 000-character
 * text, a number beyond ±1e15 (int4 overflow, 1.7e308 kg), a list of 10 000 items. An API call that answers 2xx
 * while one of its declared fields carries such a value stored (or acted on) something it should have refused.
 */
import type { JsonSchema } from "./json-schema-arbitrary";

const LONGEST_TEXT = 100_000;
const LARGEST_NUMBER = 1e15;
const LONGEST_LIST = 10_000;

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> | undefined {
  if (!schema) return undefined;
  if (schema.properties) return schema.properties;
  for (const alternative of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    const found = propertiesOf(alternative);
    if (found) return found;
  }
  return undefined;
}

/** Where in `value` a field the schema declares holds an implausible value (`user_profile.description`), if anywhere. */
export function implausibleFieldIn(value: unknown, schema: JsonSchema | undefined, path = ""): string | undefined {
  // a route (or part of a body) without a schema declares nothing, so nothing of it is stored
  if (!schema) return undefined;
  if (typeof value === "string") return value.length >= LONGEST_TEXT ? `${path || "body"}: ${value.length} characters` : undefined;
  if (typeof value === "number") return Math.abs(value) >= LARGEST_NUMBER ? `${path || "body"}: ${value}` : undefined;
  if (Array.isArray(value)) {
    if (value.length >= LONGEST_LIST) return `${path || "body"}: ${value.length} items`;
    const items = Array.isArray(schema?.items) ? schema.items[0] : schema?.items;
    for (const [i, item] of value.entries()) {
      const found = implausibleFieldIn(item, items, `${path}[${i}]`);
      if (found) return found;
    }
    return undefined;
  }
  if (value && typeof value === "object") {
    const declared = propertiesOf(schema);
    // an undeclared key is dropped by the schema, so whatever it holds is never stored
    if (!declared) return undefined;
    for (const [key, field] of Object.entries(value)) {
      if (!Object.hasOwn(declared, key)) continue;
      const found = implausibleFieldIn(field, declared[key], path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return undefined;
}
