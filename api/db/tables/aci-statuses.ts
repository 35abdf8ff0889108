import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import type { AciDirection, CustomsFiling } from "../../../cargo/customs/advance-cargo-information";
import { carrierOwned, createdStamp, timestamptz } from "./columns";
import { segments } from "./flights";
import { users } from "./users";

// The ACI statuses of a flight (spec 2 §3 "ACI status: direction, generated_at, name"; spec 3 §7 segments/{id}/
// aci_statuses): one row per advance cargo information filed with customs for the flight (direction out: an ACI or a
// PLACI sent through the outgoing messages, which carry its name in their meta tags) and per answer of customs (in).
// A status is a record of what happened, never changed: it has no updated_at.

export const aciStatuses = pgTable(
  "aci_statuses",
  {
    ...carrierOwned,
    segment_id: integer("segment_id")
      .notNull()
      .references(() => segments.id, { onDelete: "cascade" }),
    /** ACI or PLACI (cargo CUSTOMS_FILINGS). */
    message_type: text("message_type").$type<CustomsFiling>().notNull(),
    direction: text("direction").$type<AciDirection>().notNull(),
    /** The document's name (cargo documentName), as customs quotes it back. */
    name: text("name").notNull(),
    generated_at: timestamptz("generated_at").notNull(),
    /** What the document covers: consignments (ACI) or entries (PLACI: houses, or masters without houses). */
    shipments: integer("shipments").notNull().default(0),
    created_by: integer("created_by").references(() => users.id),
    ...createdStamp,
  },
  (t) => [
    index("aci_statuses_segment_idx").on(t.segment_id, t.generated_at, t.id),
    check("aci_statuses_type", sql`${t.message_type} in ('ACI', 'PLACI')`),
    check("aci_statuses_direction", sql`${t.direction} in ('out', 'in')`),
  ],
);
export type AciStatusRow = typeof aciStatuses.$inferSelect;
