import { z } from "zod";
import { ALLOTMENT_TYPES } from "~/components/flights/allotment-values";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { NumberLike, pageOf } from "./schemas";

// Allotments (spec 2 "Allotment"; spec 3 §7 "Aircraft, customers, allotments"): space an airline holds on a
// flight for a forwarder, released `timelimit_to_std` hours before departure (0 = held to departure).

export const ALLOTMENT_RESOURCE = "allotments";
// the values live in a module the browser may load too (forms); .server modules are not in the client bundle
export { ALLOTMENT_TYPES };

export const AllotmentSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  segment_id: NumberLike,
  segment_number_with_date: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  forwarder_short_name: z.string(),
  type: z.string(),
  weight: NumberLike,
  volume: NumberLike,
  timelimit_to_std: NumberLike,
  used_weight: NumberLike.nullish().transform((v) => v ?? 0),
  used_volume: NumberLike.nullish().transform((v) => v ?? 0),
  valid_until: z.string().nullish(),
  postal: z.boolean().default(false),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type Allotment = z.infer<typeof AllotmentSchema>;

export interface AllotmentInput {
  /** Platform only: the airline. */
  carrier?: string;
  segment_number_with_date: string;
  origin_iata?: string | null;
  forwarder_short_name: string;
  type: (typeof ALLOTMENT_TYPES)[number];
  weight: number;
  volume: number;
  timelimit_to_std: number;
  valid_until?: string | null;
  postal: boolean;
}

/** Spec 3 §8: allotment 422 "has already been taken" → Exists, "must exist" → EmptyFields. */
const allotmentErrors = mapMessages([
  [422, "has already been taken", "Exists"],
  [422, "must exist", "EmptyFields"],
]);

export interface AllotmentFilters {
  segment_id?: number;
  forwarder_short_name?: string;
  origin_iata?: string;
  destination_iata?: string;
  q?: string;
}

export function listAllotments(api: Upstream, query: { page: number; per_page: number } & AllotmentFilters & SortQuery) {
  return api.get(`api/v3/${ALLOTMENT_RESOURCE}`, { query: { ...query }, schema: pageOf(AllotmentSchema) });
}

/** The allotments held on one segment (the flight page's Allotments tab). */
export function listSegmentAllotments(api: Upstream, segmentId: number) {
  // the whole list in one page ({ data, meta })
  return api.get(`api/v3/segments/${segmentId}/allotments`, { schema: pageOf(AllotmentSchema).transform((p) => p.data) });
}

export function getAllotment(api: Upstream, id: number) {
  return api.get(`api/v3/${ALLOTMENT_RESOURCE}/${id}`, { schema: AllotmentSchema, errors: allotmentErrors });
}

export function createAllotment(api: Upstream, input: AllotmentInput) {
  return api.post(`api/v3/${ALLOTMENT_RESOURCE}`, { json: { allotment: input }, schema: AllotmentSchema, errors: allotmentErrors });
}

export function updateAllotment(api: Upstream, id: number, input: Partial<AllotmentInput>) {
  return api.patch(`api/v3/${ALLOTMENT_RESOURCE}/${id}`, { json: { allotment: input }, schema: AllotmentSchema, errors: allotmentErrors });
}

export function deleteAllotment(api: Upstream, id: number) {
  return api.delete(`api/v3/${ALLOTMENT_RESOURCE}/${id}`, { errors: allotmentErrors });
}
