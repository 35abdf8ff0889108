import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ERROR_CODES } from "../../app/lib/upstream/errors";

/**
 * Every notice the code flashes through `redirectWithNotice` / `flashNotice` names a key that exists in en,
 * ru and es, so a typo in a key fails here instead of showing the raw key to a user.
 */
const LANGUAGES = ["en", "ru", "es"];
const KEY_SHAPE = /^[\w-]+:notices\.[\w.]+$/;
/**
 * The other shape (app/lib/session/session-data.ts NoticeKey): an upstream failure told in the error catalogue's
 * words, `errors:<Code>`; written with the failure's code (`errors:${result.code}`), so every code of the
 * catalogue must have its text in every language (checked below).
 */
const CATALOGUE_KEY = /^errors:(?:[A-Z]\w*|\$\{\w+(?:\.\w+)*\})$/;
const isCatalogueTemplate = (key: string) => key.startsWith("errors:${");
const SHAPED_LITERAL = /["'`]([\w-]+:notices\.[\w.]+)["'`]/g;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The text of each call of the helpers (arguments up to the matching parenthesis), definitions excluded. */
function helperCalls(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(/(?<!function )\b(?:redirectWithNotice|flashNotice)\(/g)) {
    let depth = 1;
    let end = match.index! + match[0].length;
    while (depth > 0 && end < text.length) {
      const ch = text[end++];
      if (ch === "(") depth++;
      else if (ch === ")") depth--;
    }
    calls.push(text.slice(match.index!, end));
  }
  return calls;
}

interface UsedKey {
  key: string;
  file: string;
}

/**
 * A call whose key is a literal names it; a call whose key is an expression (a map of intents to keys) takes
 * it from the file's key literals, which is where such a map lives.
 */
function usedKeys(): { keys: UsedKey[]; calls: number } {
  const keys: UsedKey[] = [];
  let calls = 0;
  for (const file of sourceFiles(path.resolve("app"))) {
    const text = fs.readFileSync(file, "utf8");
    for (const call of helperCalls(text)) {
      calls++;
      const literal = call.match(/\bkey:\s*["'`]([^"'`]+)["'`]/)?.[1];
      if (literal) keys.push({ key: literal, file });
      else for (const m of text.matchAll(SHAPED_LITERAL)) keys.push({ key: m[1]!, file });
    }
  }
  return { keys, calls };
}

const bundles = new Map<string, unknown>();
function bundle(lng: string, ns: string): unknown {
  const file = path.resolve("locales", lng, `${ns}.json`);
  if (!bundles.has(file)) bundles.set(file, fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, "utf8")) : undefined);
  return bundles.get(file);
}

/** A key exists as a string, or (a count notice) in its plural forms. */
function translated(lng: string, key: string): boolean {
  const [ns, keyPath] = key.split(":") as [string, string];
  const parts = keyPath.split(".");
  const last = parts.pop()!;
  const parent = parts.reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], bundle(lng, ns)) as Record<string, unknown> | undefined;
  const isText = (value: unknown) => typeof value === "string" && value.trim().length > 0;
  return isText(parent?.[last]) || (isText(parent?.[`${last}_one`]) && isText(parent?.[`${last}_other`]));
}

describe("notice keys", () => {
  const { keys, calls } = usedKeys();

  it("are found where the code flashes them", () => {
    expect(calls).toBeGreaterThanOrEqual(30);
    expect(keys.map((k) => k.key)).toContain("customers:notices.created");
    expect(keys.map((k) => k.key)).toContain("flight-page:notices.locked"); // through the flag map
  });

  it("have the one shape <namespace>:notices.<event>, or the error catalogue's errors:<Code>", () => {
    const misshapen = keys.filter((k) => !KEY_SHAPE.test(k.key) && !CATALOGUE_KEY.test(k.key)).map((k) => `${k.key} (${path.relative(".", k.file)})`);
    expect(misshapen).toEqual([]);
  });

  it("exist in en, ru and es", () => {
    const missing = keys.filter((k) => !isCatalogueTemplate(k.key)).flatMap((k) =>
      LANGUAGES.filter((lng) => !translated(lng, k.key)).map((lng) => `${lng}: ${k.key} (${path.relative(".", k.file)})`),
    );
    expect([...new Set(missing)]).toEqual([]);
  });

  it("a key missing from a language is reported", () => {
    expect(translated("en", "customers:notices.created")).toBe(true);
    expect(translated("en", "customers:notices.creatd")).toBe(false);
    expect(translated("en", "uploads:notices.created")).toBe(true);
  });

  it("of the error catalogue, one for each code the upstream client gives, exist in en, ru and es", () => {
    const missing = ERROR_CODES.flatMap((code) => LANGUAGES.filter((lng) => !translated(lng, `errors:${code}`)).map((lng) => `${lng}: errors:${code}`));
    expect(missing).toEqual([]);
  });

  it("tell the catalogue's shape from a misshapen key", () => {
    expect(CATALOGUE_KEY.test("errors:NotFound")).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a key as source code writes it (`errors:${result.code}`), checked as text
    expect(CATALOGUE_KEY.test("errors:${result.code}")).toBe(true);
    expect(CATALOGUE_KEY.test("errors:notFound.thing")).toBe(false);
    expect(KEY_SHAPE.test("deleteFailed") || CATALOGUE_KEY.test("deleteFailed")).toBe(false);
  });
});
