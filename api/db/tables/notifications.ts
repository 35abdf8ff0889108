import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { notificationLevelEnum } from "./enums";
import { users } from "./users";

/** Banner shown to everyone on a tenant (carrier) or, with carrier null, on every tenant. */
export const globalNotifications = pgTable(
  "global_notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Upper-case airline code, or null for every tenant. */
    carrier: text("carrier"),
    enText: text("en_text").notNull(),
    ruText: text("ru_text").notNull(),
    level: notificationLevelEnum("level").notNull().default("info"),
    active: boolean("active").notNull().default(true),
    /** Only show_once notifications may be closed by the user. */
    showOnce: boolean("show_once").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("global_notifications_active_carrier_idx").on(t.active, t.carrier)],
);

/** A notification addressed to one user. */
export const userNotifications = pgTable(
  "user_notifications",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    enText: text("en_text").notNull(),
    ruText: text("ru_text").notNull(),
    level: notificationLevelEnum("level").notNull().default("info"),
    active: boolean("active").notNull().default(true),
    showOnce: boolean("show_once").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("user_notifications_user_active_idx").on(t.userId, t.active)],
);
