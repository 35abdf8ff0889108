/**
 * What an attacker (or a confused client) sends, as fast-check arbitraries shared by the API and BFF abuse suites
 * (issue 8 §5): wrong types, NUL bytes, 1 MB strings, numbers past int4 and float range, deep and wide
 * arrays, huge array indices in field names, injection strings, header CRLF.
 */
import fc from "fast-check";

export const ONE_MB = 1_000_000;

/** Strings that have broken (or could break) parsing, SQL, rendering or headers. */
export const HOSTILE_STRINGS: readonly string[] = [
  "",
  " ",
  "\u0000",
  "nob\u0000ody",
  "a".repeat(ONE_MB),
  "9".repeat(400),
  "x".repeat(256),
  "' OR '1'='1",
  "1; DROP TABLE users; --",
  "\\'; select pg_sleep(5); --",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "../../../../etc/passwd",
  "..%2F..%2F..%2Fetc%2Fpasswd",
  "foo\r\nSet-Cookie: injected=1",
  "\uD800",
  "😀🚀",
  "%s%s%s%n",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the hostile value (a Log4Shell-style lookup), not a template
  "${jndi:ldap://x}",
  "{{7*7}}",
  "NaN",
  "Infinity",
  "-1",
  "0",
  "2147483648",
  "99999999999",
  "1e308",
  "-5",
  "0001-01-01T00:00:00Z",
  "+010000-01-01T00:00:00Z",
  "2027-13-45",
  "null",
  "true",
  "[]",
  "__proto__",
  "constructor",
];

export const HOSTILE_NUMBERS: readonly number[] = [-1, -500, 0, 2 ** 31 - 1, 2 ** 31, 2 ** 53 + 2, 99999999999, 1e308, -1e308, 1.7e308, 0.5, 5e-324];

/** Values for an id or code in a URL path (encoded by the caller). */
export const HOSTILE_PATH_VALUES: readonly string[] = [
  "0",
  "-1",
  "2147483648",
  "99999999999",
  "1e308",
  "NaN",
  "abc",
  "\u0000",
  "1 OR 1=1",
  "' OR '1'='1",
  "../../etc/passwd",
  "<script>",
  "9".repeat(90),
  "%",
];

/** `arbitrary` in `inOf` of the cases, else undefined (fc.option's weights read the other way round). */
export function sometimes<T>(arbitrary: fc.Arbitrary<T>, inOf: number): fc.Arbitrary<T | undefined> {
  return fc.oneof({ weight: 1, arbitrary }, { weight: inOf - 1, arbitrary: fc.constant(undefined) });
}

export const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
export const hostileNumber = fc.constantFrom(...HOSTILE_NUMBERS);

/** Nested n deep: `[[[...]]]` or `{"a":{"a":...}}`. Built as text, so no recursion on our side either. */
export function deepJsonText(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? "[".repeat(depth) + "]".repeat(depth) : '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
}

/** A JSON value of the wrong shape for whatever was expected. Deep and wide structures stay under 1 MB of text. */
export const hostileJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
  { weight: 1, arbitrary: fc.constant(Array.from({ length: 50_000 }, () => 1)) },
  { weight: 1, arbitrary: fc.constant(JSON.parse(deepJsonText(500, "array"))) },
  { weight: 1, arbitrary: fc.constant(JSON.parse(deepJsonText(500, "object"))) },
  { weight: 1, arbitrary: fc.constant(Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]))) },
  { weight: 1, arbitrary: fc.constant(JSON.parse('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}')) },
);

/** Field names that ask a form or query parser for huge arrays, prototype keys or odd shapes. */
export const hostileFieldName = fc.constantFrom(
  "x[999999999]",
  "x[2000000]",
  "contacts[999999999].name",
  "lines[999999999].days_of_week",
  "a[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]",
  "__proto__",
  "__proto__[polluted]",
  "constructor[prototype][polluted]",
  "x[]",
  "x[-1]",
  "x[1e9]",
  "k".repeat(10_000),
  "",
);

/** Body text sent with a content type that does not match it, or that is not what a JSON API takes. */
export const mismatchedBody = fc.constantFrom(
  { contentType: "text/plain", payload: '{"a":1}' },
  { contentType: "application/xml", payload: '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>' },
  { contentType: "application/json", payload: "{" },
  { contentType: "application/json", payload: '{"a":1}garbage' },
  { contentType: "application/json", payload: "\u0000" },
  { contentType: "application/json; charset=utf-7", payload: "{}" },
  { contentType: "multipart/form-data; boundary=xyz", payload: "--xyz\r\nContent-Disposition: form-data\r\n\r\nbroken" },
  { contentType: "multipart/form-data", payload: "no boundary at all" },
  { contentType: "application/x-www-form-urlencoded", payload: "a=%&b=%ZZ&x[999999999]=1" },
  { contentType: undefined, payload: "{}" },
  { contentType: "application/json", payload: deepJsonText(100_000, "array") },
  { contentType: "application/json", payload: `{"a":"${"b".repeat(2 * ONE_MB)}"}` },
);

/** A short description of a value for a report line: never the megabyte itself. */
export function describeValue(value: unknown): string {
  const text = typeof value === "string" ? value : JSON.stringify(value) ?? String(value);
  const printable = text.replace(/[\u0000-\u001f\u007f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return printable.length > 80 ? `${printable.slice(0, 60)}…(${text.length} chars)` : printable;
}
