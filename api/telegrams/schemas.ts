import { z } from "zod";
import { ANY_TEXT_MAX } from "../../cargo/limits";
import { PARSING_STATUSES, PROCESSING_STATUSES, TELEGRAM_ACTIONS, TELEGRAM_STATES } from "../../cargo/telegrams/telegram-state";
import { TELEGRAM_SOURCES } from "../db/tables/telegrams";
import { PageQuerySchema, refuseBeyondRow } from "../http/pagination";
import { Text, TEXT_MAX, tooLong } from "../http/input";
import { IsoDateTime, StampsShape } from "../http/schemas";
import { BLANK, optDate, wrapped } from "../settings/common";
import { SSIM_LIMITS } from "../../cargo/telegrams/ssim/ssim-limits";
import { COUNT_CAP, MawbStart } from "../air-waybills/list-query";

// The wire shapes of received telegrams (spec 2 §3 "CIMP telegram"; spec 3 §7 "CIMP telegrams: GET, POST (body
// cimp_text, message_identifier), PATCH, POST /{id}/restart"). Bodies come flat or wrapped in `cimp_telegram`.

/**
 * The longest telegram text the API takes in a JSON body: the input guard's ceiling for any string. A Type-B
 * telegram is at most 3 840 characters (a multi-part FFM is several telegrams); Cargo-IMP by e-mail runs longer,
 * rarely past a few thousand. SSIM files, which do, come as files.
 */
export const TELEGRAM_TEXT_MAX = ANY_TEXT_MAX;

export const TelegramText = z.preprocess((v) => (v === null ? undefined : v), z.string({ required_error: BLANK }).min(1, BLANK).max(TELEGRAM_TEXT_MAX, tooLong(TELEGRAM_TEXT_MAX)));
const Identifier = z.preprocess((v) => (v === null || v === "" ? undefined : v), Text(TEXT_MAX.name).trim().optional());

export const CreateCimpTelegramBody = wrapped(
  "cimp_telegram",
  z.object({
    cimp_text: TelegramText,
    /** The sender's own id of the message: a second POST with it answers the first telegram instead of storing two. */
    message_identifier: Identifier,
  }),
);

export const CorrectCimpTelegramBody = wrapped("cimp_telegram", z.object({ cimp_text: TelegramText }));

export const CimpTelegramListQuery = PageQuerySchema.extend({
  message_type: z
    .string()
    .regex(/^[A-Za-z]{3}$/, "must be a three-letter message type")
    .transform((v) => v.toUpperCase())
    .optional(),
  parsing_status: z.enum(PARSING_STATUSES).optional(),
  processing_status: z.enum(PROCESSING_STATUSES).optional(),
  state: z.enum(TELEGRAM_STATES).optional(),
  mawb: MawbStart.optional(),
}).superRefine(refuseBeyondRow(COUNT_CAP));

const ErrorMessageSchema = z.object({ line: z.number().int(), code: z.string(), params: z.record(z.union([z.string(), z.number()])).optional(), message: z.string() });

export const TelegramSchema = z.object({
  id: z.number().int(),
  ...StampsShape,
  carrier: z.string(),
  message_type: z.string().nullable(),
  message_version: z.string().nullable(),
  message_identifier: z.string().nullable(),
  source: z.enum(TELEGRAM_SOURCES),
  sender: z.string().nullable(),
  station: z.string().nullable(),
  subject: z.string().nullable(),
  notes: z.string().nullable(),
  mawb: z.string().nullable(),
  segment_id: z.number().int().nullable(),
  parsing_status: z.enum(PARSING_STATUSES),
  processing_status: z.enum(PROCESSING_STATUSES),
  state: z.enum(TELEGRAM_STATES).describe("the two statuses read together (cargo/telegrams/telegram-state.ts)"),
  error_count: z.number().int(),
  corrected: z.boolean(),
  corrector_email: z.string().nullable(),
  sent_at: IsoDateTime.nullable(),
  parsed_at: IsoDateTime.nullable(),
  processed_at: IsoDateTime.nullable(),
  actions: z.record(z.enum(TELEGRAM_ACTIONS), z.boolean()).describe("what the caller may do with it now"),
});

export const TelegramDetailSchema = TelegramSchema.extend({
  original_content: z.string(),
  parsed_content: z.unknown(),
  error_messages: z.array(ErrorMessageSchema),
  processing_notes: z.array(z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).optional() })),
});

// ---- SSIM and AHM telegrams (spec 2 §3 "SSIM telegram", "AHM telegram"; spec 3 §7 ssim_telegrams "POST as JSON or as
// file form", ahm_telegrams GET) -------------------------------------------------------------------------------------

/** An SSIM text in a JSON body: a whole schedule file, far longer than a telegram (api/telegrams/ssim-limits.ts). */
export const CreateSsimTelegramBody = wrapped(
  "ssim_telegram",
  z.object({
    ssim_text: z.preprocess((v) => (v === null ? undefined : v), z.string({ required_error: BLANK }).min(1, BLANK).max(SSIM_LIMITS.maxFileBytes, tooLong(SSIM_LIMITS.maxFileBytes))),
    message_identifier: Identifier,
  }),
);

/** An MVT a station sends (AHM 780): a Type-B telegram, as short as any. */
export const CreateAhmTelegramBody = wrapped("ahm_telegram", z.object({ ahm_text: TelegramText, message_identifier: Identifier }));

/** "S7101" or "S70101" → "S70101" (the written form, cargo/flights/flight-number.ts); a beginning ("S7") as typed. */
const FlightNumberTerm = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2}[A-Z]?(\d{1,4}[A-Z]?)?$/, "must be a flight number or its airline")
  .transform((v) => v.replace(/^([A-Z0-9]{2}[A-Z]?)(\d{1,4})([A-Z]?)$/, (_, c: string, n: string, s: string) => `${c}${n.padStart(4, "0")}${s}`));

/** The SSIM and AHM lists: type, statuses, state, the day received (from, to) and a flight the telegram names. */
export const FlightTelegramListQuery = PageQuerySchema.extend({
  message_type: z
    .string()
    .regex(/^[A-Za-z]{3,4}$/, "must be a message type (SSIM, ASM, SSM, MVT)")
    .transform((v) => v.toUpperCase())
    .optional(),
  parsing_status: z.enum(PARSING_STATUSES).optional(),
  processing_status: z.enum(PROCESSING_STATUSES).optional(),
  state: z.enum(TELEGRAM_STATES).optional(),
  date_from: optDate().describe("received on or after this day (YYYY-MM-DD, UTC)"),
  date_to: optDate().describe("received on or before this day"),
  number: FlightNumberTerm.optional().describe("a flight the telegram names (S71001), or an airline's flights (S7)"),
}).superRefine(refuseBeyondRow(COUNT_CAP));
export type FlightTelegramListValues = z.infer<typeof FlightTelegramListQuery>;
