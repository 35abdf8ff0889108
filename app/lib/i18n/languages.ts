import type { Locale } from "../session/session-data";

export const DEFAULT_LOCALE: Locale = "en";
export const NAMESPACES = [
  "common", "nav", "auth", "errors", "profile", "users",
  "agreements", "companies", "airline", "handlers", "customers", "parties", "products", "routes", "statistics", "uploads", "settings",
  "flights", "flight-form", "flight-page", "allotments", "booking-rules", "capacities", "stocks", "awb", "shipments", "accounting-presets", "tracking", "handling", "attachments",
  "house-waybills", "void-requests", "receptacles",
  "pricing",
  "handover", "agent-air-waybills",
  "offers", "message-settings", "telegrams", "outgoing", "incoming", "tariffs",
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/** English and Russian everywhere; tenant v0 offers English and Spanish instead (spec 1 §1). */
export function languagesFor(tenantCode: string): Locale[] {
  return tenantCode === "v0" ? ["en", "es"] : ["en", "ru"];
}

/** Intl locale tags for dates and numbers (default locale en-US, spec 1 §9). */
export function intlLocale(locale: string): string {
  return locale === "ru" ? "ru-RU" : locale === "es" ? "es-ES" : "en-US";
}
