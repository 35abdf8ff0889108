/**
 * Hostile form posts for a BFF action: the fields the route's own page renders (names, values, intents), mixed
 * with hostile values, huge indices in field names and in conform's intents, dropped fields, and bodies that are not
 * a form at all.
 * The CSRF token is always the session's valid one, so the input reaches the action's own parsing.
 */
import fc from "fast-check";
import { hostileFieldName, hostileString, mismatchedBody, ONE_MB } from "./hostile-values";

export interface FormShape {
  /** Field name → a value the page itself rendered (or ""). */
  fields: Map<string, string>;
  /** Values of submit buttons named `intent`. */
  intents: string[];
}

/** The fields of every form on a page, as a browser would see them. */
export function formShapeOf(html: string): FormShape {
  const fields = new Map<string, string>();
  const intents = new Set<string>();
  for (const tag of html.match(/<(input|select|textarea|button)\b[^>]*>/g) ?? []) {
    const name = tag.match(/\bname="([^"]*)"/)?.[1]?.replace(/&amp;/g, "&");
    if (!name || name === "csrf") continue;
    const value = (tag.match(/\bvalue="([^"]*)"/)?.[1] ?? "").replace(/&amp;/g, "&").replace(/&quot;/g, '"');
    if (name === "intent") intents.add(value);
    else if (!fields.has(name) || !fields.get(name)) fields.set(name, value);
  }
  return { fields, intents: [...intents] };
}

export type FormBody =
  | { kind: "urlencoded"; entries: Array<[string, string]> }
  | { kind: "multipart"; entries: Array<[string, string]> }
  | { kind: "raw"; contentType: string | undefined; payload: string };

const PLAUSIBLE = fc.constantFrom("1", "10", "S7", "DME", "OVB", "2026-12-01", "2026-12-01T10:00", "on", "true", "GEN", "Test", "abuse@example.test");

/** A list index as a request may name it: in range, at and past the limit, and the sizes that froze the server (issue 21 §1). */
const listIndex = fc.oneof(
  { weight: 2, arbitrary: fc.integer({ min: 0, max: 250 }) },
  { weight: 3, arbitrary: fc.constantFrom(200, 201, 1_000, 10 ** 7, 10 ** 8, 2 ** 31, 2 ** 53, -1, 1e21) },
);

/** A field path at any depth (`lines[3].days[100000000].x`), from the page's own names and made-up ones. */
function fieldPath(shape: FormShape): fc.Arbitrary<string> {
  const names = [...shape.fields.keys()].map((name) => name.replace(/\[.*$|\..*$/, "")).filter(Boolean);
  const segment = fc.tuple(fc.constantFrom(...names, "lines", "contacts", "a"), fc.option(listIndex, { nil: undefined }));
  return fc
    .array(segment, { minLength: 1, maxLength: 12 })
    .map((segments) => segments.map(([name, index]) => (index === undefined ? name : `${name}[${index}]`)).join("."));
}

/**
 * conform's own fields, which it reads as paths: `__intent__` (update / insert / remove / reorder with a name, an index
 * and a value whose keys are paths too) and `__state__` (keys are field names).
 */
function conformFieldArbitrary(shape: FormShape): fc.Arbitrary<[string, string]> {
  const path = fieldPath(shape);
  const nested = fc.dictionary(path, fc.oneof(fc.string({ maxLength: 5 }), fc.dictionary(path, fc.constant("x"), { maxKeys: 3 })), { maxKeys: 4 });
  const intent = fc.record(
    {
      type: fc.constantFrom("validate", "reset", "update", "insert", "remove", "reorder", "bogus"),
      payload: fc.record({ name: path, index: listIndex, from: listIndex, to: listIndex, value: nested, defaultValue: nested }, { requiredKeys: [] }),
    },
    { requiredKeys: ["type"] },
  );
  return fc.oneof(
    intent.map((value): [string, string] => ["__intent__", JSON.stringify(value)]),
    nested.map((value): [string, string] => ["__state__", JSON.stringify(value)]),
  );
}

function entriesArbitrary(shape: FormShape, csrf: string): fc.Arbitrary<Array<[string, string]>> {
  const known = [...shape.fields].map(([name, pageValue]) =>
    fc.tuple(
      fc.constant(name),
      fc.oneof({ weight: 2, arbitrary: fc.constant(pageValue) }, { weight: 1, arbitrary: PLAUSIBLE }, { weight: 2, arbitrary: hostileString }),
    ),
  );
  const intent = shape.intents.length
    ? fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...shape.intents) }, { weight: 1, arbitrary: hostileString })
    : fc.oneof(fc.constant(undefined), hostileString);
  const extra = fc.oneof(
    { weight: 2, arbitrary: fc.constant([] as Array<[string, string]>) },
    { weight: 1, arbitrary: fc.array(fc.tuple(hostileFieldName, fc.oneof(PLAUSIBLE, hostileString)), { minLength: 1, maxLength: 3 }) },
    { weight: 1, arbitrary: fc.array(conformFieldArbitrary(shape), { minLength: 1, maxLength: 2 }) },
  );
  // a known field dropped in 1 of 5 posts: what the action gets when a robot skips it
  const dropRoll = fc.array(fc.integer({ min: 0, max: 4 }), { minLength: shape.fields.size, maxLength: shape.fields.size });
  return fc.tuple(fc.tuple(...known), intent, extra, dropRoll).map(([fields, intentValue, added, drops]) => [
    ["csrf", csrf] as [string, string],
    ...(intentValue === undefined ? [] : [["intent", intentValue] as [string, string]]),
    ...fields.filter((_, i) => drops[i] !== 0),
    ...added,
  ]);
}

export function formBodyArbitrary(shape: FormShape, csrf: string): fc.Arbitrary<FormBody> {
  const entries = entriesArbitrary(shape, csrf);
  return fc.oneof(
    { weight: 6, arbitrary: entries.map((e): FormBody => ({ kind: "urlencoded", entries: e })) },
    { weight: 2, arbitrary: entries.map((e): FormBody => ({ kind: "multipart", entries: e })) },
    { weight: 1, arbitrary: mismatchedBody.map((raw): FormBody => ({ kind: "raw", ...raw })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<FormBody>(
        { kind: "raw", contentType: "application/json", payload: JSON.stringify({ csrf, intent: "x" }) },
        { kind: "raw", contentType: "application/x-www-form-urlencoded", payload: `csrf=${csrf}&x[999999999]=1` },
        { kind: "raw", contentType: "application/x-www-form-urlencoded", payload: `csrf=${csrf}&${"a=1&".repeat(50_000)}` },
        { kind: "raw", contentType: "application/x-www-form-urlencoded", payload: `csrf=${csrf}&note=${"b".repeat(2 * ONE_MB)}` },
      ),
    },
  );
}

/** The body as a request carries it (multipart encoded by the platform's FormData, as a browser would). */
export async function encodeFormBody(body: FormBody): Promise<{ contentType: string | undefined; payload: Uint8Array<ArrayBuffer> | string }> {
  if (body.kind === "raw") return { contentType: body.contentType, payload: body.payload };
  if (body.kind === "urlencoded") return { contentType: "application/x-www-form-urlencoded", payload: new URLSearchParams(body.entries).toString() };
  const form = new FormData();
  for (const [name, value] of body.entries) form.append(name, value);
  const request = new Request("http://local/", { method: "POST", body: form });
  return { contentType: request.headers.get("content-type") ?? undefined, payload: new Uint8Array(await request.arrayBuffer()) };
}
