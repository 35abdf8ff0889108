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

/** The telegrams a waybill's pages write and send (spec 1 /shipments/:mawb/fwb, /fhl). */
export type WaybillTelegramType = "FWB" | "FHL";

const awbPath = (mawb: string) => `api/v3/air_waybills/${encodeURIComponent(mawb)}`;
/** Where each is sent (spec 3 §7 air_waybills/{id}/send_fwb, /fhl). */
const SEND_PATHS: Record<WaybillTelegramType, string> = { FWB: "send_fwb", FHL: "fhl" };

/**
 * The waybill's FWB or FHL to the addresses typed or (none) to the airline's settings for sending it by hand; an FHL
 * of a waybill without house waybills is refused (no_house_waybills).
 */
export function sendWaybillTelegram(api: Upstream, mawb: string, type: WaybillTelegramType, addresses: string[]) {
  return api.post(`${awbPath(mawb)}/${SEND_PATHS[type]}`, { json: { message: { addresses } }, schema: z.object({ data: z.array(OutgoingMessageSchema) }) });
}

export const WaybillTelegramSchema = z.object({ type: z.string(), mawb: z.string(), text: z.string(), generated_at: z.string() });
export type WaybillTelegram = z.infer<typeof WaybillTelegramSchema>;

/** The text sending it now would write (GET air_waybills/{id}/fwb, /fhl). */
export function getWaybillTelegram(api: Upstream, mawb: string, type: WaybillTelegramType) {
  return api.get(`${awbPath(mawb)}/${type.toLowerCase()}`, { schema: WaybillTelegramSchema });
}

/** The telegrams sent about the waybill (GET air_waybills/{id}/outgoing_messages), newest first. */
export function listWaybillOutgoing(api: Upstream, mawb: string, query: OutgoingQuery) {
  return api.get(`${awbPath(mawb)}/outgoing_messages`, { query: { ...query }, schema: pageOf(OutgoingMessageSchema) });
}

export function sendSitaMessage(api: Upstream, input: { text: string; addresses: string[]; carrier?: string }) {
  return api.post("api/v3/sita_messages", { json: { sita_message: input }, schema: OutgoingMessageDetailSchema });
}
