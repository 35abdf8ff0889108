import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import type { AppSession } from "../session/storage.server";
import type { Locale } from "../session/session-data";
import { keepPlainTranslations } from "./kept-translations.server";
import { DEFAULT_LOCALE, NAMESPACES, languagesFor } from "./languages";
import { allResources } from "./resources.server";

const LOCALES: readonly string[] = ["en", "ru", "es"];
const instances = new Map<string, Promise<I18n>>();

/**
 * One initialised i18next per language for the life of the process: the translations never change while it runs,
 * and creating and initialising an instance (language utilities, plural rules, formatters) on every request cost
 * twice per page (the loaders' translator and the render's) about as much as the page's whole table.
 */
function languageInstance(locale: string): Promise<I18n> {
  const lng = LOCALES.includes(locale) ? locale : DEFAULT_LOCALE;
  let instance = instances.get(lng);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({
        lng,
        fallbackLng: DEFAULT_LOCALE,
        ns: [...NAMESPACES],
        defaultNS: "common",
        resources: allResources(),
        interpolation: { escapeValue: false },
      })
      .then(() => created);
    instances.set(lng, instance);
  }
  return instance;
}

/**
 * The language of this request: the session's choice when the tenant offers it, else the profile's,
 * else the browser's first acceptable language, else English.
 */
export function localeOf(request: Request, session: AppSession, tenantCode: string): Locale {
  const offered = languagesFor(tenantCode);
  const chosen = session.get("locale");
  if (chosen && offered.includes(chosen)) return chosen;
  // Spanish travels upstream as "ru" (spec 1 §4), so on a Spanish tenant a stored "ru" means Spanish
  const stored = session.get("profile")?.locale as Locale | undefined;
  const profileLocale = stored === "ru" && offered.includes("es") ? "es" : stored;
  if (profileLocale && offered.includes(profileLocale)) return profileLocale;
  const header = request.headers.get("Accept-Language") ?? "";
  for (const part of header.split(",")) {
    const tag = part.split(";")[0].trim().slice(0, 2).toLowerCase() as Locale;
    if (offered.includes(tag)) return tag;
  }
  return DEFAULT_LOCALE;
}

/** Server-side translator for actions and loaders (validation messages, page titles). */
export async function translator(locale: Locale) {
  return (await languageInstance(locale)).getFixedT(locale, [...NAMESPACES]);
}

/**
 * The i18next instance a document renders with (every namespace at hand, so nothing renders a bare key), and the
 * namespaces its render has read so far: those, with the shell's and the routes' own, are what the page sends the
 * browser (see page-resources.tsx).
 */
export async function createRenderI18n(locale: string, namespaces: string[]): Promise<{ i18n: I18n; usedNamespaces: Set<string> }> {
  // a clone shares its language's store and services and has a translator of its own, so what this render reads
  // is counted for this render alone
  const language = await languageInstance(locale);
  const instance = language.cloneInstance({ ns: namespaces.length ? namespaces : [...NAMESPACES] });
  // every translated key is looked up here (also "ns:key" keys and the English fallback), so this sees what
  // the page really used, including namespaces a route's handle forgot to declare
  const usedNamespaces = new Set<string>();
  const kept = keepPlainTranslations(instance, language, (read) => {
    for (const ns of read) usedNamespaces.add(ns);
  });
  // (getResource is i18next's runtime method and the translator's store its private member: typings leave them out)
  const { translator } = instance as unknown as { translator: { resourceStore: { getResource(lng: string, ns: string, ...rest: unknown[]): unknown } } };
  const shared = translator.resourceStore;
  translator.resourceStore = Object.assign(Object.create(shared) as typeof shared, {
    getResource(lng: string, ns: string, ...rest: unknown[]) {
      usedNamespaces.add(ns);
      kept.recordNamespace(ns);
      return shared.getResource(lng, ns, ...rest);
    },
  });
  return { i18n: instance, usedNamespaces };
}
