import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { NumberLike, pageOf } from "./schemas";

// Baggage stats (spec 2 "Statistics" baggage stat; spec 3 §7 "Baggage" api/v3/baggage_stats).

export const BAGGAGE_RESOURCE = "baggage_stats";

const OptNumber = NumberLike.nullish().transform((n) => (n === undefined ? null : n));

export const BaggageStatSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  total_baggage_weight: OptNumber,
  total_baggage_pcs: OptNumber,
  total_pax: OptNumber,
  average_baggage_weight: OptNumber,
  manual_average_baggage_weight: OptNumber,
  segments_count: OptNumber,
  applicable_stat_weight: OptNumber,
  external_source: z.boolean().nullish().transform(Boolean),
});
export type BaggageStat = z.infer<typeof BaggageStatSchema>;

export interface BaggageStatInput {
  carrier?: string;
  origin_iata: string;
  destination_iata: string;
  period_start: string;
  period_end: string;
  total_baggage_weight: number | null;
  total_baggage_pcs: number | null;
  total_pax: number | null;
  manual_average_baggage_weight: number | null;
  segments_count: number | null;
  external_source: boolean;
}

const baggageErrors = mapMessages([
  [404, "Record Not Found", "NotFound"],
  [422, "already exists", "Exists"],
]);

const BASE = `api/v3/${BAGGAGE_RESOURCE}`;

export function listBaggageStats(api: Upstream, query: { page: number; per_page: number; origin_iata?: string; destination_iata?: string } & SortQuery) {
  return api.get(BASE, { query: { ...query }, schema: pageOf(BaggageStatSchema) });
}
export function getBaggageStat(api: Upstream, id: number) {
  return api.get(`${BASE}/${id}`, { schema: BaggageStatSchema, errors: baggageErrors });
}
export function createBaggageStat(api: Upstream, input: BaggageStatInput) {
  return api.post(BASE, { json: { baggage_stat: input }, schema: BaggageStatSchema, errors: baggageErrors });
}
export function updateBaggageStat(api: Upstream, id: number, input: BaggageStatInput) {
  const { carrier: _carrier, ...changes } = input;
  return api.patch(`${BASE}/${id}`, { json: { baggage_stat: changes }, schema: BaggageStatSchema, errors: baggageErrors });
}
export function deleteBaggageStat(api: Upstream, id: number) {
  return api.delete(`${BASE}/${id}`, { errors: baggageErrors });
}
