import { boolean, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { carrierOwned, stamps, textList } from "./columns";

/**
 * What an airline sends on which event, how and to whom (spec 2 "Message setting"; the rules are
 * cargo/telegrams/message-setting.ts). The sender reads the active settings of a carrier and a type, hence the index.
 */
export const messageSettings = pgTable(
  "message_settings",
  {
    ...carrierOwned,
    /** The station whose events it sends (a flight's departure airport, a movement's station); null: every station. */
    station: text("station"),
    message_to: textList("message_to"),
    message_cc: textList("message_cc"),
    message_bcc: textList("message_bcc"),
    message_format: text("message_format").notNull().default("cimp"),
    message_subject: text("message_subject"),
    message_type: text("message_type").notNull(),
    /** The Cargo-IMP version written; null: the codec's current one. */
    message_version: text("message_version"),
    /** Also send when there is nothing to report (a NIL manifest). */
    send_nil_data: boolean("send_nil_data").notNull().default(false),
    /** Minutes between batches; null: each event is sent as it happens. */
    sending_interval: integer("sending_interval"),
    /** The event that sends it (cargo MESSAGE_EVENTS). */
    source_type: text("source_type").notNull(),
    active: boolean("active").notNull().default(true),
    description: text("description"),
    ...stamps,
  },
  (t) => [
    index("message_settings_carrier_type_idx").on(t.carrier, t.message_type),
    check("message_settings_interval_check", sql`${t.sending_interval} IS NULL OR ${t.sending_interval} BETWEEN 1 AND 1440`),
  ],
);
export type MessageSettingRow = typeof messageSettings.$inferSelect;
