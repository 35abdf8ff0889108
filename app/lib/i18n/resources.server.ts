import fs from "node:fs";
import path from "node:path";
import type { Resource } from "i18next";
import { LRUCache } from "lru-cache";
import { NAMESPACES } from "./languages";
import { scriptSafeJson } from "./page-resources";

/**
 * Translations are JSON files under locales/{lng}/{ns}.json, read from disk once per process, so the client
 * bundle carries none of them; a page receives its language through the root loader.
 */
let resources: Resource | undefined;

export function allResources(): Resource {
  if (resources) return resources;
  const root = path.resolve("locales");
  const loaded: Resource = {};
  for (const lng of fs.readdirSync(root)) {
    loaded[lng] = {};
    for (const ns of NAMESPACES) {
      const file = path.join(root, lng, `${ns}.json`);
      if (fs.existsSync(file)) loaded[lng][ns] = JSON.parse(fs.readFileSync(file, "utf8"));
    }
  }
  resources = loaded;
  return loaded;
}

/** The namespaces `namespaces` (all when omitted) of `lng`, and of English: the fallback for every key a translation lacks. */
export function resourcesFor(lng: string, namespaces?: Iterable<string>): Resource {
  const all = allResources();
  const pick = (language: string) => {
    const bundles = all[language] ?? {};
    if (!namespaces) return bundles;
    return Object.fromEntries([...new Set(namespaces)].filter((ns) => bundles[ns]).map((ns) => [ns, bundles[ns]!]));
  };
  return lng === "en" ? { en: pick("en") } : { [lng]: pick(lng), en: pick("en") };
}

/** One namespace of one language, or null when either is not ours (the `/locales/:lng/:ns` route). */
export function namespaceBundle(lng: string, ns: string): object | null {
  if (!(NAMESPACES as readonly string[]).includes(ns)) return null;
  const all = allResources();
  return Object.hasOwn(all, lng) ? ((all[lng]![ns] as object | undefined) ?? {}) : null;
}

/**
 * The page's translations as the script text <PageResources /> writes, made once per language and set of
 * namespaces: the same 25-30 KB of JSON was serialised again for every page. Bounded: languages × the namespace
 * sets routes use (a few dozen in practice).
 */
const scripts = new LRUCache<string, string>({ max: 500 });

export function pageResourcesScript(lng: string, namespaces: Iterable<string>): string {
  const sorted = [...new Set(namespaces)].sort();
  const key = `${lng}:${sorted.join(",")}`;
  let script = scripts.get(key);
  if (script === undefined) {
    script = scriptSafeJson(resourcesFor(lng, sorted));
    scripts.set(key, script);
  }
  return script;
}
