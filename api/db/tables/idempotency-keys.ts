import { index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bytea, identity, timestamptz } from "./columns";

export const IDEMPOTENCY_STATES = ["in_progress", "done"] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];
export const idempotencyStateEnum = pgEnum("idempotency_state", IDEMPOTENCY_STATES);

/**
 * One `Idempotency-Key` a caller sent with a mutating call (api/http/idempotency.ts): claimed `in_progress` before
 * the handler runs, then `done` with the answer to replay to a repeat. Unique per scope (the signed-in user on a
 * tenant), so two callers never see each other's answers; rows older than a day are swept lazily.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    ...identity,
    /** Whose key: `user:<id>@<carrier>` ("-" on the default tenant). */
    scope: text("scope").notNull(),
    key: text("key").notNull(),
    method: text("method").notNull(),
    /** Path and query string of the first request. */
    path: text("path").notNull(),
    /** sha256 (hex) of the first request's body: a repeat must send the same bytes. */
    fingerprint: text("fingerprint").notNull(),
    state: idempotencyStateEnum("state").notNull().default("in_progress"),
    status: integer("status"),
    /** The answer's headers worth replaying (content-type, location, content-disposition). */
    headers: jsonb("headers").$type<Record<string, string>>(),
    body: bytea("body"),
    /** When the key was claimed (the API's clock): expiry and the take-over of an abandoned claim count from it. */
    created_at: timestamptz("created_at").notNull(),
  },
  (t) => [uniqueIndex("idempotency_keys_scope_key_key").on(t.scope, t.key), index("idempotency_keys_created_at_idx").on(t.created_at)],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
