import { z } from "zod";
import { TEXT_MAX } from "../../../cargo";
import { airportField } from "../forms/airline-fields";
import { withCrossChecks } from "../forms/cross-checks";
import { checkPostCode } from "../forms/post-code-rule";
import { codeList, optionalText, requiredText, SHC } from "../forms/field-rules";
import type { HouseWaybill } from "../upstream/house-waybills.server";
import { AWB_WEIGHT, HS_CODE, PartySchema, pieces, requiredDecimal } from "./awb-form-schema";
import { partyInput, partyValues } from "./awb-form-input";

/**
 * The house waybill form (spec 2 §3 "House waybill"; issue 11), shared by the browser (conform) and the create and
 * edit pages' actions. Messages are i18n keys. The API's rules (api/house-waybills/schemas.ts) are checked here first.
 */

/** A house's number: up to 12 letters and digits (the API's HOUSE_SERIAL), typed in any case. */
export const HOUSE_SERIAL = /^[A-Z0-9]{1,12}$/;
export const WEIGHT_CODES = ["K", "L"] as const;

/** A party of a house: its name at least (the FHL and customs need it). */
const HouseParty = PartySchema.extend({ name: requiredText() });

export const HouseWaybillFormSchema = withCrossChecks(z.object({
  serial_number: z
    .string({ required_error: "errors:required" })
    .trim()
    .toUpperCase()
    .max(TEXT_MAX.code * 2, "house-waybills:errors.serial")
    .regex(HOUSE_SERIAL, "house-waybills:errors.serial"),
  origin_iata: airportField(),
  destination_iata: airportField(),
  pieces: pieces(),
  weight: requiredDecimal(AWB_WEIGHT),
  weight_code: z.enum(WEIGHT_CODES, { message: "errors:invalid" }).default("K"),
  manifest_description_of_goods: requiredText(),
  shcs: codeList(SHC, "errors:shc"),
  hs_codes: codeList(HS_CODE, "awb:errors.hsCode"),
  free_text: optionalText(TEXT_MAX.text),
  shipper: HouseParty,
  consignee: HouseParty,
  placi_status: optionalText(TEXT_MAX.code * 2),
  placi_comment: optionalText(TEXT_MAX.text),
}), (v, ctx) => {
  checkPostCode(ctx, v.shipper, ["shipper", "post_code"]);
  checkPostCode(ctx, v.consignee, ["consignee", "post_code"]);
});
export type HouseWaybillForm = z.infer<typeof HouseWaybillFormSchema>;

/** Form fields an API field error may name (nested party fields as conform names them). */
export const HOUSE_FIELDS = [
  "serial_number", "origin_iata", "destination_iata", "pieces", "weight", "weight_code", "manifest_description_of_goods", "shcs", "hs_codes", "free_text",
  "shipper", "shipper.name", "shipper.post_code", "consignee", "consignee.name", "consignee.post_code", "placi_status", "placi_comment",
] as const;

/** The API body from a valid form: blank optional text clears the field (null). */
export function houseWaybillInput(v: HouseWaybillForm): Record<string, unknown> {
  return {
    serial_number: v.serial_number,
    origin_iata: v.origin_iata,
    destination_iata: v.destination_iata,
    pieces: v.pieces,
    weight: v.weight,
    weight_code: v.weight_code,
    manifest_description_of_goods: v.manifest_description_of_goods,
    shcs: v.shcs,
    hs_codes: v.hs_codes,
    free_text: v.free_text ?? null,
    shipper: partyInput(v.shipper) ?? {},
    consignee: partyInput(v.consignee) ?? {},
    placi_status: v.placi_status ?? null,
    placi_comment: v.placi_comment ?? null,
  };
}

/** A new house starts on the master's route; an edited one shows what is stored. */
export function houseWaybillValues(house: HouseWaybill | null, master: { origin_iata: string; destination_iata: string }): Record<string, unknown> {
  if (!house) return { origin_iata: master.origin_iata, destination_iata: master.destination_iata, weight_code: "K" };
  const text = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : String(v));
  return {
    serial_number: house.serial_number,
    origin_iata: house.origin_iata,
    destination_iata: house.destination_iata,
    pieces: text(house.pieces),
    weight: text(house.weight),
    weight_code: house.weight_code ?? "K",
    manifest_description_of_goods: text(house.manifest_description_of_goods),
    shcs: house.shcs.join(", "),
    hs_codes: house.hs_codes.join(", "),
    free_text: text(house.free_text),
    shipper: partyValues(house.shipper),
    consignee: partyValues(house.consignee),
    placi_status: text(house.placi_status),
    placi_comment: text(house.placi_comment),
  };
}
