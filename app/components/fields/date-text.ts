import dayjs from "dayjs";
// `.js` spelled out: the server build runs under plain node, where an extensionless dayjs import fails (DESIGN §7)
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import "dayjs/locale/ru.js";
import "dayjs/locale/es.js";

dayjs.extend(customParseFormat);

/** The calendar languages (dayjs locales loaded above); anything else reads as English. */
export type DateLanguage = "en" | "ru" | "es";

export function dateLanguageOf(language: string | undefined): DateLanguage {
  const base = (language ?? "en").slice(0, 2);
  return base === "ru" || base === "es" ? base : "en";
}

/** How the picker shows a date: each language's usual day-first form, so it cannot be read month-first. */
export const DATE_DISPLAY_FORMAT: Record<DateLanguage, string> = {
  en: "D MMM YYYY",
  ru: "DD.MM.YYYY",
  es: "DD/MM/YYYY",
};

/** What a user may type besides the shown form: ISO always, and day-first numbers where the language writes them. */
const TYPED_FORMATS: Record<DateLanguage, string[]> = {
  en: ["YYYY-MM-DD", "D MMM YYYY", "D MMMM YYYY", "MMM D, YYYY", "MMMM D, YYYY"],
  ru: ["YYYY-MM-DD", "D.M.YYYY", "D/M/YYYY", "D MMMM YYYY", "D MMM YYYY"],
  es: ["YYYY-MM-DD", "D/M/YYYY", "D.M.YYYY", "D-M-YYYY", "D [de] MMMM [de] YYYY", "D MMM YYYY"],
};

/** A typed date as a local-midnight Date, or null while it is not (yet) a whole, real date. */
export function parseTypedDate(text: string, language: DateLanguage): Date | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  for (const format of TYPED_FORMATS[language]) {
    const parsed = dayjs(trimmed, format, language, true);
    if (parsed.isValid()) return parsed.toDate();
  }
  return null;
}

/** `YYYY-MM-DD` of a Date, read as the wall date the user picked (never shifted through UTC). */
export function isoDateOf(date: Date | null): string {
  return date ? dayjs(date).format("YYYY-MM-DD") : "";
}

/** The Date of an ISO date posted or stored; null for an empty or malformed value. */
export function dateOfIso(iso: string | undefined | null): Date | null {
  if (!iso) return null;
  const parsed = dayjs(iso, "YYYY-MM-DD", true);
  return parsed.isValid() ? parsed.toDate() : null;
}
