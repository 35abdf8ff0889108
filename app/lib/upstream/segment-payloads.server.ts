import { z } from "zod";
import { pagedList, type PageQuery } from "./resource.server";
import { LooseCodes, NumberLike } from "./schemas";

// Segment payloads (spec 2 "Statistics"; spec 3 §7 segment_payloads, uploads).

export const SEGMENT_PAYLOAD_RESOURCE = "segment_payloads";

export const SegmentPayloadSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  aircraft_type: z.string(),
  origin: z.string(),
  destination: z.string(),
  reg_numbers: LooseCodes,
  payload: NumberLike,
  season: z.string(),
});
export type SegmentPayload = z.infer<typeof SegmentPayloadSchema>;

export const listSegmentPayloads = pagedList<SegmentPayload, PageQuery & { origin?: string; destination?: string; aircraft_type?: string; season?: string }>(
  `api/v3/${SEGMENT_PAYLOAD_RESOURCE}`,
  SegmentPayloadSchema,
);
