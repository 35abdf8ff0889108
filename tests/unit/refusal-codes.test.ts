import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { REFUSAL_CODES, REFUSALS } from "../../api/http/refusals";
import { translateMessage } from "../../app/components/fields/fields";
import { refusalMessage } from "../../app/lib/upstream/refusal-message";

/**
 * A refusal's code is the contract between the API and the BFF (DESIGN §4b): every code of the catalogue
 * (api/http/refusals.ts; HttpError's type admits no other) has words in every language, using only the values the
 * API sends with it; and no code of the API goes without a catalogue entry.
 */
const LANGUAGES = ["en", "ru", "es"];
const wordsIn = (lng: string): Record<string, string> => JSON.parse(fs.readFileSync(path.resolve("locales", lng, "errors.json"), "utf8")).refusal;
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!);

/** The parameters a code's sentence uses: what the API sends with it. */
function paramsOf(code: keyof typeof REFUSALS): string[] {
  const used = new Set<string>();
  REFUSALS[code](new Proxy({}, { get: (_t, key) => (typeof key === "string" && (used.add(key), "1")) || undefined }));
  return [...used];
}

describe("refusal codes", () => {
  it.each(LANGUAGES)("%s words every code of the catalogue, using only the parameters the API sends with it", (lng) => {
    const words = wordsIn(lng);
    const missing = REFUSAL_CODES.filter((code) => typeof words[code] !== "string" || !words[code]);
    expect(missing).toEqual([]);
    for (const code of REFUSAL_CODES) {
      const sent = paramsOf(code);
      for (const name of placeholders(words[code]!)) expect(sent, `${lng} ${code} {{${name}}}`).toContain(name);
    }
  });

  it("no HttpError is built outside the modules that build refusals from the catalogue", () => {
    const allowed = new Set(["api/http/errors.ts", "api/auth/oauth-error.ts", "api/http/idempotency.ts", "api/settings/uploads.ts", "api/uploads/upload-refusals.ts"]);
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const file = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(file);
        else if (file.endsWith(".ts") && fs.readFileSync(file, "utf8").includes("new HttpError(") && !allowed.has(file)) offenders.push(file);
      }
    };
    walk("api");
    expect(offenders).toEqual([]);
  });

  it("the BFF words a refusal by its code, with its values; a code it has no words for shows the API's sentence", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "ru", fallbackLng: "en", ns: ["errors"], resources: { en: { errors: { refusal: wordsIn("en") } }, ru: { errors: { refusal: wordsIn("ru") } } } });
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
    const known = refusalMessage({ code: "unknown_airport", params: { code: "XXX" }, message: "unknown airport XXX" });
    expect(translateMessage(t, known)).toBe("Неизвестный аэропорт XXX");
    const unknown = refusalMessage({ code: "flight_full", params: { free_kg: 100 }, message: "Flight is full: 100 kg free" });
    expect(translateMessage(t, unknown)).toBe("Flight is full: 100 kg free");
  });
});
