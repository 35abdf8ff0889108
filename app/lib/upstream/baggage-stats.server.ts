import { z } from "zod";
import { ALREADY_EXISTS, mapCodes, RECORD_NOT_FOUND } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { LooseFlag, NumberLike } from "./schemas";

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
  external_source: LooseFlag,
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

export const {
  list: listBaggageStats,
  get: getBaggageStat,
  create: createBaggageStat,
  update: updateBaggageStat,
  delete: deleteBaggageStat,
} = resourceClient<BaggageStat, PageQuery & { origin_iata?: string; destination_iata?: string }, BaggageStatInput>({
  path: `api/v3/${BAGGAGE_RESOURCE}`,
  schema: BaggageStatSchema,
  bodyKey: "baggage_stat",
  errors: mapCodes([RECORD_NOT_FOUND, ALREADY_EXISTS]),
  createOnly: "carrier",
});
