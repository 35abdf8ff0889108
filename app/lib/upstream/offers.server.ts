import { z } from "zod";
import { OFFER_ACTIONS, OFFER_STATUSES } from "../../../cargo/offers/offer-status";
import { OFFER_RATE_BASES, OFFER_RATE_CLASSES, OFFER_RATE_COMPANIES, OFFER_RATE_TYPES } from "../../../cargo/offers/offer-rates";
import type { Upstream } from "./client.server";
import { LooseActions, LooseCodes as Codes, LooseNumber, LooseText as Text, NumberLike, pageOf } from "./schemas";

// Offers (spec 2 §3 "Offer", "Offer rate", "Offer dimension"; spec 3 §7 "offers (plus .pdf, dimensions, rates)"):
// the forwarder's quotations. Read loosely, as every upstream answer. Amounts stay decimal text: the page shows them
// as the API wrote them (already rounded to their currency) and never computes with a JavaScript number.

/** An amount: decimal text, whether the wire sent text or a number. */
const Amount = z.union([z.string(), z.number().transform(String)]);
const LooseAmount = Amount.nullish().transform((v) => v ?? null);

export const OfferRateSchema = z.object({
  id: NumberLike,
  type: z.enum(OFFER_RATE_TYPES),
  code: z.string(),
  rate_class_code: z.enum(OFFER_RATE_CLASSES).nullish().transform((v) => v ?? null),
  description: Text,
  rate: Amount,
  base_value: LooseAmount,
  amount: LooseAmount,
  incoming_amount: Amount,
  outgoing_amount: Amount,
  margin: LooseAmount,
  currency: z.string(),
  basis: z.enum(OFFER_RATE_BASES),
  vat_percent: LooseAmount,
  company: z.enum(OFFER_RATE_COMPANIES).nullish().transform((v) => v ?? "carrier"),
  added_by: Text,
});
export type OfferRate = z.infer<typeof OfferRateSchema>;

export const OfferDimensionSchema = z.object({ id: NumberLike, pieces: NumberLike, weight: LooseNumber, length: NumberLike, width: NumberLike, height: NumberLike, volume: LooseNumber });
export type OfferDimension = z.infer<typeof OfferDimensionSchema>;

const TotalSchema = z.object({ currency: z.string(), incoming_amount: Amount, outgoing_amount: Amount, margin: Amount });
export type OfferTotal = z.infer<typeof TotalSchema>;

const CustomerSchema = z
  .object({
    name: Text,
    address: Text,
    city: Text,
    country_code: Text,
    post_code: Text,
    tax_id: Text,
    contacts: z.array(z.object({ type: z.string(), value: z.string() })).nullish().transform((v) => v ?? []),
  })
  .nullish()
  .transform((v) => v ?? { name: null, address: null, city: null, country_code: null, post_code: null, tax_id: null, contacts: [] });

const SegmentSchema = z.object({ segment_id: NumberLike, number_with_date: z.string(), origin_iata: z.string(), destination_iata: z.string(), std: Text });

export const OfferListItemSchema = z.object({
  id: NumberLike,
  number: z.string(),
  status: z.enum(OFFER_STATUSES),
  carrier: Text,
  customer_name: Text,
  origin_iata: z.string(),
  destination_iata: z.string(),
  date_toa: Text,
  pieces: NumberLike,
  weight: NumberLike,
  volume: LooseNumber,
  commodity: Text,
  valid_until: Text,
  air_waybills: Codes,
  totals: z.array(TotalSchema).nullish().transform((v) => v ?? []),
  created_at: z.string(),
});
export type OfferListItem = z.infer<typeof OfferListItemSchema>;

export const OfferSchema = OfferListItemSchema.extend({
  customer_id: LooseNumber,
  customer: CustomerSchema,
  chargeable_weight: LooseNumber,
  shcs: Codes,
  comment: Text,
  pickup_address: Text,
  pickup_city: Text,
  pickup_post_code: Text,
  delivery_address: Text,
  delivery_city: Text,
  delivery_post_code: Text,
  segments: z.array(SegmentSchema).nullish().transform((v) => v ?? []),
  rates: z.array(OfferRateSchema).nullish().transform((v) => v ?? []),
  dimensions: z.array(OfferDimensionSchema).nullish().transform((v) => v ?? []),
  sent_at: Text,
  accepted_at: Text,
  closed_at: Text,
  actions: LooseActions(...OFFER_ACTIONS),
});
export type Offer = z.infer<typeof OfferSchema>;

export type OfferTab = (typeof OFFER_STATUSES)[number] | "all";

export function listOffers(api: Upstream, query: { page: number; per_page: number; status?: OfferTab; q?: string }) {
  return api.get("api/v3/offers", { query, schema: pageOf(OfferListItemSchema) });
}

export function getOffer(api: Upstream, id: number) {
  return api.get(`api/v3/offers/${id}`, { schema: OfferSchema });
}

/** The whole offer as the form holds it: its fields, and its rates and dimensions (they replace the stored ones). */
export interface OfferBody {
  offer: Record<string, unknown>;
  rates: Array<Record<string, unknown>>;
  dimensions: Array<Record<string, unknown>>;
}

export function createOffer(api: Upstream, body: OfferBody & { send: boolean }) {
  return api.post("api/v3/offers", { json: body, schema: OfferSchema });
}

export function updateOffer(api: Upstream, id: number, body: OfferBody) {
  return api.patch(`api/v3/offers/${id}`, { json: body, schema: OfferSchema });
}

export function deleteOffer(api: Upstream, id: number) {
  return api.delete(`api/v3/offers/${id}`);
}

/** send, accept, close: a step of the offer's graph (cargo/offers/offer-status.ts). */
export function moveOffer(api: Upstream, id: number, step: "send" | "accept" | "close") {
  return api.post(`api/v3/offers/${id}/${step}`, { json: {}, schema: OfferSchema });
}

/** The air waybill without booking of an accepted offer. */
export function createOfferAirWaybill(api: Upstream, id: number, body: { hs_codes: string[]; accept_warnings?: boolean }) {
  return api.post(`api/v3/offers/${id}/air_waybill`, { json: body, schema: z.object({ mawb: z.string() }) });
}

export function downloadOfferPdf(api: Upstream, id: number) {
  return api.download(`api/v3/offers/${id}.pdf`);
}
