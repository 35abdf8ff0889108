import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve("locales");
const namespaces = fs.readdirSync(path.join(root, "en")).filter((f) => f.endsWith(".json"));

function keys(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object") {
    return Object.entries(value as Record<string, unknown>).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const read = (lng: string, ns: string) => JSON.parse(fs.readFileSync(path.join(root, lng, ns), "utf8"));

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** The plural forms a language uses for counts people write (0 to 1 000): Russian one/few/many, English and Spanish one/other. */
function pluralForms(lng: string): string[] {
  const rules = new Intl.PluralRules(lng);
  return [...new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)))].sort();
}

/**
 * The keys `lng` must have for English's: the same keys, except that a plural (i18next's key_one, key_other) has the
 * forms of `lng`'s own plural rules instead of English's.
 */
function expectedKeys(english: string[], lng: string): string[] {
  const bases = new Set(english.filter((k) => k.endsWith("_other")).map((k) => k.replace(PLURAL, "")));
  const plain = english.filter((k) => !(PLURAL.test(k) && bases.has(k.replace(PLURAL, ""))));
  return [...plain, ...[...bases].flatMap((base) => pluralForms(lng).map((form) => `${base}_${form}`))].sort();
}

describe("translations", () => {
  it.each(namespaces.flatMap((ns) => ["ru", "es"].map((lng) => [lng, ns])))("%s/%s has every English key, none empty", (lng, ns) => {
    const other = read(lng, ns);
    const english = expectedKeys(keys(read("en", ns)), lng);
    // a language whose whole numbers never say "other" (Russian) may still carry it for fractions
    const extraOther = (k: string) => k.endsWith("_other") && english.includes(k.replace(/_other$/, "_one")) && !english.includes(k);
    expect(keys(other).filter((k) => !extraOther(k)).sort()).toEqual(english);
    for (const key of english) {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], other);
      expect(typeof value === "string" && value.trim().length > 0, `${lng}/${ns}:${key}`).toBe(true);
    }
  });

  it("plural keys follow each language's rules: Russian one, few and many; Spanish and English one and other", () => {
    expect(pluralForms("ru")).toEqual(["few", "many", "one"]);
    expect(expectedKeys(["a.pieces_one", "a.pieces_other", "b"], "ru")).toEqual(["a.pieces_few", "a.pieces_many", "a.pieces_one", "b"]);
    expect(expectedKeys(["a.pieces_one", "a.pieces_other", "b"], "es")).toEqual(["a.pieces_one", "a.pieces_other", "b"]);
  });

  it("Russian is really Russian where English has letters", () => {
    const ru = read("ru", "auth.json");
    expect(ru.signIn.title).toMatch(/[А-Яа-я]/);
  });
});
