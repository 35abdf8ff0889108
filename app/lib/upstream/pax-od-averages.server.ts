import { z } from "zod";
import { pagedList, type PageQuery } from "./resource.server";
import { NumberLike } from "./schemas";

// PAX O&D averages (spec 2 "Statistics"; spec 3 §7 pax_od_averages, uploads).

export const PAX_OD_RESOURCE = "pax_od_averages";

export const PaxOdAverageSchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  aircraft_type: z.string(),
  origin: z.string(),
  destination: z.string(),
  quantity: NumberLike,
});
export type PaxOdAverage = z.infer<typeof PaxOdAverageSchema>;

export const listPaxOdAverages = pagedList<PaxOdAverage, PageQuery & { origin?: string; destination?: string; aircraft_type?: string }>(
  `api/v3/${PAX_OD_RESOURCE}`,
  PaxOdAverageSchema,
);
