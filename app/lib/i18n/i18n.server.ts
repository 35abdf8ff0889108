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

export async function createRenderI18n(locale: string, namespaces: string[]): Promise<I18n> {
  const instance = createInstance();
  await instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: DEFAULT_LOCALE,
    ns: namespaces.length ? namespaces : [...NAMESPACES],
    defaultNS: "common",
    resources: allResources(),
    interpolation: { escapeValue: false },
  });
  return instance;
}
