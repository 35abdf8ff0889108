import type { UiSettings } from "../access/types";

/** Tokens of the OAuth grant. Server-side only: never put into loader data. */
export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
  tokenType: string;
  /** Unix seconds, as the token service answers. */
  createdAt: number;
  expiresIn: number;
}

/** The part of upstream `profiles/me` the BFF keeps between requests (access, header, profile page). */
export interface SessionProfile {
  id: number;
  email: string;
  firstname: string | null;
  lastname: string | null;
  locale: string | null;
  role: string | null;
  company_id: number | null;
  company_name: string | null;
  company_short_name: string | null;
  company_business_type: string | null;
}

export type TimeMode = "local" | "utc";
export type ColorScheme = "light" | "dark";
export type Locale = "en" | "ru" | "es";

/**
 * A notice's i18n key: an event of a page, `<namespace>:notices.<event>` (e.g. `customers:notices.created`), or,
 * for an upstream failure told as it is, the error catalogue's text of its code (`errors:<Code>`, spec 3 §8).
 */
export type NoticeKey = `${string}:notices.${string}` | `${string}:refusals.${string}` | `errors:${string}`;

export interface Notice {
  kind: "success" | "error" | "info";
  /** Flashed through app/lib/notices/redirect-with-notice.server.ts, the one way to leave a notice. */
  key: NoticeKey;
  params?: Record<string, string | number>;
}

export interface SessionData {
  auth: AuthTokens;
  email: string;
  profile: SessionProfile;
  ui: UiSettings;
  locale: Locale;
  timeMode: TimeMode;
  colorScheme: ColorScheme;
  csrf: string;
  /** available_urls from a 403 answer, stored with the user's e-mail (spec 1 §4). */
  availableUrls: Record<string, string[]>;
  /** Ids of show_once global notifications the user closed. */
  closedNotifications: string[];
}

export interface FlashData {
  notice: Notice;
}
