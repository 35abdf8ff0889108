import { pgEnum } from "drizzle-orm/pg-core";

export const BUSINESS_TYPES = ["platform", "airline", "forwarder", "handler", "visitor"] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];
export const businessTypeEnum = pgEnum("business_type", BUSINESS_TYPES);

/** Role names on user records; "operator" is the role the screens call Default. */
export const ROLES = ["admin", "operator", "manager", "billing", "ics_inspector", "com_cor"] as const;
export type Role = (typeof ROLES)[number];
export const roleEnum = pgEnum("user_role", ROLES);

/** Upstream knows only en and ru; the v0 tenant's es is a UI concern (sent as ru). */
export const LOCALES = ["en", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const localeEnum = pgEnum("locale", LOCALES);

export const NOTIFICATION_LEVELS = ["info", "warning", "error"] as const;
export const notificationLevelEnum = pgEnum("notification_level", NOTIFICATION_LEVELS);
