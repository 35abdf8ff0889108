import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LINE_REASON_CODES, PRICE_REASON_CODES, PRICE_REFUSAL_CODES, TARIFF_MISS_CODES } from "../../cargo/pricing/reason-codes";
import { reasonText } from "../../app/lib/billing/price-reasons";

/**
 * The rate engine's reasons are a contract between cargo/ and the pages (DESIGN §4b; issue 24): every code the engine
 * exports (refusals, tariffs passed over, a line's explanation) has words in every language under
 * `pricing:reason.<code>`, using only the params reason-codes.ts documents beside the code (its variants too:
 * `<code>_<context>`), and no words are left for a code the engine no longer has.
 */
const LANGUAGES = ["en", "ru", "es"];
const CONTEXTS = ["general", "noProduct", "named"];
const pricing = (lng: string) => JSON.parse(fs.readFileSync(path.resolve("locales", lng, "pricing.json"), "utf8"));
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]!);

/** The params each code's doc comment lists: the first {…} of the comment, parenthesised notes left out. */
function documentedParams(): Map<string, string[]> {
  const source = fs.readFileSync(path.resolve("cargo/pricing/reason-codes.ts"), "utf8");
  const params = new Map<string, string[]>();
  for (const m of source.matchAll(/\/\*\*((?:[^*]|\*(?!\/))*)\*\/\s*"(\w+)",/g)) {
    const braces = /\{([^}]*)\}/.exec(m[1]!)?.[1] ?? "";
    const names = braces
      .replace(/\([^)]*\)/g, "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
    params.set(m[2]!, names);
  }
  return params;
}

describe("the rate engine's reason codes", () => {
  const documented = documentedParams();

  it("every code exported is documented with its params (what the translations may use)", () => {
    expect(PRICE_REASON_CODES.length).toBe(PRICE_REFUSAL_CODES.length + TARIFF_MISS_CODES.length + LINE_REASON_CODES.length);
    expect(PRICE_REASON_CODES.filter((code) => !documented.has(code))).toEqual([]);
    expect(documented.get("no_tariff")).toEqual(["carrier", "origin", "destination", "date", "product", "candidates", "shown"]);
    expect(documented.get("tariff_expired")).toEqual(["tariffId", "effectiveTo"]);
  });

  it.each(LANGUAGES)("%s words every code, using only the params the engine sends with it", (lng) => {
    const words: Record<string, string> = pricing(lng).reason;
    expect(PRICE_REASON_CODES.filter((code) => typeof words[code] !== "string" || !words[code])).toEqual([]);
    for (const [key, text] of Object.entries(words)) {
      const code = CONTEXTS.reduce((k, context) => (k.endsWith(`_${context}`) ? k.slice(0, -context.length - 1) : k), key);
      expect(PRICE_REASON_CODES as readonly string[], `${lng} reason.${key}: no such code`).toContain(code);
      for (const name of placeholders(text)) expect(documented.get(code), `${lng} reason.${key} {{${name}}}`).toContain(name);
    }
  });

  it("a reason reads in the reader's language with its values worded; an unknown code shows as itself", async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: "ru", fallbackLng: "en", ns: ["pricing"], interpolation: { escapeValue: false }, resources: { en: { pricing: pricing("en") }, ru: { pricing: pricing("ru") } } });
    const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
    // Intl groups Russian digits with a narrow no-break space: compared as a plain space
    const words = (locale: string, reason: Parameters<typeof reasonText>[2]) => reasonText(t, locale, reason).replace(/[\u202f\u00a0]/g, " ");
    expect(words("ru-RU", { code: "rate_break", params: { rateClass: "Q", weightBrake: 1000 } })).toBe("Ставка класса Q от порога 1 000 кг");
    expect(reasonText(t, "ru-RU", { code: "chargeable_weight", params: { kg: 195, basis: "volume" } })).toBe("Платный вес 195 кг — по значению объёмного веса");
    expect(reasonText(t, "ru-RU", { code: "tariff_chosen", params: { tariffId: 3, specificity: "account+route2", applicable: 2 } })).toBe(
      "Выбран тариф № 3: в нём указаны аккаунт агента, пункты отправления и назначения (подходили: 2)",
    );
    expect(reasonText(t, "ru-RU", { code: "charge_chosen", params: { chargeId: 1, specificity: "general", applicable: 1 } })).toBe("Выбран сбор № 1: общий сбор (подходили: 1)");
    const noTariff = { code: "no_tariff", params: { carrier: "S7", origin: "DME", destination: "KJA", date: "2026-11-30", product: "", candidates: 2, shown: 2 } };
    expect(reasonText(t, "ru-RU", noTariff)).toBe("Нет тарифа S7 на DME→KJA на 2026-11-30: рассмотрено 2");
    await i18n.changeLanguage("en");
    expect(reasonText(t, "en-US", { ...noTariff, params: { ...noTariff.params, product: "GEN" } })).toBe("No tariff of S7 for DME→KJA on 2026-11-30 (product GEN): 2 looked at");
    expect(reasonText(t, "en-US", { code: "minimum_charge", params: { minimum: "1500", computed: "1234.5" } })).toBe("Minimum charge applied: 1,500 instead of 1,234.5");
    expect(reasonText(t, "en-US", { code: "engine_of_tomorrow", params: {} })).toBe("engine_of_tomorrow");
  });
});
