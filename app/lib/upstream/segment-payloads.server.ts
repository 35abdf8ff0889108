import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { NumberLike, pageOf } from "./schemas";

// Segment payloads (spec 2 "Statistics"; spec 3 §7 segment_payloads, uploads).

export const SEGMENT_PAYLOAD_RESOURCE = "segment_payloads";

export const SegmentPayloadSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  aircraft_type: z.string(),
  origin: z.string(),
  destination: z.string(),
  reg_numbers: z.array(z.string()).nullish().transform((r) => r ?? []),
  payload: NumberLike,
  season: z.string(),
});
export type SegmentPayload = z.infer<typeof SegmentPayloadSchema>;

export function listSegmentPayloads(
  api: Upstream,
  query: { page: number; per_page: number; origin?: string; destination?: string; aircraft_type?: string; season?: string } & SortQuery,
) {
  return api.get(`api/v3/${SEGMENT_PAYLOAD_RESOURCE}`, { query: { ...query }, schema: pageOf(SegmentPayloadSchema) });
}
