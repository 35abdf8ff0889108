import { z } from "zod";
import type { Upstream } from "./client.server";
import { mapCodes, TAKEN } from "./errors";
import { PartySchema } from "./air-waybills.server";
import { LooseCodes as Codes, LooseText as Text, NumberLike } from "./schemas";

// House waybills under a master (spec 2 §3 "House waybill"; spec 3 §7 "House waybills"): the list with its sums
// (house_waybills.json), one house, create (body house_waybill), edit and delete.

export const HouseWaybillSchema = z.object({
  id: NumberLike,
  mawb: z.string(),
  serial_number: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: NumberLike,
  weight: NumberLike,
  weight_code: Text,
  manifest_description_of_goods: Text,
  shcs: Codes,
  free_text: Text,
  shipper: PartySchema.nullish().transform((v) => v ?? null),
  consignee: PartySchema.nullish().transform((v) => v ?? null),
  hs_codes: Codes,
  placi_status: Text,
  placi_comment: Text,
});
export type HouseWaybill = z.infer<typeof HouseWaybillSchema>;

const TotalsSchema = z
  .object({ houses: NumberLike, pieces: NumberLike, weight: NumberLike, master_pieces: NumberLike, master_weight: NumberLike, differ: z.boolean() })
  .nullish()
  .transform((v) => v ?? null);
export type HouseTotals = NonNullable<z.infer<typeof TotalsSchema>>;

/** Spec 3 §8: house waybill create, 422 with serial_number "has already been taken" → Exists. */
const houseErrors = mapCodes([TAKEN]);

const base = (mawb: string) => `api/v3/air_waybills/${encodeURIComponent(mawb)}/house_waybills`;

export function listHouseWaybills(api: Upstream, mawb: string) {
  return api.get(`${base(mawb)}.json`, { schema: z.object({ data: z.array(HouseWaybillSchema), totals: TotalsSchema }) });
}

export function getHouseWaybill(api: Upstream, mawb: string, id: number) {
  return api.get(`${base(mawb)}/${id}`, { schema: HouseWaybillSchema });
}

export function createHouseWaybill(api: Upstream, mawb: string, input: Record<string, unknown>) {
  return api.post(base(mawb), { json: { house_waybill: input }, schema: HouseWaybillSchema, errors: houseErrors });
}

export function updateHouseWaybill(api: Upstream, mawb: string, id: number, input: Record<string, unknown>) {
  return api.patch(`${base(mawb)}/${id}`, { json: { house_waybill: input }, schema: HouseWaybillSchema, errors: houseErrors });
}

export function deleteHouseWaybill(api: Upstream, mawb: string, id: number) {
  return api.delete(`${base(mawb)}/${id}`, { schema: HouseWaybillSchema });
}
