import type { i18n as I18n } from "i18next";

/** What a plain key translated to, and the namespaces i18next read to find it (the page sends those to the browser). */
interface Kept {
  value: string;
  namespaces: readonly string[];
}

/** The options a translator made by getFixedT adds to every call; a call with any other option is not plain. */
const FIXED_T_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
/** Distinct plain calls kept per language, then all forgotten: keys come from our code, but some name an upstream value. */
const KEPT_MAX = 20_000;

const keptByLanguage = new WeakMap<I18n, Map<string, Kept>>();

const part = (value: unknown) => (Array.isArray(value) ? value.join(",") : value === undefined ? "" : String(value));

/** The cache key of a plain call, or null when the call interpolates, counts, falls back to a default or returns objects. */
function plainCallKey(key: unknown, options: unknown): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return `\u0000\u0000\u0000\u0000${key}`;
  if (typeof options !== "object" || options === null) return null;
  const o = options as Record<string, unknown>;
  for (const name in o) if (!FIXED_T_OPTIONS.has(name)) return null;
  return `${part(o.lng)}\u0000${part(o.lngs)}\u0000${part(o.ns)}\u0000${part(o.keyPrefix)}\u0000${key}`;
}

/**
 * Makes a render's i18next clone answer a plain `t("key")` from what an earlier render of the same language found:
 * the translations never change while the process runs, and i18next's translate (resolving namespaces, fallbacks,
 * nesting and interpolation for every call) was 5 % of the BFF's time on a list page, most of it on the shell's
 * labels (issue 25). `onNamespaces` hears the namespaces a kept answer was read from, as if i18next had read them
 * again, so the page still sends the browser every namespace it rendered with. `language` is the instance the clone
 * was made from; `recordNamespaces` is where the clone's store reports each namespace it reads.
 */
export function keepPlainTranslations(
  clone: I18n,
  language: I18n,
  onNamespaces: (namespaces: readonly string[]) => void,
): { recordNamespace(ns: string): void } {
  let kept = keptByLanguage.get(language);
  if (!kept) keptByLanguage.set(language, (kept = new Map()));
  const cache = kept;
  let reading: string[] | null = null;
  const translate = clone.t.bind(clone) as unknown as (...args: unknown[]) => unknown;
  clone.t = ((...args: unknown[]) => {
    const cacheKey = args.length <= 2 ? plainCallKey(args[0], args[1]) : null;
    if (cacheKey === null) return translate(...args);
    const found = cache.get(cacheKey);
    if (found) {
      onNamespaces(found.namespaces);
      return found.value;
    }
    reading = [];
    let value: unknown;
    try {
      value = translate(...args);
    } finally {
      const namespaces = [...new Set(reading)];
      reading = null;
      if (typeof value === "string") {
        if (cache.size >= KEPT_MAX) cache.clear();
        cache.set(cacheKey, { value, namespaces });
      }
    }
    return value;
  }) as unknown as I18n["t"];
  return {
    recordNamespace(ns: string) {
      reading?.push(ns);
    },
  };
}
