import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TelegramError } from "../../../cargo/telegrams/telegram-error";
import type { ParsingStatus, ProcessingStatus } from "../../../cargo/telegrams/telegram-state";
import { carrierOwned, stamps, timestamptz } from "./columns";
import { segments } from "./flights";
import { users } from "./users";

// Telegrams received (issue 23; spec 2 §3 "Messages": CIMP, SSIM and AHM telegrams): one table for every family, as
// the spec's three lists share their life (cargo/telegrams/telegram-state.ts) and their columns. The text is kept as
// it arrived (`original_content`), beside what it read as (`parsed_content`) and every fault with its line
// (`error_messages`); a person's correction replaces the text and keeps who did it.

/** Where a telegram came from: typed or uploaded on the page, the API, e-mail, a SITA gateway. */
export const TELEGRAM_SOURCES = ["upload", "api", "email", "sita"] as const;
export type TelegramSource = (typeof TELEGRAM_SOURCES)[number];

/** The families the lists show: Cargo-IMP (cimp_telegrams), SSIM files and ASM/SSM (ssim_telegrams), AHM MVT. */
export const TELEGRAM_FAMILIES = ["cimp", "ssim", "ahm"] as const;
export type TelegramListFamily = (typeof TELEGRAM_FAMILIES)[number];

export const telegrams = pgTable(
  "telegrams",
  {
    ...carrierOwned,
    family: text("family").$type<TelegramListFamily>().notNull(),
    /** FWB, FSU, SSIM, ASM, MVT...; null until read, or when the text names no type we know. */
    message_type: text("message_type"),
    message_version: text("message_version"),
    /** The sender's own id of the message (the POST's message_identifier; the Type-B envelope's reference). */
    message_identifier: text("message_identifier"),
    source: text("source").$type<TelegramSource>().notNull(),
    /** The Type-B origin address or the e-mail sender; the user's e-mail for an upload. */
    sender: text("sender"),
    station: text("station"),
    subject: text("subject"),
    notes: text("notes"),
    original_content: text("original_content").notNull(),
    parsed_content: jsonb("parsed_content").$type<unknown>(),
    error_messages: jsonb("error_messages").$type<TelegramError[]>().notNull().default(sql`'[]'::jsonb`),
    parsing_status: text("parsing_status").$type<ParsingStatus>().notNull().default("pending"),
    processing_status: text("processing_status").$type<ProcessingStatus>().notNull().default("pending"),
    /** What processing did, for the page ("movement DEP added", "nothing changed: already applied"). */
    processing_notes: jsonb("processing_notes").$type<Array<{ code: string; params?: Record<string, string | number> }>>().notNull().default(sql`'[]'::jsonb`),
    /** The waybill and the flight the telegram is about, once read (the lists filter by them). */
    mawb: text("mawb"),
    segment_id: integer("segment_id").references(() => segments.id),
    corrected: boolean("corrected").notNull().default(false),
    corrected_by: integer("corrected_by").references(() => users.id),
    created_by: integer("created_by").references(() => users.id),
    /** When the sender sent it (the envelope's day and time, or the mail's Date), when known. */
    sent_at: timestamptz("sent_at"),
    parsed_at: timestamptz("parsed_at"),
    processed_at: timestamptz("processed_at"),
    ...stamps,
  },
  (t) => [
    // each list, newest first, by family and optionally by type and status
    index("telegrams_list_idx").on(t.carrier, t.family, t.created_at, t.id),
    index("telegrams_type_idx").on(t.carrier, t.family, t.message_type, t.created_at),
    index("telegrams_mawb_idx").on(t.carrier, t.mawb),
    index("telegrams_segment_idx").on(t.segment_id),
    // a sender's message sent twice is stored once (the POST answers the first)
    uniqueIndex("telegrams_identifier_key").on(t.carrier, t.family, t.message_identifier).where(sql`${t.message_identifier} is not null`),
    check("telegrams_family", sql`${t.family} in ('cimp', 'ssim', 'ahm')`),
    check("telegrams_source", sql`${t.source} in ('upload', 'api', 'email', 'sita')`),
    check("telegrams_parsing_status", sql`${t.parsing_status} in ('pending', 'parsed', 'failed')`),
    check("telegrams_processing_status", sql`${t.processing_status} in ('pending', 'processing', 'processed', 'failed', 'rejected', 'skipped')`),
  ],
);
