import { boolean, index, pgTable, text } from "drizzle-orm/pg-core";
import { identity, timestamptz } from "./columns";
import { notificationLevelEnum } from "./enums";
import { ownedByUser } from "./users";

/** What a notification says and how it shows, on both kinds. */
const message = {
  en_text: text("en_text").notNull(),
  ru_text: text("ru_text").notNull(),
  /** Spanish, for the tenants that speak it (V0); null: readers of Spanish get the English text. */
  es_text: text("es_text"),
  level: notificationLevelEnum("level").notNull().default("info"),
  active: boolean("active").notNull().default(true),
  /** Only show_once notifications may be closed by the user. */
  show_once: boolean("show_once").notNull().default(false),
  created_at: timestamptz("created_at").notNull().defaultNow(),
};

/** Banner shown to everyone on a tenant (carrier) or, with carrier null, on every tenant. */
export const globalNotifications = pgTable(
  "global_notifications",
  {
    ...identity,
    /** Upper-case airline code, or null for every tenant. */
    carrier: text("carrier"),
    ...message,
  },
  (t) => [index("global_notifications_active_carrier_idx").on(t.active, t.carrier)],
);

/** A notification addressed to one user. */
export const userNotifications = pgTable(
  "user_notifications",
  {
    ...identity,
    ...ownedByUser,
    ...message,
  },
  (t) => [index("user_notifications_user_active_idx").on(t.user_id, t.active)],
);
