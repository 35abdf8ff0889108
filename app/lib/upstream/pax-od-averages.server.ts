import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { NumberLike, pageOf } from "./schemas";

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

export function listPaxOdAverages(
  api: Upstream,
  query: { page: number; per_page: number; origin?: string; destination?: string; aircraft_type?: string } & SortQuery,
) {
  return api.get(`api/v3/${PAX_OD_RESOURCE}`, { query: { ...query }, schema: pageOf(PaxOdAverageSchema) });
}
