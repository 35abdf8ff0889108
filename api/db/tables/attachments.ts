import { bigint, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { airWaybills } from "./air-waybills";
import { identity, timestamptz } from "./columns";
import { companies } from "./companies";
import { users } from "./users";

// Attachments (spec 2 §3 "Attachment"; spec 3 §7 "attachments"): documents kept with an air waybill — invoices,
// declarations, photos. The bytes live in the file store (api/attachments/file-store.ts: a directory by default, or an
// S3-compatible bucket); the row keeps what the store needs to find them and what the list shows. The waybill's id is
// kept beside the attachable pair so every read is scoped by the waybill's tenancy in one indexed look-up.

export const attachments = pgTable(
  "attachments",
  {
    ...identity,
    /** "AirWaybill" (spec 2's attachable_type); attachable_id is then the waybill's id. */
    attachable_type: text("attachable_type").notNull(),
    attachable_id: integer("attachable_id").notNull(),
    air_waybill_id: integer("air_waybill_id")
      .notNull()
      .references(() => airWaybills.id, { onDelete: "cascade" }),
    /** One of spec 2's types: CargoManifest, NOTOC, Invoice, ... Other, Undefined. */
    doc_type: text("doc_type").notNull(),
    /** The name the uploader's file had (shown and offered on download; never part of a path). */
    filename: text("filename").notNull(),
    /** The type read from the file's bytes, not from its name or the browser's word. */
    content_type: text("content_type").notNull(),
    byte_size: bigint("byte_size", { mode: "number" }).notNull(),
    /** Where the file store keeps the bytes (made by the server, never by the client). */
    storage_key: text("storage_key").notNull(),
    uploaded_by: integer("uploaded_by").references(() => users.id),
    company_id: integer("company_id").references(() => companies.id),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [index("attachments_awb_idx").on(t.air_waybill_id, t.id)],
);
export type AttachmentRow = typeof attachments.$inferSelect;
