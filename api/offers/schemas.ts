import { z } from "zod";
import { OFFER_ACTIONS, OFFER_STATUSES } from "../../cargo/offers/offer-status";
import { OFFER_RATE_BASES, OFFER_RATE_CLASSES, OFFER_RATE_COMPANIES, OFFER_RATE_TYPES } from "../../cargo/offers/offer-rates";
import { TEXT_MAX } from "../../cargo/limits";
import { Id, SearchTerm } from "../http/input";
import { pageOf, PageQuerySchema } from "../http/pagination";
import { optAmount, optPercent, reqAmount } from "../http/amount-input";
import { FormBoolean, IsoDateTime, StampsShape } from "../http/schemas";
import { withPostCodeRule } from "../http/post-code";
import { AirWaybillFields, DimensionInput, PartyAnswer, PartyFields, PartyInput, Pieces } from "../air-waybills/schemas";
import { codeList, optDate, optText, optVolume, optWeight, reqIata, wrapped } from "../settings/common";
import { said } from "../http/refusals";

// The wire shapes of offers (spec 2 §3 "Offer", "Offer rate", "Offer dimension"; spec 3 §7 "offers (plus .pdf,
// dimensions, rates)"). Bodies come flat or wrapped in `offer` (Rails style); field errors are keyed by the bare name.
// Amounts are decimal text both ways (DESIGN §4b): read by api/http/amount-input (cargo/money's parseAmount).

/** Most rate lines of one offer: a quotation lists a freight and a few charges, not hundreds. */
export const MAX_OFFER_RATES = 50;
/** Most dimension rows of one offer (as many as a waybill takes). */
export const MAX_OFFER_DIMENSIONS = 100;
/** Most legs of the quoted trip (as many as a waybill is booked on at once). */
export const MAX_OFFER_LEGS = 10;

const code = () => z.string().max(TEXT_MAX.code, said("too_long", { max: TEXT_MAX.code })).trim().toUpperCase().min(1, said("blank"));

export const OfferRateInput = z.object({
  type: z.enum(OFFER_RATE_TYPES, { message: said("not_in_list") }),
  code: code(),
  rate_class_code: z.preprocess((v) => (v === "" ? null : v), z.enum(OFFER_RATE_CLASSES, { message: said("not_in_list") }).nullish()),
  description: optText(TEXT_MAX.name),
  /** Per unit of the basis; for class M and fixed_value, the amount itself. */
  rate: reqAmount(),
  /** The rate's quantity (kg); absent: the offer's gross or chargeable weight by the basis, 1 for one amount. */
  base_value: optAmount(),
  /** What the forwarder pays; absent: rate × base value. */
  incoming_amount: optAmount(),
  /** What the forwarder asks its customer; absent: the incoming amount. */
  outgoing_amount: optAmount(),
  currency: code(),
  basis: z.enum(OFFER_RATE_BASES, { message: said("not_in_list") }),
  vat_percent: optPercent(),
  company: z.enum(OFFER_RATE_COMPANIES, { message: said("not_in_list") }).default("carrier"),
});
export type OfferRateBody = z.infer<typeof OfferRateInput>;

export const OfferDimensionInput = DimensionInput;
export type OfferDimensionBody = z.infer<typeof OfferDimensionInput>;

/** The offer's customer block (spec 2: name, address, city, country, postCode, taxId, contacts): a party's fields. */
export const OfferCustomerInput = withPostCodeRule(PartyFields.pick({ name: true, address: true, city: true, country_code: true, post_code: true, tax_id: true, contacts: true }));

/** The offer's own fields: every one optional here; the create route requires its own (origin, destination, pieces, weight). */
export const OfferFields = z.object({
  carrier: optText(TEXT_MAX.code),
  customer_id: z.preprocess((v) => (v === "" ? null : v), Id().nullish()),
  customer_name: optText(),
  customer: OfferCustomerInput.optional(),
  origin_iata: reqIata().optional(),
  destination_iata: reqIata().optional(),
  date_toa: optDate(),
  pieces: Pieces(),
  weight: optWeight(),
  volume: optVolume(),
  shcs: codeList(code()).optional(),
  commodity: optText(TEXT_MAX.name),
  valid_until: optDate(),
  comment: optText(TEXT_MAX.text),
  pickup_address: optText(TEXT_MAX.text),
  pickup_city: optText(),
  pickup_post_code: optText(TEXT_MAX.code * 2),
  delivery_address: optText(TEXT_MAX.text),
  delivery_city: optText(),
  delivery_post_code: optText(TEXT_MAX.code * 2),
  /** The chosen trip: segment ids, legs in order ([] clears it). */
  segments: z.array(Id()).max(MAX_OFFER_LEGS, said("too_many", { max: MAX_OFFER_LEGS })).optional(),
});
export type OfferFieldsBody = z.infer<typeof OfferFields>;

const bodyShape = {
  rates: z.array(OfferRateInput).max(MAX_OFFER_RATES, said("too_many", { max: MAX_OFFER_RATES })).optional(),
  dimensions: z.array(OfferDimensionInput).max(MAX_OFFER_DIMENSIONS, said("too_many", { max: MAX_OFFER_DIMENSIONS })).optional(),
};

/** Create: the offer with its rates and dimensions; `send` true is "create offer" (saved and sent), else "save draft". */
export const CreateOfferBody = z.object({ offer: OfferFields, ...bodyShape, send: FormBoolean.optional() });
/** Edit a draft: the fields given; `rates` or `dimensions`, when given, replace the offer's lists. */
export const UpdateOfferBody = z.object({ offer: OfferFields.optional().default({}), ...bodyShape });

export const OfferRateBodySchema = wrapped("rate", OfferRateInput);
export const OfferDimensionBodySchema = wrapped("dimension", OfferDimensionInput);

/** The waybill made from an accepted offer: what an offer does not say (HS codes, parties), and the consent to warnings. */
export const OfferAirWaybillBody = z.object({
  hs_codes: AirWaybillFields.shape.hs_codes,
  /** A typed number, where the tenant allows typing (c6, su); else the next of the forwarder's stock. */
  mawb: AirWaybillFields.shape.mawb,
  product_code: AirWaybillFields.shape.product_code,
  /** Default: the offer's customer. */
  shipper: PartyInput.optional(),
  consignee: PartyInput.optional(),
  accept_warnings: FormBoolean.optional(),
});

export const OFFER_TABS = [...OFFER_STATUSES, "all"] as const;

export const OfferListQuery = PageQuerySchema.extend({
  status: z.enum(OFFER_TABS, { message: said("not_in_list") }).optional().describe("the tab: created, sent, accepted, closed, or all (default)"),
  /** Part of the number, the customer's name, an airport or the commodity. */
  q: SearchTerm(),
});

// ---- answers -------------------------------------------------------------------------------------------------

const Amount = z.string().describe("decimal text");

export const OfferRateSchema = z.object({
  id: z.number().int(),
  type: z.enum(OFFER_RATE_TYPES),
  code: z.string(),
  rate_class_code: z.enum(OFFER_RATE_CLASSES).nullable(),
  description: z.string().nullable(),
  rate: Amount,
  base_value: Amount,
  amount: Amount.describe("rate × base value, rounded to the currency"),
  incoming_amount: Amount,
  outgoing_amount: Amount,
  margin: Amount.describe("outgoing − incoming"),
  currency: z.string(),
  basis: z.enum(OFFER_RATE_BASES),
  vat_percent: Amount.nullable(),
  company: z.enum(OFFER_RATE_COMPANIES),
  added_by: z.string().nullable(),
});
export type OfferRateAnswer = z.infer<typeof OfferRateSchema>;

export const OfferDimensionSchema = z.object({
  id: z.number().int(),
  pieces: z.number().int(),
  weight: z.number().nullable(),
  length: z.number(),
  width: z.number(),
  height: z.number(),
  volume: z.number(),
});

export const OfferTotalSchema = z.object({ currency: z.string(), incoming_amount: Amount, outgoing_amount: Amount, margin: Amount });

const SegmentAnswer = z.object({ segment_id: z.number().int(), number_with_date: z.string(), origin_iata: z.string(), destination_iata: z.string(), std: z.string() });

/** A list row: the offer without its lines, with its totals. */
export const OfferListItemSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(OFFER_STATUSES),
  carrier: z.string().nullable(),
  forwarder_short_name: z.string(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  date_toa: z.string().nullable(),
  pieces: z.number().int(),
  weight: z.number(),
  volume: z.number(),
  commodity: z.string().nullable(),
  valid_until: z.string().nullable(),
  air_waybills: z.array(z.string()),
  totals: z.array(OfferTotalSchema),
  ...StampsShape,
});

export const OfferSchema = OfferListItemSchema.extend({
  customer: PartyAnswer.pick({ name: true, address: true, city: true, country_code: true, post_code: true, tax_id: true, contacts: true }),
  chargeable_weight: z.number().describe("kg: the airline's ratio and rules when a carrier is chosen, else IATA's 6000 cm3/kg"),
  shcs: z.array(z.string()),
  comment: z.string().nullable(),
  pickup_address: z.string().nullable(),
  pickup_city: z.string().nullable(),
  pickup_post_code: z.string().nullable(),
  delivery_address: z.string().nullable(),
  delivery_city: z.string().nullable(),
  delivery_post_code: z.string().nullable(),
  segments: z.array(SegmentAnswer),
  rates: z.array(OfferRateSchema),
  dimensions: z.array(OfferDimensionSchema),
  sent_at: IsoDateTime.nullable(),
  accepted_at: IsoDateTime.nullable(),
  closed_at: IsoDateTime.nullable(),
  created_by: z.string().nullable().describe("e-mail of who created it"),
  actions: z.object(Object.fromEntries(OFFER_ACTIONS.map((a) => [a, z.boolean()])) as Record<(typeof OFFER_ACTIONS)[number], z.ZodBoolean>).describe("what the graph allows now"),
});
export type OfferAnswer = z.input<typeof OfferSchema>;

export const OfferListSchema = pageOf(OfferListItemSchema);
