import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { IncomingSource, IncomingStatus } from "../../../cargo/telegrams/incoming-message";
import { identity, stamps, textList, timestamptz } from "./columns";
import { telegrams } from "./telegrams";
import { users } from "./users";

// Messages received (issue 23; spec 2 §3 "Incoming message": subject, sender, recipient, sent_date, processed, body,
// raw_source, cimp_telegram_id): an e-mail the built-in SMTP receiver took, or a message posted to `messages`. The
// row keeps the mail as it came (raw_source) beside what it reads as, and the Cargo-IMP telegrams made from its body
// (api/messages/message-job.ts). Its airline is the poster's, or for a mail the one whose inbound address it was
// sent to (api/messages/message-airline.ts); none matching, `carrier` stays null and only the platform sees it.

export const incomingMessages = pgTable(
  "incoming_messages",
  {
    ...identity,
    /** The airline whose message it is; null: no airline's inbound address matched (the platform's to look at). */
    carrier: text("carrier"),
    source: text("source").$type<IncomingSource>().notNull(),
    subject: text("subject"),
    sender: textList("sender"),
    recipient: textList("recipient"),
    /** The mail's Date (or the poster's sent_date), when it says one. */
    sent_date: timestamptz("sent_date"),
    /** The mail's Message-ID, for finding it in the sender's system. */
    message_id: text("message_id"),
    body: text("body").notNull(),
    raw_source: text("raw_source"),
    status: text("status").$type<IncomingStatus>().notNull().default("queued"),
    /** What processing found, as codes the pages word (locales/<lng>/incoming.json "notes"). */
    processing_notes: jsonb("processing_notes").$type<Array<{ code: string; params?: Record<string, string | number> }>>().notNull().default(sql`'[]'::jsonb`),
    /** The first telegram made from the body (spec 2's cimp_telegram_id) and every one made, in body order. */
    cimp_telegram_id: integer("cimp_telegram_id").references(() => telegrams.id, { onDelete: "set null" }),
    cimp_telegram_ids: integer("cimp_telegram_ids").array().notNull().default(sql`'{}'::integer[]`),
    processed_at: timestamptz("processed_at"),
    created_by: integer("created_by").references(() => users.id),
    ...stamps,
  },
  (t) => [
    // the lists: an airline's newest first (by status too), and the platform's over every airline
    index("incoming_messages_list_idx").on(t.carrier, t.created_at, t.id),
    index("incoming_messages_status_idx").on(t.carrier, t.status, t.created_at),
    index("incoming_messages_all_idx").on(t.created_at, t.id),
    index("incoming_messages_telegram_idx").on(t.cimp_telegram_id),
    check("incoming_messages_source", sql`${t.source} in ('api', 'email')`),
    check("incoming_messages_status", sql`${t.status} in ('queued', 'processed', 'no_telegram', 'unassigned', 'failed')`),
    // the limits of cargo/telegrams/incoming-message.ts INCOMING_LIMITS, kept by the table too
    check("incoming_messages_raw_source_size", sql`octet_length(${t.raw_source}) <= 1048576`),
    check("incoming_messages_body_size", sql`char_length(${t.body}) <= 262144`),
  ],
);
export type IncomingMessageRow = typeof incomingMessages.$inferSelect;
