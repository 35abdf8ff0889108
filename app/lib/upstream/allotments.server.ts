import { z } from "zod";
import { ALLOTMENT_TYPES } from "~/components/flights/allotment-values";
import type { Upstream } from "./client.server";
import { mapCodes, MUST_EXIST, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
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

export interface AllotmentFilters {
  segment_id?: number;
  forwarder_short_name?: string;
  origin_iata?: string;
  destination_iata?: string;
  q?: string;
}

export const {
  list: listAllotments,
  get: getAllotment,
  create: createAllotment,
  update: updateAllotment,
  delete: deleteAllotment,
} = resourceClient<Allotment, PageQuery & AllotmentFilters, AllotmentInput, Partial<AllotmentInput>>({
  path: `api/v3/${ALLOTMENT_RESOURCE}`,
  schema: AllotmentSchema,
  bodyKey: "allotment",
  /** Spec 3 §8: allotment 422 "has already been taken" → Exists, "must exist" → EmptyFields. */
  errors: mapCodes([TAKEN, MUST_EXIST]),
});

/** The allotments held on one segment (the flight page's Allotments tab). */
export function listSegmentAllotments(api: Upstream, segmentId: number) {
  // the whole list in one page ({ data, meta })
  return api.get(`api/v3/segments/${segmentId}/allotments`, { schema: pageOf(AllotmentSchema).transform((p) => p.data) });
}
