/**
 * A small XML writer for the documents the product sends or offers as XML (a flight's uws.xml, the ACI and PLACI
 * sent to customs): a value of plain data (objects, arrays, strings, numbers, booleans, null) as elements, each text
 * escaped. Stored text is the customer's and may hold anything, so every text goes through `escapeXml`, which also
 * drops what XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/U+FFFF): a document written
 * here always parses, whatever the data. Pure, no dependencies (cargo/).
 */

/** Characters XML 1.0 cannot carry, even escaped: C0 controls but tab, LF and CR; lone surrogates; U+FFFE, U+FFFF. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

/** Anything escapeXml would change: most texts have none, and a document holds hundreds of thousands of them. */
const NEEDS_WORK = /[&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ud800-\udfff\ufffe\uffff]/;

/** Text safe inside an element or a quoted attribute: the five markup characters escaped, the unwritable ones dropped. */
export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text.replace(NOT_XML, "").replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/**
 * An element name from a data key: letters, digits, "_", "-" and "." kept, anything else "_", and a name that would
 * not start with a letter or "_" (or would start with "xml", reserved) gets a leading "_".
 */
export function xmlName(key: string): string {
  let known = NAMES.get(key);
  if (known === undefined) {
    const name = key.replace(/[^A-Za-z0-9_.-]/g, "_") || "_";
    known = /^[A-Za-z_]/.test(name) && !/^xml/i.test(name) ? name : `_${name}`;
    // a document repeats a few keys hundreds of thousands of times; keys from outside are bounded by the cache's size
    if (NAMES.size < 1000) NAMES.set(key, known);
  }
  return known;
}
const NAMES = new Map<string, string>();

export type XmlValue = string | number | boolean | null | undefined | Date | readonly XmlValue[] | { readonly [key: string]: XmlValue };

/**
 * The element name of an item of a list: the list's name in the singular by the regular English endings ("ulds" →
 * "uld", "entries" → "entry", "statuses" → "status"), else "item" (a list named "bulk" holds items).
 */
export function itemName(listName: string): string {
  if (/[^aeiou]ies$/.test(listName)) return `${listName.slice(0, -3)}y`;
  if (/(ss|us|x|ch|sh)es$/.test(listName)) return listName.slice(0, -2);
  return listName.length > 1 && listName.endsWith("s") && !/(ss|us)$/.test(listName) ? listName.slice(0, -1) : "item";
}

/** `attrs`: the element's attributes, already written (` id="..."`). */
function element(name: string, value: XmlValue, depth: number, out: string[], attrs = ""): void {
  const pad = "  ".repeat(depth);
  const tag = xmlName(name);
  const open = `${pad}<${tag}${attrs}`;
  if (value === undefined) return;
  if (value === null) {
    out.push(`${open} nil="true"/>`);
  } else if (Array.isArray(value)) {
    if (!value.length) {
      out.push(`${open}/>`);
      return;
    }
    out.push(`${open}>`);
    for (const item of value) element(itemName(tag), item, depth + 1, out);
    out.push(`${pad}</${tag}>`);
  } else if (value instanceof Date) {
    out.push(`${open}>${Number.isNaN(+value) ? "" : value.toISOString()}</${tag}>`);
  } else if (typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    if (!entries.length) {
      out.push(`${open}/>`);
      return;
    }
    out.push(`${open}>`);
    for (const [key, child] of entries) element(key, child, depth + 1, out);
    out.push(`${pad}</${tag}>`);
  } else {
    // a number that is no number (NaN, Infinity) is written as nothing rather than as a word a reader cannot take
    const text = typeof value === "number" && !Number.isFinite(value) ? "" : String(value);
    out.push(`${open}>${escapeXml(text)}</${tag}>`);
  }
}

/**
 * A whole document: the declaration and `value` as the root element `root` (objects as child elements by key,
 * a list as its items named by `itemName`, null as an empty element marked nil="true", undefined left out). The
 * root may carry attributes (a document's identity), escaped as texts are.
 */
export function xmlDocument(root: string, value: XmlValue, attributes: Record<string, string> = {}): string {
  const out: string[] = [];
  const attrs = Object.entries(attributes)
    .map(([k, v]) => ` ${xmlName(k)}="${escapeXml(v)}"`)
    .join("");
  element(root, value, 0, out, attrs);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${out.join("\n")}\n`;
}
