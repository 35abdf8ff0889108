import { z } from "zod";
import { INCOMING_SOURCES, INCOMING_STATUSES } from "../../../cargo/telegrams/incoming-message";
import { PARSING_STATUSES, PROCESSING_STATUSES, TELEGRAM_STATES } from "../../../cargo/telegrams/telegram-state";
import type { Upstream } from "./client.server";
import { CimpTelegramSchema } from "./cimp-telegrams.server";
import { OutgoingMessageSchema } from "./outgoing-messages.server";
import { LooseActions, LooseCodes, LooseNumber, LooseText, NumberLike, pageOf } from "./schemas";

// Incoming messages (issue 23; spec 2 §3 "Incoming message"; spec 3 §7 "messages (plus restart)"), and what a
// flight received and sent (spec 3 §7 segments/{id}/cimp_telegrams, /outgoing_messages: the flight page's Incoming and
// Outgoing messages tabs). Read loosely: a status this BFF does not know reads as null.

const oneOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]).nullish().catch(null).transform((v) => v ?? null);

const NoteSchema = z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).nullish().transform((v) => v ?? {}) });
export type MessageNote = z.infer<typeof NoteSchema>;

export const IncomingMessageSchema = z.object({
  id: NumberLike,
  created_at: z.string(),
  carrier: LooseText,
  source: oneOf(INCOMING_SOURCES),
  subject: LooseText,
  sender: LooseCodes,
  recipient: LooseCodes,
  sent_date: LooseText,
  message_id: LooseText,
  status: oneOf(INCOMING_STATUSES),
  processed: z.boolean().nullish().transform((v) => v ?? false),
  processed_at: LooseText,
  cimp_telegram_id: LooseNumber,
  processing_notes: z.array(NoteSchema).nullish().transform((v) => v ?? []),
  actions: LooseActions("restart"),
});
export type IncomingMessage = z.infer<typeof IncomingMessageSchema>;

const MadeTelegramSchema = z.object({
  id: NumberLike,
  message_type: LooseText,
  mawb: LooseText,
  parsing_status: oneOf(PARSING_STATUSES),
  processing_status: oneOf(PROCESSING_STATUSES),
  state: oneOf(TELEGRAM_STATES),
});
export type MadeTelegram = z.infer<typeof MadeTelegramSchema>;

export const IncomingMessageDetailSchema = IncomingMessageSchema.extend({
  body: z.string().nullish().transform((v) => v ?? ""),
  raw_source: LooseText,
  telegrams: z.array(MadeTelegramSchema).nullish().transform((v) => v ?? []),
});
export type IncomingMessageDetail = z.infer<typeof IncomingMessageDetailSchema>;

export interface IncomingQuery {
  page: number;
  per_page: number;
  status?: (typeof INCOMING_STATUSES)[number];
  q?: string;
  date_from?: string;
  date_to?: string;
}

const PATH = "api/v3/messages";

export function listIncomingMessages(api: Upstream, query: IncomingQuery) {
  return api.get(PATH, { query: { ...query }, schema: pageOf(IncomingMessageSchema) });
}

export function getIncomingMessage(api: Upstream, id: number) {
  return api.get(`${PATH}/${id}`, { schema: IncomingMessageDetailSchema });
}

export function restartIncomingMessage(api: Upstream, id: number) {
  return api.post(`${PATH}/${id}/restart`, { schema: IncomingMessageDetailSchema });
}

/** The Cargo-IMP telegrams a flight received (those whose processing found the flight). */
export function listSegmentTelegrams(api: Upstream, segmentId: number, page: number, per_page: number) {
  return api.get(`api/v3/segments/${segmentId}/cimp_telegrams`, { query: { page, per_page }, schema: pageOf(CimpTelegramSchema) });
}

/** The telegrams sent about a flight (its FBL, FFM, UWS; its waybills' statuses). */
export function listSegmentOutgoing(api: Upstream, segmentId: number, page: number, per_page: number) {
  return api.get(`api/v3/segments/${segmentId}/outgoing_messages`, { query: { page, per_page }, schema: pageOf(OutgoingMessageSchema) });
}
