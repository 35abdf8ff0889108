import { z } from "zod";
import { bookingErrors, BookingSchema } from "./bookings.server";
import type { Upstream } from "./client.server";
import { LooseCodes as Codes, LooseFlag as Flag, LooseNumber as Num, LooseText as Text, NumberLike } from "./schemas";
import { SegmentSchema } from "./segments.server";

// Air waybills (spec 3 §7 "Air waybills", `trips`): create, read, edit, the state actions, the waybill's bookings,
// movements, alerts and change log, and the route search the create form picks flights from. The wire shapes are
// api/air-waybills/schemas.ts's, read loosely (an airline's own backend may send numbers as text and leave optional
// blocks out). A booking itself (its schema, change and cancel) is bookings.server.ts's.

export const PartySchema = z.object({
  name: Text,
  account_number: Text,
  iata_code: Text,
  address: Text,
  city: Text,
  state: Text,
  country_code: Text,
  post_code: Text,
  tax_id: Text,
  contacts: z.array(z.object({ type: z.string(), value: z.string() })).nullish().transform((v) => v ?? []),
});
export type Party = z.infer<typeof PartySchema>;

/** Where a waybill stands (verified, voided and on what terms, delivered, departed): its page and its list row read it alike. */
export const AwbStateShape = {
  verified_at: Text,
  voided_at: Text,
  void_reason: Text,
  void_payment: Text,
  delivered: Flag,
  departed: Flag,
};

export const MovementSchema = z.object({
  id: NumberLike,
  status_code: z.string(),
  location_iata: z.string(),
  segment_number_with_date: Text,
  parts_code: Text,
  pieces: NumberLike,
  weight: NumberLike,
  volume: Num,
  discrepancy_code: Text,
  uld: Text,
  time_utc: z.string(),
  /** time_utc with the offset of the movement's airport (the local/UTC switch). */
  time_local: Text,
  deactivated: Flag,
  /** Who recorded it (an e-mail), where the API says. */
  recorded_by: Text,
  /** The caller may delete it (DELETE air_waybills/{mawb}/movements/{id}). */
  removable: Flag,
});
export type Movement = z.infer<typeof MovementSchema>;

export const AWB_ACTIONS = ["edit", "book", "issue", "cancel_issue", "verify", "cancel_verify", "void", "cancel_void", "deliver", "charter"] as const;
export type AwbAction = (typeof AWB_ACTIONS)[number];

const ActionsSchema = z
  .record(z.boolean().nullish())
  .nullish()
  .transform((a) => Object.fromEntries(AWB_ACTIONS.map((k) => [k, a?.[k] === true])) as Record<AwbAction, boolean>);

/** A goods item as the waybill carries it (spec 2 "Goods item"). */
const GoodsItemSchema = z.object({ description: Text, hs_code: Text, marks: Text, packing: Text, pieces: Num, weight: Num });
export type GoodsItem = z.infer<typeof GoodsItemSchema>;

const Dimension = z.object({ pieces: NumberLike, weight: Num, length: NumberLike, width: NumberLike, height: NumberLike, volume: Num });

export const AirWaybillSchema = z.object({
  id: NumberLike,
  mawb: z.string(),
  carrier: z.string(),
  prefix: Text,
  forwarder_short_name: Text,
  origin_iata: z.string(),
  destination_iata: z.string(),
  manual_route: Codes,
  route: Codes,
  pieces: NumberLike,
  weight: NumberLike,
  volume: Num,
  charge_weight: Num,
  density_group: Num,
  shcs: Codes,
  commodity: Text,
  hs_codes: Codes,
  product_code: Text,
  postal: Flag,
  postal_number: Text,
  custom_number: Flag,
  bso: Flag,
  air_waybill_source: Text,
  booking_status: Text,
  chargeable_calculation: z
    .object({
      cw_auto_calculation: Flag,
      gross_weight: Num,
      volume_weight: Num,
      min_chargeable: Num,
      chargeable_weight: Num,
      basis: Text,
    })
    .nullish()
    .transform((v) => v ?? null),
  airline_defined_cw: Num,
  dimensions: z.array(Dimension).nullish().transform((v) => v ?? []),
  goods_items: z.array(GoodsItemSchema).nullish().transform((v) => v ?? []),
  shipper: PartySchema.nullish().transform((v) => v ?? null),
  consignee: PartySchema.nullish().transform((v) => v ?? null),
  notify: PartySchema.nullish().transform((v) => v ?? null),
  airline_customer_id: Num,
  accounting_information: Text,
  handling_information: Text,
  /** The customs MRN of the declaration the goods move under (a CSN names it). */
  mrn: Text,
  notation: Text,
  currency: Text,
  consignor_certified: Flag,
  created_at: Text,
  issued_at: Text,
  issue_date: Text,
  ...AwbStateShape,
  charter: Flag,
  warnings: Codes,
  /** The origin airport's IANA zone: the waybill's own record times in local mode. */
  origin_time_zone: Text,
  bookings: z.array(BookingSchema).nullish().transform((v) => v ?? []),
  actions: ActionsSchema,
  /** The caller may send the waybill's FHL now (spec 2 "can_send_fhl": a sender of telegrams; it has house waybills). */
  can_send_fhl: Flag,
});
export type AirWaybill = z.infer<typeof AirWaybillSchema>;

export const ChangeLogSchema = z.object({
  id: NumberLike,
  action: Text,
  channel_id: Text,
  change_set: z.record(z.array(z.unknown())).nullish().transform((v) => v ?? {}),
  created_at: z.string(),
});
export type AwbChangeLog = z.infer<typeof ChangeLogSchema>;

export const TripSchema = z.object({
  key: z.string(),
  available: Flag,
  route: z.string(),
  carrier: z.string(),
  segments: z.array(SegmentSchema.extend({ available_weight: Num, available_volume: Num })),
  locked: Flag,
  sales_closed: Flag,
  forbidden_shc: Codes,
  std: z.string(),
  sta: z.string(),
  trip_minutes: NumberLike.nullish(),
  /** The trip's price for the caller (issue 24): decimal text, never a number; null with price_refusals saying why. */
  cost: z.string().nullish().transform((v) => v ?? null),
  currency: Text,
  tariffs: z
    .array(z.object({ kind: z.string(), code: z.string(), description: z.string().nullish(), amount: z.string(), currency: z.string(), rateClass: z.string().nullish(), weightBrake: NumberLike.nullish() }))
    .nullish()
    .transform((v) => v ?? []),
  price_refusals: z
    .array(z.object({ code: z.string(), params: z.record(z.union([z.string(), z.number()])).nullish() }))
    .nullish()
    .transform((v) => v ?? []),
});
export type Trip = z.infer<typeof TripSchema>;

/** The body of `POST api/v3/air_waybills` (api/air-waybills/schemas.ts CreateAirWaybillBody). */
export interface CreateAirWaybillInput {
  air_waybill: Record<string, unknown>;
  dimensions: Array<{ pieces: number; weight?: number; length: number; width: number; height: number }>;
  segments: number[];
  consignor_certified: boolean;
  accept_warnings: boolean;
}

/** The warning codes of a 409 `{ error: "confirmation_required", warnings }`, or null when the answer is not one. */
export function warningsOf(failure: { status: number; body?: unknown }): string[] | null {
  if (failure.status !== 409 || !failure.body || typeof failure.body !== "object") return null;
  const b = failure.body as Record<string, unknown>;
  if (b.error !== "confirmation_required") return null;
  return Array.isArray(b.warnings) ? b.warnings.map(String) : [];
}

const BASE = "api/v3/air_waybills";
const path = (mawb: string, rest = "") => `${BASE}/${encodeURIComponent(mawb)}${rest}`;
const list = <T extends z.ZodTypeAny>(item: T) => z.object({ data: z.array(item) });

export function createAirWaybill(api: Upstream, input: CreateAirWaybillInput) {
  return api.post(BASE, { json: input, schema: AirWaybillSchema, errors: bookingErrors });
}

export function getAirWaybill(api: Upstream, mawb: string) {
  return api.get(path(mawb), { schema: AirWaybillSchema });
}

export function updateAirWaybill(api: Upstream, mawb: string, input: { air_waybill: Record<string, unknown>; dimensions?: CreateAirWaybillInput["dimensions"]; accept_warnings?: boolean }) {
  return api.patch(path(mawb), { json: input, schema: AirWaybillSchema, errors: bookingErrors });
}

/** The detail page's state actions (the API's `actions` booleans say which apply). */
export const STATE_ACTIONS = ["issue", "cancel_issue", "verify", "cancel_verify", "void", "cancel_void", "deliver"] as const;
export type StateAction = (typeof STATE_ACTIONS)[number];

export function runAwbAction(api: Upstream, mawb: string, action: StateAction, reason?: string) {
  const schema = AirWaybillSchema;
  switch (action) {
    case "issue":
      return api.post(path(mawb, "/issue"), { schema });
    case "cancel_issue":
      return api.delete(path(mawb, "/issue"), { schema });
    case "verify":
      return api.post(path(mawb, "/verify"), { schema });
    case "cancel_verify":
      return api.delete(path(mawb, "/verify"), { schema });
    case "void":
      return api.post(path(mawb, "/void"), { json: { air_waybill: { void_reason: reason } }, schema });
    case "cancel_void":
      return api.delete(path(mawb, "/void"), { json: { cancel_void_reason: reason }, schema });
    case "deliver":
      return api.post(path(mawb, "/deliver"), { schema });
  }
}

export function setCharter(api: Upstream, mawb: string, charter: boolean) {
  return api.patch(`${BASE}/charter_list`, { json: { mawbs: [mawb], charter }, schema: z.object({ updated: NumberLike }) });
}

export function listAwbBookings(api: Upstream, mawb: string) {
  return api.get(path(mawb, "/bookings"), { schema: list(BookingSchema) });
}

export function listAwbMovements(api: Upstream, mawb: string) {
  return api.get(path(mawb, "/movements"), { schema: list(MovementSchema) });
}

export function listAwbChangeLogs(api: Upstream, mawb: string) {
  return api.get(path(mawb, "/change_logs"), { schema: list(ChangeLogSchema) });
}

/** The route search (GET api/v3/trips): direct and connecting flights on the origin's local day. */
export function searchTrips(
  api: Upstream,
  query: { origin_iata: string; destination_iata: string; date: string; pieces?: number; weight?: number; volume?: number; shcs?: string[]; carrier?: string; max_stops?: 0 | 1 | 2 },
) {
  const { shcs, ...rest } = query;
  return api.get("api/v3/trips", { query: { ...rest, shcs: shcs?.length ? shcs.join(",") : undefined }, schema: list(TripSchema) });
}
