import { z } from "zod";
import { PARSING_STATUSES, PROCESSING_STATUSES, TELEGRAM_STATES } from "../../../cargo/telegrams/telegram-state";
import type { Upstream } from "./client.server";
import { LooseActions, LooseFlag, LooseNumber, LooseText, NumberLike, pageOf } from "./schemas";

// Cargo-IMP telegrams received (issue 23; spec 3 §7 "CIMP telegrams": GET, POST (cimp_text, message_identifier),
// PATCH, POST /{id}/restart). Read loosely, as every upstream answer: an airline's own backend may leave optional
// fields out, and a state this BFF does not know yet reads as null rather than failing the page.

const oneOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]).nullish().catch(null).transform((v) => v ?? null);

const TelegramErrorSchema = z.object({
  line: NumberLike.catch(0),
  code: z.string(),
  params: z.record(z.union([z.string(), z.number()])).nullish().transform((p) => p ?? {}),
  message: z.string().nullish().transform((m) => m ?? ""),
});
export type TelegramErrorLine = z.infer<typeof TelegramErrorSchema>;

export const CimpTelegramSchema = z.object({
  id: NumberLike,
  created_at: z.string(),
  message_type: LooseText,
  message_version: LooseText,
  message_identifier: LooseText,
  sender: LooseText,
  station: LooseText,
  mawb: LooseText,
  parsing_status: oneOf(PARSING_STATUSES),
  processing_status: oneOf(PROCESSING_STATUSES),
  state: oneOf(TELEGRAM_STATES),
  error_count: LooseNumber,
  corrected: LooseFlag,
  corrector_email: LooseText,
  parsed_at: LooseText,
  processed_at: LooseText,
  actions: LooseActions("correct", "restart"),
});
export type CimpTelegram = z.infer<typeof CimpTelegramSchema>;

export const CimpTelegramDetailSchema = CimpTelegramSchema.extend({
  original_content: z.string().nullish().transform((v) => v ?? ""),
  parsed_content: z.unknown().transform((v) => v ?? null),
  error_messages: z.array(TelegramErrorSchema).nullish().transform((v) => v ?? []),
  // what applying it did, line by line (api/telegrams/processing-note.ts): a code and its params
  processing_notes: z
    .array(z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).nullish().transform((v) => v ?? {}) }))
    .nullish()
    .transform((v) => v ?? []),
});
export type CimpTelegramDetail = z.infer<typeof CimpTelegramDetailSchema>;

export interface CimpTelegramQuery {
  page: number;
  per_page: number;
  message_type?: string;
  state?: (typeof TELEGRAM_STATES)[number];
  mawb?: string;
}

const PATH = "api/v3/cimp_telegrams";

export function listCimpTelegrams(api: Upstream, query: CimpTelegramQuery) {
  return api.get(PATH, { query: { ...query }, schema: pageOf(CimpTelegramSchema) });
}

/** The telegrams received about a waybill (GET air_waybills/{id}/cimp_telegrams), newest first. */
export function listWaybillTelegrams(api: Upstream, mawb: string, query: CimpTelegramQuery) {
  return api.get(`api/v3/air_waybills/${encodeURIComponent(mawb)}/cimp_telegrams`, { query: { ...query }, schema: pageOf(CimpTelegramSchema) });
}

export function getCimpTelegram(api: Upstream, id: number) {
  return api.get(`${PATH}/${id}`, { schema: CimpTelegramDetailSchema });
}

export function sendCimpTelegram(api: Upstream, input: { cimp_text: string; message_identifier?: string }) {
  return api.post(PATH, { json: { cimp_telegram: input }, schema: CimpTelegramDetailSchema });
}

export function correctCimpTelegram(api: Upstream, id: number, cimp_text: string) {
  return api.patch(`${PATH}/${id}`, { json: { cimp_telegram: { cimp_text } }, schema: CimpTelegramDetailSchema });
}

export function restartCimpTelegram(api: Upstream, id: number) {
  return api.post(`${PATH}/${id}/restart`, { schema: CimpTelegramDetailSchema });
}
