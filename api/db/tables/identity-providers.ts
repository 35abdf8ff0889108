import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { RoleMapping } from "../../../cargo/identity/provider-setting";
import { carrierOwned, createdStamp, identity, stamps, textList } from "./columns";
import { roleEnum } from "./enums";
import { ownedByUser } from "./users";

/**
 * A tenant's own OpenID Connect provider (issue 26, docs/sso.md): one per tenant code (`carrier`, the Carrier header).
 * The client secret is kept sealed (api/auth/secret-box.ts) and never answered.
 */
export const identityProviders = pgTable(
  "identity_providers",
  {
    ...carrierOwned,
    issuer: text("issuer").notNull(),
    client_id: text("client_id").notNull(),
    client_secret_sealed: text("client_secret_sealed").notNull(),
    /** E-mail domains allowed to sign in (lower case); empty: any the provider vouches for. */
    allowed_domains: textList("allowed_domains"),
    /** The claim whose values the role table maps; null: every user gets the default role. */
    role_claim: text("role_claim"),
    role_map: jsonb("role_map").$type<RoleMapping[]>().notNull().default(sql`'[]'::jsonb`),
    /** The role of a user whose claim matches no row; null: such a user is refused. */
    default_role: roleEnum("default_role"),
    /** A user the product does not know is created (with the mapped role) on first sign-in. */
    create_users: boolean("create_users").notNull().default(false),
    /** The password form stays on the sign-in page beside the provider's button. */
    password_sign_in: boolean("password_sign_in").notNull().default(true),
    ...stamps,
  },
  (t) => [uniqueIndex("identity_providers_carrier_key").on(t.carrier)],
);

export type IdentityProvider = typeof identityProviders.$inferSelect;

/**
 * Who a user is at a provider: the issuer and the provider's subject, the one identifier a provider keeps stable (an
 * e-mail address may change hands). Found by it first, the user is found by e-mail only on the first sign-in.
 */
export const userIdentities = pgTable(
  "user_identities",
  {
    ...identity,
    ...ownedByUser,
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    ...createdStamp,
  },
  (t) => [uniqueIndex("user_identities_issuer_subject_key").on(t.issuer, t.subject), index("user_identities_user_idx").on(t.user_id)],
);
