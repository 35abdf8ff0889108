import { boolean, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, stamps, timestamptz } from "./columns";
import { waybillLink, waybillSides } from "./air-waybills";
import { users } from "./users";

// The shipper's letter of instruction of a waybill (spec 2 §3 air waybill "SLI fields": barcode, accepted,
// answered_at, info; spec 3 §7 POST /{id}/send_shipper_letter). The forwarder that owns the waybill sends it to the
// airline; the airline accepts it or answers why not. Kept apart from the waybill's own `sli` block, which the
// forwarder edits with the waybill: the airline's answer must not be writable by the side it answers.

export const shipperLetters = pgTable(
  "shipper_letters",
  {
    ...identity,
    /** One letter per waybill: sending again (after the airline declined) replaces it. */
    ...waybillLink,
    ...waybillSides,
    /** What the letter's barcode encodes: "SLI", the number's 11 digits and the send count (two digits). */
    barcode: text("barcode").notNull(),
    /** How many times the forwarder has sent it. */
    sends: integer("sends").notNull().default(1),
    sent_at: timestamptz("sent_at").notNull(),
    sent_by: integer("sent_by").references(() => users.id),
    /** null: not answered yet; true accepted; false declined (info says why). */
    accepted: boolean("accepted"),
    answered_at: timestamptz("answered_at"),
    answered_by: integer("answered_by").references(() => users.id),
    /** The airline's words with its answer. */
    info: text("info"),
    ...stamps,
  },
  (t) => [uniqueIndex("shipper_letters_awb_key").on(t.air_waybill_id), uniqueIndex("shipper_letters_barcode_key").on(t.barcode)],
);
