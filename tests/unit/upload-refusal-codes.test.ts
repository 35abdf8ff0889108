import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { UPLOAD_REFUSAL_CODES as API_CODES, UPLOAD_REFUSALS } from "../../api/uploads/upload-refusals";
import { UPLOAD_REFUSAL_CODES as BFF_CODES, fileRefusalMessage } from "../../app/lib/upstream/uploads.server";

/**
 * The codes of a file refused as a whole (api/uploads/upload-refusals.ts) are a contract: the BFF knows each one
 * (or the reader would see the generic failure) and words it in every language, with the parameters the API sends.
 */
const LANGUAGES = ["en", "ru", "es"];
const refusalsIn = (lng: string): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.resolve("locales", lng, "uploads.json"), "utf8")).refusals;
/** `{{max, number}}` and `{{row}}` name `max` and `row`. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();

/** The parameters each code is sent with (from the API's own sentences: every parameter a sentence uses). */
const SAMPLE: Record<string, string | number> = { max: 1, found: 2, max_mb: 3, ratio: 4, row: 5, column: "C", seconds: 6, format: "xlsx", retry_after_seconds: 60 };
const paramsOf = (code: keyof typeof UPLOAD_REFUSALS) => {
  const used = new Set<string>();
  UPLOAD_REFUSALS[code].sentence(new Proxy(SAMPLE, { get: (target, key: string) => (used.add(key), target[key]) }));
  return [...used].sort();
};

describe("upload refusal codes", () => {
  it("the BFF knows every code the API sends, and no other", () => {
    expect([...BFF_CODES].sort()).toEqual([...API_CODES].sort());
  });

  it.each(LANGUAGES)("%s words every code, using only parameters the API sends with it", (lng) => {
    const words = refusalsIn(lng);
    expect(Object.keys(words).sort()).toEqual([...API_CODES].sort());
    for (const code of API_CODES) {
      const sent = paramsOf(code);
      for (const name of placeholders(words[code]!)) expect(sent, `${lng} ${code} {{${name}}}`).toContain(name);
    }
  });

  it("a refusal becomes an i18n key with its values", () => {
    expect(fileRefusalMessage({ code: "sheet_cell_too_long", params: { max: 10_000, row: 3, column: "C" } })).toBe("uploads:refusals.sheet_cell_too_long?max=10000&row=3&column=C");
    expect(fileRefusalMessage({ code: "file_unreadable", params: {} })).toBe("uploads:refusals.file_unreadable");
  });
});
