import { z } from "zod";
import type { Upstream } from "./client.server";
import { mapCodes, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { LooseCodes, NumberLike } from "./schemas";

// Aircraft capacities (spec 2 "Aircraft capacity"): one row per airline and aircraft type; the maximum cargo
// weight and volume every flight on that type is measured against.

export const AircraftCapacitySchema = z.object({
  id: NumberLike,
  carrier: z.string(),
  aircraft_type: z.string(),
  baggage_compartment_max_volume: NumberLike.nullish(),
  baggage_compartment_max_weight: NumberLike.nullish(),
  max_cargo_volume: NumberLike,
  max_cargo_weight: NumberLike,
  mtow: NumberLike.nullish(),
  pax: NumberLike.nullish(),
  payload: NumberLike.nullish(),
  reg_numbers: LooseCodes,
  forbidden_shcs: LooseCodes,
  max_linear_load: NumberLike.nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
});
export type AircraftCapacity = z.infer<typeof AircraftCapacitySchema>;

export interface AircraftCapacityInput {
  /** Create only, platform only: the airline. */
  carrier?: string;
  aircraft_type: string;
  max_cargo_weight: number;
  max_cargo_volume: number;
  baggage_compartment_max_weight: number | null;
  baggage_compartment_max_volume: number | null;
  mtow: number | null;
  pax: number | null;
  payload: number | null;
  max_linear_load: number | null;
  reg_numbers: string[];
  forbidden_shcs: string[];
}

/** A second row for the same aircraft type → Exists. */
const capacityErrors = mapCodes([TAKEN]);

// the list's `carrier`: platform users' choice of airline (airline users always get their own rows)
export const {
  list: listAircraftCapacities,
  get: getAircraftCapacity,
  create: createAircraftCapacity,
  update: updateAircraftCapacity,
} = resourceClient<
  AircraftCapacity,
  PageQuery & { aircraft_type?: string; carrier?: string; q?: string },
  AircraftCapacityInput,
  Partial<AircraftCapacityInput>
>({
  path: "api/v3/aircraft_capacities",
  schema: AircraftCapacitySchema,
  bodyKey: "aircraft_capacity",
  errors: capacityErrors,
});

/** The capacity the segment flies with (404 when the airline has none for its aircraft type). */
export function getSegmentAircraftCapacity(api: Upstream, segmentId: number) {
  return api.get(`api/v3/segments/${segmentId}/aircraft_capacity`, { schema: AircraftCapacitySchema, errors: capacityErrors });
}
