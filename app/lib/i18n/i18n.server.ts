import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";
import { RemixI18Next } from "remix-i18next/server";
import type { AppSession } from "../session/storage.server";
import type { Locale } from "../session/session-data";
import { DEFAULT_LOCALE, NAMESPACES, languagesFor } from "./languages";
import { allResources } from "./resources.server";

/** Server-side translator for actions and loaders (validation messages, page titles). */
export const remixI18n = new RemixI18Next({
  detection: { supportedLanguages: ["en", "ru", "es"], fallbackLanguage: DEFAULT_LOCALE },
  i18next: { resources: allResources(), fallbackLng: DEFAULT_LOCALE, defaultNS: "common", interpolation: { escapeValue: false } },
});

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

export function translator(locale: Locale) {
  return remixI18n.getFixedT(locale, [...NAMESPACES]);
}

/**
 * The i18next instance a document renders with (every namespace at hand, so nothing renders a bare key), and the
 * namespaces its render has read so far: those, with the shell's and the routes' own, are what the page sends the
 * browser (see page-resources.tsx).
 */
export async function createRenderI18n(locale: string, namespaces: string[]): Promise<{ i18n: I18n; usedNamespaces: Set<string> }> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    ns: namespaces.length ? namespaces : [...NAMESPACES],
    defaultNS: "common",
    resources: allResources(),
    interpolation: { escapeValue: false },
  });
  // every translated key is looked up here (also "ns:key" keys and the English fallback), so this sees what
  // the page really used, including namespaces a route's handle forgot to declare
  const usedNamespaces = new Set<string>();
  // (getResource is i18next's runtime method; its typings leave it out)
  const store = instance.services.resourceStore as unknown as { getResource(lng: string, ns: string, ...rest: unknown[]): unknown };
  const getResource = store.getResource.bind(store);
  store.getResource = (lng, ns, ...rest) => {
    usedNamespaces.add(ns);
    return getResource(lng, ns, ...rest);
  };
  return { i18n: instance, usedNamespaces };
}
