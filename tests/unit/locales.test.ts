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

describe("translations", () => {
  it.each(namespaces.flatMap((ns) => ["ru", "es"].map((lng) => [lng, ns])))("%s/%s has every English key, none empty", (lng, ns) => {
    const english = keys(read("en", ns)).sort();
    const other = read(lng, ns);
    expect(keys(other).sort()).toEqual(english);
    for (const key of english) {
      const value = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], other);
      expect(typeof value === "string" && value.trim().length > 0, `${lng}/${ns}:${key}`).toBe(true);
    }
  });

  it("Russian is really Russian where English has letters", () => {
    const ru = read("ru", "auth.json");
    expect(ru.signIn.title).toMatch(/[А-Яа-я]/);
  });
});
