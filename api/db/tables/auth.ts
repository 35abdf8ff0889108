import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { users } from "./users";

/**
 * One grant: an access token and its refresh token, both stored as sha256 hashes only.
 * Rotation creates a new row and stamps `rotated_at` on the old one; the old pair keeps working
 * for the grace period so two racing refreshes both succeed.
 */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The tenant (upper-case airline code) the grant was issued for; null on the default tenant. */
    carrier: text("carrier"),
    scope: text("scope").notNull().default("public"),
    accessTokenHash: text("access_token_hash").notNull(),
    refreshTokenHash: text("refresh_token_hash").notNull(),
    /** Lifetime of the access token in seconds, counted from created_at. */
    expiresIn: integer("expires_in").notNull(),
    refreshExpiresAt: timestamp("refresh_expires_at", { withTimezone: true }).notNull(),
    /** Kept across rotations so a remembered sign-in stays long-lived. */
    rememberMe: boolean("remember_me").notNull().default(false),
    previousRefreshTokenHash: text("previous_refresh_token_hash"),
    /**
     * Every grant descended from one password grant shares this id (the sign-in's "family"). Reuse of a
     * rotated refresh token after its grace period means it was stolen: the whole family is revoked.
     */
    familyId: text("family_id").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("oauth_tokens_access_token_hash_key").on(t.accessTokenHash),
    uniqueIndex("oauth_tokens_refresh_token_hash_key").on(t.refreshTokenHash),
    index("oauth_tokens_user_idx").on(t.userId),
    index("oauth_tokens_family_idx").on(t.familyId),
  ],
);

/** Failed sign-ins, in the database so every API instance counts the same attempts. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** lower(email) + "|" + client ip */
    key: text("key").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [index("login_attempts_key_at_idx").on(t.key, t.at)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.tokenHash), index("password_resets_user_idx").on(t.userId)],
);

export type OauthToken = typeof oauthTokens.$inferSelect;
