import { z } from "zod";
import type { Upstream } from "./client.server";
import { NumberLike, PageMetaSchema } from "./schemas";

// Postal receptacles (spec 3 §7 "receptacles", segments/{id}/receptacles): the platform's list and its changes, and
// the receptacles on one flight. Both lists carry count and sum_weight of the whole selection in their meta.

const MovementSchema = z.object({
  id: NumberLike,
  status_code: z.string(),
  location_iata: z.string(),
  segment_number_with_date: z.string().nullable(),
  weight: NumberLike,
  time_utc: z.string(),
  deactivated: z.boolean(),
});

export const ReceptacleSchema = z.object({
  id: NumberLike,
  uid: z.string(),
  post_office_origin: z.string(),
  post_office_destination: z.string(),
  mail_category: z.string(),
  mail_subclass: z.string(),
  dispatch_number: z.string(),
  receptacle_number: z.string(),
  weight: NumberLike,
  segment: z.object({ id: NumberLike, number_with_date: z.string(), origin_iata: z.string(), destination_iata: z.string(), std: z.string() }).nullable(),
  status: z.string().nullable(),
  movements: z.array(MovementSchema),
});
export type Receptacle = z.infer<typeof ReceptacleSchema>;

const ReceptaclePage = z.object({
  data: z.array(ReceptacleSchema),
  meta: PageMetaSchema.extend({ count: NumberLike, sum_weight: NumberLike }),
});
export type ReceptacleList = z.infer<typeof ReceptaclePage>;

export interface ReceptacleFilters {
  uid?: string;
  post_office_origin?: string;
  post_office_destination?: string;
  flight?: string;
  date_from?: string;
  date_to?: string;
}

/** What the create and edit dialogs send: the UID, a weighed weight or none, the flight by number or none. */
export interface ReceptacleInput {
  uid: string;
  weight: number | null;
  number_with_date: string | null;
}

export function listReceptacles(api: Upstream, query: ReceptacleFilters & { page: number; per_page: number }) {
  return api.get("api/v3/receptacles", { query: { ...query }, schema: ReceptaclePage });
}

export function getReceptacle(api: Upstream, id: number) {
  return api.get(`api/v3/receptacles/${id}`, { schema: ReceptacleSchema });
}

export function listSegmentReceptacles(api: Upstream, segmentId: number, page: number, perPage: number) {
  return api.get(`api/v3/segments/${segmentId}/receptacles`, { query: { page, per_page: perPage }, schema: ReceptaclePage });
}

/** The API takes the flight by number; an empty flight on edit takes the receptacle off its flight. */
const bodyOf = (input: ReceptacleInput) => ({
  uid: input.uid,
  ...(input.weight === null ? {} : { weight: input.weight }),
  ...(input.number_with_date ? { number_with_date: input.number_with_date } : { segment_id: null }),
});

export function createReceptacle(api: Upstream, input: ReceptacleInput) {
  return api.post("api/v3/receptacles", { json: { receptacle: bodyOf(input) }, schema: ReceptacleSchema });
}

export function updateReceptacle(api: Upstream, id: number, input: ReceptacleInput) {
  return api.patch(`api/v3/receptacles/${id}`, { json: { receptacle: bodyOf(input) }, schema: ReceptacleSchema });
}

export function deleteReceptacle(api: Upstream, id: number) {
  return api.delete(`api/v3/receptacles/${id}`, { schema: z.unknown() });
}
