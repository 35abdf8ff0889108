import fs from "node:fs";
import path from "node:path";
import type { Resource } from "i18next";
import { NAMESPACES } from "./languages";

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

export function resourcesFor(lng: string): Resource {
  const all = allResources();
  // English is the fallback for every key a translation lacks
  return lng === "en" ? { en: all.en } : { [lng]: all[lng] ?? {}, en: all.en };
}
