import { z } from "zod";
import { CHANNEL_TYPES, OUTGOING_ERROR_CODES, OUTGOING_STATUSES } from "../../../cargo/telegrams/outgoing-message";
import type { Upstream } from "./client.server";
import { LooseActions, LooseCodes, LooseNumber, LooseText, NumberLike, pageOf } from "./schemas";

// Outgoing telegrams (issue 23; spec 2 §3 "Outgoing message"; spec 3 §7 outgoing_messages (+ resend), air waybills'
// send_fwb, fhl and /{id}/outgoing_messages, sita_messages). Read loosely: a status or error code this BFF does not
// know reads as null.

const oneOf = <T extends string>(values: readonly T[]) => z.enum(values as [T, ...T[]]).nullish().catch(null).transform((v) => v ?? null);

export const OutgoingMessageSchema = z.object({
  id: NumberLike,
  created_at: z.string(),
  carrier: LooseText,
  channel_type: oneOf(CHANNEL_TYPES),
  event_identifier: LooseText,
  message_type: LooseText,
  message_format: LooseText,
  mawb: LooseText,
  segment_id: LooseNumber,
  message_id: LooseText,
  sender: LooseText,
  to: LooseCodes,
  cc: LooseCodes,
  bcc: LooseCodes,
  subject: LooseText,
  request_method: LooseText,
  url: LooseText,
  status: oneOf(OUTGOING_STATUSES),
  attempts: LooseNumber,
  last_error_code: oneOf(OUTGOING_ERROR_CODES),
  sent_at: LooseText,
  actions: LooseActions("resend"),
});
export type OutgoingMessage = z.infer<typeof OutgoingMessageSchema>;

export const OutgoingMessageDetailSchema = OutgoingMessageSchema.extend({
  body: z.string().nullish().transform((v) => v ?? ""),
  last_error: LooseText,
  request_headers: z.record(z.string()).nullish().transform((v) => v ?? {}),
  delivery: z
    .object({ state: z.string(), attempts: NumberLike, max_attempts: NumberLike, run_at: z.string() })
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
});
export type OutgoingMessageDetail = z.infer<typeof OutgoingMessageDetailSchema>;

export interface OutgoingQuery {
  page: number;
  per_page: number;
  message_type?: string;
  channel_type?: (typeof CHANNEL_TYPES)[number];
  status?: (typeof OUTGOING_STATUSES)[number];
  mawb?: string;
  date_from?: string;
  date_to?: string;
}

const PATH = "api/v3/outgoing_messages";

export function listOutgoingMessages(api: Upstream, query: OutgoingQuery) {
  return api.get(PATH, { query: { ...query }, schema: pageOf(OutgoingMessageSchema) });
}

export function getOutgoingMessage(api: Upstream, id: number) {
  return api.get(`${PATH}/${id}`, { schema: OutgoingMessageDetailSchema });
}

export function resendOutgoingMessage(api: Upstream, id: number) {
  return api.post(`${PATH}/${id}/resend`, { schema: OutgoingMessageDetailSchema });
}

/** The waybill's FWB, to the addresses typed or (none) to the airline's settings for sending it by hand. */
export function sendFwb(api: Upstream, mawb: string, addresses: string[]) {
  return api.post(`api/v3/air_waybills/${encodeURIComponent(mawb)}/send_fwb`, { json: { message: { addresses } }, schema: z.object({ data: z.array(OutgoingMessageSchema) }) });
}

export function sendSitaMessage(api: Upstream, input: { text: string; addresses: string[]; carrier?: string }) {
  return api.post("api/v3/sita_messages", { json: { sita_message: input }, schema: OutgoingMessageDetailSchema });
}
