import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { companies } from "./companies";
import { localeEnum, roleEnum } from "./enums";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Always stored lower-case, so the unique index is case-insensitive in effect. */
    email: text("email").notNull(),
    /** scrypt hash with its own salt and parameters (see api/auth/passwords.ts). */
    passwordHash: text("password_hash").notNull(),
    firstname: text("firstname").notNull().default(""),
    lastname: text("lastname").notNull().default(""),
    phone: text("phone"),
    locale: localeEnum("locale").notNull().default("en"),
    /** Non-system users come from outside integrations; roles cannot be assigned to them. */
    system: boolean("system").notNull().default(true),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("users_email_key").on(t.email)],
);

/** A user's membership in a company with one role. A user has at most one profile per company. */
export const userProfiles = pgTable(
  "user_profiles",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    role: roleEnum("role").notNull().default("operator"),
    /** The profile the user last chose; at most one per user (partial unique index). */
    current: boolean("current").notNull().default(false),
    blocked: boolean("blocked").notNull().default(false),
    description: text("description"),
    /** Empty means every station is allowed. */
    stationsAllowed: text("stations_allowed").array().notNull().default(sql`'{}'::text[]`),
    /** Empty means no station is denied. */
    stationsDenied: text("stations_denied").array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_profiles_user_company_key").on(t.userId, t.companyId),
    index("user_profiles_company_idx").on(t.companyId),
    uniqueIndex("user_profiles_one_current_key").on(t.userId).where(sql`${t.current}`),
  ],
);

export type User = typeof users.$inferSelect;
export type UserProfile = typeof userProfiles.$inferSelect;
