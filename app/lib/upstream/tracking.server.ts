import { z } from "zod";
import type { Upstream } from "./client.server";
import { LooseCodes, LooseNumber, LooseText, NumberLike } from "./schemas";

/** The public track-and-trace answer (spec 2 §3 "Tracking shipment"): route, figures and movements, nothing else. */
const Airport = z.object({ iata: z.string(), name: LooseText, city_name: LooseText });
export const TrackedShipmentSchema = z.object({
  mawb: z.string(),
  origin: Airport,
  destination: Airport,
  shcs: LooseCodes,
  pieces: NumberLike,
  weight: NumberLike,
  volume: LooseNumber,
  legs: z.array(z.object({ flight: z.string(), origin_iata: z.string(), destination_iata: z.string(), std: z.string(), sta: z.string() })).default([]),
  movements: z
    .array(
      z.object({
        status_code: z.string(),
        active: z.boolean().default(true),
        location_iata: z.string(),
        flight: LooseText,
        pieces: NumberLike,
        weight: NumberLike,
        time_utc: z.string(),
      }),
    )
    .default([]),
});
export type TrackedShipment = z.infer<typeof TrackedShipmentSchema>;

/** GET tracking/{mawb}, without a token: the caller's address is what the API's per-minute budget counts. */
export function trackShipment(api: Upstream, mawb: string) {
  return api.get(`api/v3/tracking/${encodeURIComponent(mawb)}`, { schema: TrackedShipmentSchema });
}
