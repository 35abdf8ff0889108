import { boolean, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, timestamptz } from "./columns";
import { ownedByUser } from "./users";

/**
 * One grant: an access token and its refresh token, both stored as sha256 hashes only.
 * Rotation creates a new row and stamps `rotated_at` on the old one; the old pair keeps working
 * for the grace period so two racing refreshes both succeed.
 */
export const oauthTokens = pgTable(
  "oauth_tokens",
  {
    ...identity,
    ...ownedByUser,
    /** The tenant (upper-case airline code) the grant was issued for; null on the default tenant. */
    carrier: text("carrier"),
    scope: text("scope").notNull().default("public"),
    access_token_hash: text("access_token_hash").notNull(),
    refresh_token_hash: text("refresh_token_hash").notNull(),
    /** Lifetime of the access token in seconds, counted from created_at. */
    expires_in: integer("expires_in").notNull(),
    refresh_expires_at: timestamptz("refresh_expires_at").notNull(),
    /** Kept across rotations so a remembered sign-in stays long-lived. */
    remember_me: boolean("remember_me").notNull().default(false),
    previous_refresh_token_hash: text("previous_refresh_token_hash"),
    /**
     * Every grant descended from one password grant shares this id (the sign-in's "family"). Reuse of a
     * rotated refresh token after its grace period means it was stolen: the whole family is revoked.
     */
    family_id: text("family_id").notNull(),
    created_at: timestamptz("created_at").notNull(),
    /**
     * A sign-in through the tenant's identity provider (issue 26): when the provider's word (its ID token) ran out.
     * Refreshing past it is refused, so a user disabled at the provider keeps the product no longer than that.
     */
    provider_expires_at: timestamptz("provider_expires_at"),
    rotated_at: timestamptz("rotated_at"),
    revoked_at: timestamptz("revoked_at"),
  },
  (t) => [
    uniqueIndex("oauth_tokens_access_token_hash_key").on(t.access_token_hash),
    uniqueIndex("oauth_tokens_refresh_token_hash_key").on(t.refresh_token_hash),
    index("oauth_tokens_user_idx").on(t.user_id),
    index("oauth_tokens_family_idx").on(t.family_id),
  ],
);

/** Failed sign-ins, in the database so every API instance counts the same attempts. */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    ...identity,
    /** lower(email) + "|" + client ip */
    key: text("key").notNull(),
    at: timestamptz("at").notNull(),
  },
  (t) => [index("login_attempts_key_at_idx").on(t.key, t.at)],
);

export const passwordResets = pgTable(
  "password_resets",
  {
    ...identity,
    ...ownedByUser,
    token_hash: text("token_hash").notNull(),
    expires_at: timestamptz("expires_at").notNull(),
    used_at: timestamptz("used_at"),
    created_at: timestamptz("created_at").notNull(),
  },
  (t) => [uniqueIndex("password_resets_token_hash_key").on(t.token_hash), index("password_resets_user_idx").on(t.user_id)],
);

export type OauthToken = typeof oauthTokens.$inferSelect;
