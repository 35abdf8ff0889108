import { z } from "zod";
import type { HandMovement } from "../../../cargo/awb/movement-codes";
import { SHIPMENT_STATES } from "../../../cargo/awb/shipment-state";
import { MovementSchema } from "./air-waybills.server";
import { BookingSchema } from "./bookings.server";
import type { Upstream } from "./client.server";
import { LooseCodes as Codes, LooseNumber as Num, LooseText as Text, NumberLike, pageOf } from "./schemas";
import { SegmentSchema } from "./segments.server";

// Handling on the flight (spec 3 §7 "Segments": segments/{id}/bookings, air_waybills/ready_to_go, pre_manifest_items;
// "Air waybills": POST and DELETE /{id}/movements; the departure and arrival actions): the calls of the flight page's
// Shipments, Ready for Carriage, Build-Up, Receiving and Notice tabs. Read loosely, as every upstream answer.

const Figures = z.object({ pieces: NumberLike, weight: NumberLike, volume: Num.transform((v) => v ?? 0) });

export const FLIGHT_ROW_STATES = ["all", "to_receive", "received", "manifested", "not_manifested"] as const;
export type FlightRowState = (typeof FLIGHT_ROW_STATES)[number];

/** A build-up row (spec 2 §3): the waybill on this flight with its booking, what was received and what is manifested. */
export const FlightRowSchema = z.object({
  mawb: z.string(),
  source: z.string().nullish(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  commodity: Text,
  shcs: Codes,
  mrn: Text,
  forwarder_short_name: Text,
  awb: Figures,
  booking: Figures.extend({ id: NumberLike, response_status: z.string() }).nullish().transform((v) => v ?? null),
  booked: Figures.nullish().transform((v) => v ?? null),
  received: z.object({ pieces: NumberLike, weight: NumberLike, time_utc: z.string() }).nullish().transform((v) => v ?? null),
  manifested: Figures.extend({ id: NumberLike, priority: NumberLike }).nullish().transform((v) => v ?? null),
  last_movement: z.object({ status_code: z.string(), location_iata: z.string(), discrepancy_code: Text, time_utc: z.string() }).nullish().transform((v) => v ?? null),
  /** The shipment's state (cargo/awb/shipment-state); an API that does not say it leaves the steps to its refusals. */
  shipment_state: z.enum(SHIPMENT_STATES).nullish().catch(null).transform((v) => v ?? null),
});
export type FlightRow = z.infer<typeof FlightRowSchema>;

export const ReadyToGoSchema = z.object({
  mawb: z.string(),
  booking: BookingSchema.nullish().transform((v) => v ?? null),
  movements: z.array(MovementSchema),
  manifested: z.boolean(),
});
export type ReadyToGo = z.infer<typeof ReadyToGoSchema>;

export const PreManifestItemSchema = z.object({
  id: NumberLike,
  mawb: z.string(),
  origin: z.string(),
  destination: z.string(),
  total_pieces: NumberLike,
  pieces: NumberLike,
  weight: NumberLike,
  volume: Num.transform((v) => v ?? 0),
  commodity: Text,
  shcs: Codes,
  priority: NumberLike,
});
export type PreManifestItem = z.infer<typeof PreManifestItemSchema>;

const Totals = z.object({ pieces: NumberLike, weight: NumberLike, volume: NumberLike });
const PreManifestPageSchema = pageOf(PreManifestItemSchema).and(z.object({ meta: z.object({ booked: Totals, manifested: Totals }) }));
export type PreManifestPage = z.infer<typeof PreManifestPageSchema>;

export const BulkBookingSchema = z.object({
  data: z.array(z.object({ mawb: z.string(), booked: z.boolean(), status: Num, errors: z.unknown().nullish() })),
});
export type BulkBookingResult = z.infer<typeof BulkBookingSchema>["data"][number];

const seg = (id: number, rest = "") => `api/v3/segments/${id}${rest}`;

export function listFlightRows(api: Upstream, id: number, query: { state: FlightRowState; page: number; per_page: number }) {
  return api.get(seg(id, "/air_waybills"), { query, schema: pageOf(FlightRowSchema) });
}

export function listReadyToGo(api: Upstream, id: number, query: { page: number; per_page: number }) {
  return api.get(seg(id, "/air_waybills/ready_to_go"), { query, schema: pageOf(ReadyToGoSchema) });
}

export function listPreManifest(api: Upstream, id: number, query: { page: number; per_page: number }) {
  return api.get(seg(id, "/pre_manifest_items"), { query, schema: PreManifestPageSchema });
}

export function bookOnSegment(api: Upstream, id: number, body: { mawb_list: string[]; consignor_certified: boolean }) {
  return api.post(seg(id, "/bookings"), { json: body, schema: BulkBookingSchema });
}

export function receiveWaybill(api: Upstream, id: number, body: { mawb: string; pieces: number; weight: number }) {
  return api.post(seg(id, "/air_waybills/receive"), { json: body });
}

export function unreceiveWaybill(api: Upstream, id: number, mawb: string) {
  return api.delete(seg(id, `/air_waybills/received/${encodeURIComponent(mawb)}`));
}

export function addToManifest(api: Upstream, id: number, body: { mawb: string; priority?: number; pieces?: number; weight?: number; volume?: number }) {
  return api.post(seg(id, "/pre_manifest_items"), { json: body });
}

export function changeManifestItem(api: Upstream, itemId: number, body: { priority?: number; segment_id?: number }) {
  return api.patch(`api/v3/pre_manifest_items/${itemId}`, { json: body });
}

export function removeManifestItem(api: Upstream, itemId: number) {
  return api.delete(`api/v3/pre_manifest_items/${itemId}`);
}

export const FLIGHT_EVENTS = ["depart", "arrive"] as const;
export type FlightEvent = (typeof FLIGHT_EVENTS)[number];

export function recordFlightEvent(api: Upstream, id: number, event: FlightEvent) {
  return api.post(seg(id, `/${event}`), { json: {}, schema: SegmentSchema });
}

export function recordMovement(api: Upstream, mawb: string, body: { segment_id: number; status_code: HandMovement; discrepancy_code?: string }) {
  return api.post(`api/v3/air_waybills/${encodeURIComponent(mawb)}/movements`, { json: body });
}

export function deleteMovement<T = unknown>(api: Upstream, mawb: string, movementId: number, schema?: z.ZodType<T, z.ZodTypeDef, unknown>) {
  return api.delete<T>(`api/v3/air_waybills/${encodeURIComponent(mawb)}/movements/${movementId}`, schema ? { schema } : undefined);
}
