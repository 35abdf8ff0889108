import { z } from "zod";
import { TEXT_MAX } from "../http/input";
import { StampsShape } from "../http/schemas";
import { BLANK, codeList, optText, optWeight, reqIata, reqText, wrapped } from "../settings/common";
import { AirWaybillFields, PartyAnswer, PartyFields, Pieces } from "../air-waybills/schemas";
import { withPostCodeRule } from "../http/post-code";
import { said } from "../http/refusals";

// The wire shapes of house waybills (spec 2 §3 "House waybill"; spec 3 §7 "House waybills": POST with body
// house_waybill, GET/PATCH/DELETE `/{id}/house_waybills/{n}`, GET `house_waybills.json`). The BFF's form mirrors them
// (app/lib/air-waybills/house-waybill-form.ts).

/** Most houses under one master (a consolidation of a few hundred is large). */
export const MAX_HOUSES = 500;

/** A house's serial number: up to 12 letters and digits (Cargo-IMP FHL), stored upper case. */
export const HOUSE_SERIAL = /^[A-Z0-9]{1,12}$/;

const Serial = z.preprocess(
  (v) => (v === null ? undefined : v),
  z
    .string({ required_error: BLANK })
    .max(TEXT_MAX.code * 2, "is too long (maximum is 12 characters)")
    .trim()
    .toUpperCase()
    .min(1, BLANK)
    .regex(HOUSE_SERIAL, "must be 1 to 12 letters and digits"),
);

/** A party of the house: its name is what customs and the FHL need at least. */
const HouseParty = withPostCodeRule(PartyFields.extend({ name: reqText() }));
const code = () => z.string().max(TEXT_MAX.code).trim().toUpperCase().min(1);
const required = <T extends z.ZodTypeAny>(s: T) => s.pipe(z.number({ required_error: BLANK, invalid_type_error: BLANK }));

const fields = {
  serial_number: Serial,
  /** The master's origin and destination unless the house says otherwise. */
  origin_iata: reqIata().optional(),
  destination_iata: reqIata().optional(),
  pieces: required(Pieces()),
  weight: required(optWeight()).refine((w) => w > 0, said("must_be_positive")),
  weight_code: z.enum(["K", "L"], { message: "must be K (kg) or L (lb)" }).default("K"),
  manifest_description_of_goods: reqText(),
  shcs: codeList(code()).optional(),
  free_text: optText(TEXT_MAX.text),
  shipper: HouseParty,
  consignee: HouseParty,
  hs_codes: AirWaybillFields.shape.hs_codes,
  placi_status: optText(TEXT_MAX.code * 2),
  placi_comment: optText(TEXT_MAX.text),
};

/** One house as the form, the API and an FHL telegram must give it. */
export const HouseWaybillFields = z.object(fields);
export const CreateHouseWaybillBody = wrapped("house_waybill", HouseWaybillFields);
/** An edit sends the fields it changes; absent ones stay. */
export const UpdateHouseWaybillBody = wrapped("house_waybill", z.object(fields).partial().extend({ weight_code: fields.weight_code.removeDefault().optional() }));

export const HouseWaybillSchema = z.object({
  id: z.number().int(),
  mawb: z.string(),
  serial_number: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  weight_code: z.string(),
  manifest_description_of_goods: z.string(),
  shcs: z.array(z.string()),
  free_text: z.string().nullable(),
  shipper: PartyAnswer,
  consignee: PartyAnswer,
  hs_codes: z.array(z.string()),
  placi_status: z.string().nullable(),
  placi_comment: z.string().nullable(),
  ...StampsShape,
});

/** The houses of a master, with their sums beside the master's own figures (what the house_totals_differ warning compares). */
export const HouseWaybillListSchema = z.object({
  data: z.array(HouseWaybillSchema),
  totals: z.object({ houses: z.number().int(), pieces: z.number().int(), weight: z.number(), master_pieces: z.number().int(), master_weight: z.number(), differ: z.boolean() }),
});
