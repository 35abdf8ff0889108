import { z } from "zod";
import { VOID_PAYMENTS, VOID_REQUEST_STATUSES, type VoidPayment, type VoidRequestStatus } from "../air-waybills/void-request-reply";
import type { Upstream } from "./client.server";
import { LooseActions, LooseFlag as Flag, LooseText as Text, NumberLike, pageOf } from "./schemas";

// Void requests (spec 2 §3 "Void request", §4; spec 3 §7 `/{id}/void_requests`): the forwarder asks the airline to
// void a waybill and may withdraw; the airline accepts (the waybill is voided) or declines. Read loosely, as every
// upstream answer (an airline's own backend may leave optional fields out).

export type { VoidPayment, VoidRequestStatus };

export const VoidRequestSchema = z.object({
  id: NumberLike,
  created_at: z.string(),
  mawb: z.string(),
  carrier: Text,
  awb_prefix: Text,
  company_short_name: Text,
  status: z.enum(VOID_REQUEST_STATUSES),
  request_reason: Text,
  payment_required: Flag,
  resolve_reason: Text,
  void_payment: z.enum(VOID_PAYMENTS).nullish().transform((v) => v ?? null),
  requested_by: Text,
  resolved_by: Text,
  resolved_at: Text,
  actions: LooseActions("withdraw", "resolve"),
});
export type VoidRequest = z.infer<typeof VoidRequestSchema>;

const path = (mawb: string) => `api/v3/air_waybills/${encodeURIComponent(mawb)}/void_requests`;

/** The waybill's requests, newest first, and whether this user may ask now. */
export function listAwbVoidRequests(api: Upstream, mawb: string) {
  return api.get(path(mawb), { schema: z.object({ data: z.array(VoidRequestSchema), can_request: Flag }) });
}

export function requestVoid(api: Upstream, mawb: string, input: { request_reason: string; payment_required: boolean }) {
  return api.post(path(mawb), { json: { void_request: input }, schema: VoidRequestSchema });
}

export function withdrawVoidRequest(api: Upstream, id: number) {
  return api.delete(`api/v3/void_requests/${id}`, { schema: VoidRequestSchema });
}

export function resolveVoidRequest(api: Upstream, id: number, input: { status: "accepted" | "declined"; resolve_reason?: string; void_payment?: VoidPayment }) {
  return api.patch(`api/v3/void_requests/${id}`, { json: { void_request: input }, schema: VoidRequestSchema });
}

/** Each side's list: an airline's requests under its prefixes, a forwarder's of its company. */
export function listVoidRequests(api: Upstream, query: { page: number; per_page: number; status?: VoidRequestStatus; mawb?: string }) {
  return api.get("api/v3/void_requests", { query, schema: pageOf(VoidRequestSchema) });
}
