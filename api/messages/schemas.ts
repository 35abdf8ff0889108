import { z } from "zod";
import { INCOMING_ACTIONS, INCOMING_LIMITS, INCOMING_SOURCES, INCOMING_STATUSES } from "../../cargo/telegrams/incoming-message";
import { PARSING_STATUSES, PROCESSING_STATUSES, TELEGRAM_STATES } from "../../cargo/telegrams/telegram-state";
import { COUNT_CAP } from "../air-waybills/list-query";
import { Text, TEXT_MAX } from "../http/input";
import { PageQuerySchema, refuseBeyondRow } from "../http/pagination";
import { said } from "../http/refusals";
import { IsoDateTime, StampsShape } from "../http/schemas";
import { BLANK, isoDate, wrapped } from "../settings/common";

// The wire shapes of incoming messages (spec 2 §3 "Incoming message": id, subject, sender (list), recipient (list),
// sent_date, processed, body, raw_source, cimp_telegram_id; spec 3 §7 "messages (plus restart)"). A body comes flat
// or wrapped in `message`. Sizes are cargo's INCOMING_LIMITS (docs/hostile-input.md).

const L = INCOMING_LIMITS;
const blankIsAbsent = (v: unknown) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v);
const opt = <T extends z.ZodTypeAny>(s: T) => z.preprocess(blankIsAbsent, s.optional());

/** A list of mail addresses (or Type-B addresses): bounded before any is read. */
const Addresses = z.preprocess(
  (v) => (v == null ? [] : typeof v === "string" ? [v] : v),
  z.array(Text(L.addressChars).trim().min(1, BLANK)).max(L.addresses, said("too_many", { max: L.addresses })),
);

/** The raw source's ceiling is in bytes (the SMTP receiver's `size`); a text of fewer characters may still pass it. */
const RawSource = z
  .string()
  .max(L.rawSourceBytes, said("too_long", { max: L.rawSourceBytes }))
  .refine((v) => Buffer.byteLength(v, "utf8") <= L.rawSourceBytes, said("too_long", { max: L.rawSourceBytes }));

export const CreateMessageBody = wrapped(
  "message",
  z.object({
    subject: opt(Text(L.subjectChars)),
    sender: Addresses,
    recipient: Addresses,
    sent_date: opt(z.string().datetime({ offset: true, message: said("invalid_date_time") })),
    body: z.preprocess((v) => (v === null ? undefined : v), z.string({ required_error: BLANK }).min(1, BLANK).max(L.bodyChars, said("too_long", { max: L.bodyChars }))),
    raw_source: opt(RawSource),
    /** Platform staff on the default host: the airline it is for; absent, the inbound addresses decide (as for a mail). */
    carrier: opt(z.string().max(TEXT_MAX.code)),
  }),
);
export type CreateMessageInput = z.infer<typeof CreateMessageBody>;

/**
 * What POST messages' body may weigh: the raw source and the body at their ceilings, written out as JSON (a control
 * character may take six bytes), with the rest of the fields.
 */
export const MESSAGE_JSON_LIMIT = 2 * (L.rawSourceBytes + L.bodyChars) + 64 * 1024;

/** The input guard's ceilings for the two long texts (api/http/input-guard.ts), flat and wrapped. */
export const MESSAGE_LONG_STRINGS = {
  body: L.bodyChars,
  raw_source: L.rawSourceBytes,
  "message.body": L.bodyChars,
  "message.raw_source": L.rawSourceBytes,
} as const;

export const MessageListQuery = PageQuerySchema.extend({
  status: opt(z.enum(INCOMING_STATUSES, { message: `must be one of ${INCOMING_STATUSES.join(", ")}` })),
  source: opt(z.enum(INCOMING_SOURCES, { message: `must be one of ${INCOMING_SOURCES.join(", ")}` })),
  q: opt(Text(TEXT_MAX.search)).describe("a piece of the subject or of a sender's address"),
  date_from: opt(isoDate()).describe("received on or after this day (00:00 UTC)"),
  date_to: opt(isoDate()).describe("received on or before this day (24:00 UTC)"),
}).superRefine(refuseBeyondRow(COUNT_CAP));
export type MessageListValues = z.infer<typeof MessageListQuery>;

const NoteSchema = z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).optional() });

export const IncomingMessageSchema = z.object({
  id: z.number().int(),
  ...StampsShape,
  carrier: z.string().nullable().describe("the airline whose message it is; null: no inbound address matched (platform only)"),
  source: z.enum(INCOMING_SOURCES),
  subject: z.string().nullable(),
  sender: z.array(z.string()),
  recipient: z.array(z.string()),
  sent_date: IsoDateTime.nullable(),
  message_id: z.string().nullable(),
  status: z.enum(INCOMING_STATUSES),
  processed: z.boolean().describe("telegrams were made from it (status processed)"),
  processed_at: IsoDateTime.nullable(),
  cimp_telegram_id: z.number().int().nullable(),
  cimp_telegram_ids: z.array(z.number().int()),
  processing_notes: z.array(NoteSchema),
  actions: z.record(z.enum(INCOMING_ACTIONS), z.boolean()).describe("what the caller may do with it now"),
});

/** A telegram made from the message, as its page names it (the telegram's own page has the rest). */
const MadeTelegramSchema = z.object({
  id: z.number().int(),
  message_type: z.string().nullable(),
  mawb: z.string().nullable(),
  parsing_status: z.enum(PARSING_STATUSES),
  processing_status: z.enum(PROCESSING_STATUSES),
  state: z.enum(TELEGRAM_STATES),
});

export const IncomingMessageDetailSchema = IncomingMessageSchema.extend({
  body: z.string(),
  raw_source: z.string().nullable(),
  telegrams: z.array(MadeTelegramSchema),
});
