import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { OutgoingErrorCode, OutgoingStatus } from "../../../cargo/telegrams/outgoing-message";
import type { Channel } from "../../../cargo/telegrams/message-setting";
import { carrierOwned, stamps, textList, timestamptz } from "./columns";
import { airWaybills } from "./air-waybills";
import { segments } from "./flights";
import { messageSettings } from "./message-settings";
import { users } from "./users";

// Telegrams sent (issue 23; spec 2 §3 "Outgoing message"): one row per message and channel, written in the
// transaction of the change (or the press of "send") that calls for it, with its send job (api/outgoing). The row
// keeps what was sent exactly (addresses, subject, body; for a URL the method, the URL and the headers, none of
// them a secret) and how the sending went: its status (cargo/telegrams/outgoing-message.ts), attempts and the code
// of the last error.

export const outgoingMessages = pgTable(
  "outgoing_messages",
  {
    ...carrierOwned,
    uuid: uuid("uuid").notNull().defaultRandom(),
    channel_type: text("channel_type").$type<Channel>().notNull(),
    /** What sent it: an event of cargo MESSAGE_EVENTS (movement_added, awb_created, ...), "manual" or "sita_message". */
    event_identifier: text("event_identifier").notNull(),
    /** FWB, FHL, FSU, ...; null for a raw Type-B text sent by platform staff. */
    message_type: text("message_type"),
    /** cimp (the text), json (the model; a URL only) or xml (a customs document: ACI, PLACI). */
    message_format: text("message_format").notNull().default("cimp"),
    message_setting_id: integer("message_setting_id").references(() => messageSettings.id, { onDelete: "set null" }),
    segment_id: integer("segment_id").references(() => segments.id, { onDelete: "set null" }),
    air_waybill_id: integer("air_waybill_id").references(() => airWaybills.id, { onDelete: "set null" }),
    mawb: text("mawb"),
    meta_tags: textList("meta_tags"),
    origin: text("origin"),
    destination: text("destination"),
    /** The message's own reference (the Type-B origin line's, the e-mail's subject reference). */
    message_id: text("message_id"),
    // the channel's details
    sender: text("sender"),
    to: textList("to"),
    cc: textList("cc"),
    bcc: textList("bcc"),
    subject: text("subject"),
    body: text("body").notNull(),
    request_method: text("request_method"),
    url: text("url"),
    request_headers: jsonb("request_headers").$type<Record<string, string>>(),
    // the sending
    status: text("status").$type<OutgoingStatus>().notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    last_error_code: text("last_error_code").$type<OutgoingErrorCode>(),
    last_error: text("last_error"),
    sent_at: timestamptz("sent_at"),
    created_by: integer("created_by").references(() => users.id),
    ...stamps,
  },
  (t) => [
    index("outgoing_messages_list_idx").on(t.carrier, t.created_at, t.id),
    index("outgoing_messages_all_idx").on(t.created_at, t.id),
    index("outgoing_messages_awb_idx").on(t.air_waybill_id, t.created_at),
    index("outgoing_messages_segment_idx").on(t.segment_id),
    check("outgoing_messages_channel", sql`${t.channel_type} in ('email', 'url', 'sita')`),
    check("outgoing_messages_status", sql`${t.status} in ('queued', 'sent', 'failed')`),
    check("outgoing_messages_body_size", sql`octet_length(${t.body}) <= 1000000`),
  ],
);
export type OutgoingMessageRow = typeof outgoingMessages.$inferSelect;
