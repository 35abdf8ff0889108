import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, textList, timestamptz } from "./columns";
import { companies } from "./companies";
import { localeEnum, roleEnum } from "./enums";

export const users = pgTable(
  "users",
  {
    ...identity,
    /** Always stored lower-case, so the unique index is case-insensitive in effect. */
    email: text("email").notNull(),
    /** scrypt hash with its own salt and parameters (see api/auth/passwords.ts). */
    password_hash: text("password_hash").notNull(),
    firstname: text("firstname").notNull().default(""),
    lastname: text("lastname").notNull().default(""),
    phone: text("phone"),
    locale: localeEnum("locale").notNull().default("en"),
    /** Non-system users come from outside integrations; roles cannot be assigned to them. */
    system: boolean("system").notNull().default(true),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** The user a row belongs to; the row goes with the user. */
export const ownedByUser = {
  user_id: integer("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
};

/** A user's membership in a company with one role. A user has at most one profile per company. */
export const userProfiles = pgTable(
  "user_profiles",
  {
    ...identity,
    ...ownedByUser,
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull().default("operator"),
    /** The profile the user last chose; at most one per user (partial unique index). */
    current: boolean("current").notNull().default(false),
    blocked: boolean("blocked").notNull().default(false),
    description: text("description"),
    /** Empty means every station is allowed. */
    stations_allowed: textList("stations_allowed"),
    /** Empty means no station is denied. */
    stations_denied: textList("stations_denied"),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_profiles_user_company_key").on(t.user_id, t.company_id),
    index("user_profiles_company_idx").on(t.company_id),
    uniqueIndex("user_profiles_one_current_key").on(t.user_id).where(sql`${t.current}`),
  ],
);

export type User = typeof users.$inferSelect;
export type UserProfile = typeof userProfiles.$inferSelect;
