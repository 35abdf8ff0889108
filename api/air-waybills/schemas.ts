import { z } from "zod";
import { BOOKING_STATUSES } from "../../cargo/bookings/booking-status";
import { MRN_PATTERN, normalMrn } from "../../cargo/customs/mrn";
import { MAX_CONTACTS, TEXT_MAX } from "../../cargo/limits";
import { Id, Text, tooLong } from "../http/input";
import { FormBoolean, IsoDateTime, StampsShape } from "../http/schemas";
import { codeList, optDate, optInt, optNumber, optText, optVolume, optWeight, reqIata, reqText } from "../settings/common";
import { NOT_A_NUMBER } from "../http/decimal-input";
import { optAmount, reqAmount } from "../http/amount-input";
import { AmountAnswer } from "../http/amount-answer";
import { withPostCodeRule } from "../http/post-code";
import { said } from "../http/refusals";

// The wire shapes of the air waybill (spec 2 §3 "Air waybill and shipment", spec 3 §7 "Air waybills"): what a client
// sends to create or edit one, and what the detail, the list and the bookings answer. The BFF's forms mirror the
// input (app/lib/air-waybills/awb-form-schema.ts).

/** Most dimension rows, goods items, rating lines or other charges of one waybill. */
export const MAX_AWB_ROWS = 100;
/** Most pieces one waybill may count (a full freighter of small parcels stays far below). */
export const MAX_PIECES = 100_000;
/** A side of a piece, cm (a 20 m rotor blade fits). */
export const MAX_SIDE_CM = 3000;

const code = () => z.string().max(TEXT_MAX.code, tooLong(TEXT_MAX.code)).trim().toUpperCase().min(1);

/** A count of pieces: a whole number from 1 (a form sends text). */
export const Pieces = () =>
  optInt().refine((v) => v == null || (v >= 1 && v <= MAX_PIECES), `must be between 1 and ${MAX_PIECES}`);

const Contact = z.object({ type: Text(TEXT_MAX.code).default("phone"), value: Text(TEXT_MAX.name) });

/** A party block's fields; PartyInput adds the GB/EU post code rule. */
export const PartyFields = z.object({
  name: optText(),
  account_number: optText(),
  iata_code: optText(TEXT_MAX.code),
  address: optText(TEXT_MAX.text),
  city: optText(),
  state: optText(),
  country_code: optText(TEXT_MAX.code),
  post_code: optText(TEXT_MAX.code * 2),
  tax_id: optText(TEXT_MAX.code * 3),
  contacts: z.array(Contact).max(MAX_CONTACTS).optional(),
});
export const PartyInput = withPostCodeRule(PartyFields);

export const DimensionInput = z.object({
  pieces: Pieces().pipe(z.number({ required_error: said("blank") })),
  weight: optWeight(),
  length: optNumber(MAX_SIDE_CM).pipe(z.number({ required_error: said("blank") }).positive(said("must_be_positive"))),
  width: optNumber(MAX_SIDE_CM).pipe(z.number({ required_error: said("blank") }).positive(said("must_be_positive"))),
  height: optNumber(MAX_SIDE_CM).pipe(z.number({ required_error: said("blank") }).positive(said("must_be_positive"))),
});

/** One goods item as a client sends it (the waybill form and a goods items upload row). */
export const GoodsItemInput = z.object({
  description: reqText(TEXT_MAX.text),
  hs_code: optText(TEXT_MAX.code * 2),
  marks: optText(),
  packing: optText(),
  pieces: Pieces(),
  weight: optWeight(),
});

const OtherChargeInput = z.object({
  code: code(),
  due: z.enum(["A", "C"], { message: "must be A (agent) or C (carrier)" }),
  payment: z.enum(["P", "C"], { message: "must be P (prepaid) or C (collect)" }).default("P"),
  amount: reqAmount(),
});

const RatingLineInput = z.object({
  pieces: Pieces().pipe(z.number({ required_error: said("blank") })),
  gross_weight: optWeight().pipe(z.number({ required_error: said("blank") })),
  rate_class_code: z.enum(["M", "N", "Q", "B", "K", "C", "R", "S", "U", "E", "X", "Y", "W"], { message: "is not a rate class" }),
  commodity_item_number: optText(TEXT_MAX.code),
  chargeable_weight: optWeight().pipe(z.number({ required_error: said("blank") })),
  rate: reqAmount(),
  total: reqAmount(),
  nature_of_goods: optText(TEXT_MAX.text),
});

const PaymentCode = z.enum(["P", "C"], { message: "must be P (prepaid) or C (collect)" });
const FreeBlock = z.record(Text(TEXT_MAX.code * 4), z.union([Text(TEXT_MAX.text), z.number().finite(NOT_A_NUMBER), z.boolean(), z.null()])).refine((o) => Object.keys(o).length <= 50, "has too many fields");

/** The editable fields of a waybill (create and PATCH): every one optional here, the create route requires its own. */
export const AirWaybillFields = z.object({
  /** A typed number (tenants c6 and su): "421-12345675", with or without hyphen and spaces. Else taken from stock. */
  mawb: optText(TEXT_MAX.code * 2),
  /** The airline (platform, or a forwarder on its own host); else the Carrier header or the typed number's prefix. */
  carrier: optText(TEXT_MAX.code),
  /** Platform and airline staff create for a forwarder: its short name. */
  forwarder_short_name: optText(TEXT_MAX.code * 2),
  origin_iata: reqIata().optional(),
  destination_iata: reqIata().optional(),
  manual_route: codeList(code()).optional(),
  pieces: Pieces(),
  weight: optWeight(),
  volume: optVolume(),
  shcs: codeList(code()).optional(),
  commodity: optText(TEXT_MAX.name),
  hs_codes: codeList(z.string().trim().max(TEXT_MAX.code * 2).regex(/^\d{4,10}$/, said("hs_code_digits"))).optional(),
  product_code: optText(TEXT_MAX.code),
  postal: FormBoolean.optional(),
  postal_number: optText(TEXT_MAX.name),
  goods_items: z.array(GoodsItemInput).max(MAX_AWB_ROWS).optional(),
  shipper: PartyInput.optional(),
  consignee: PartyInput.optional(),
  notify: PartyInput.nullish(),
  issuing_agent: PartyInput.nullish(),
  airline_customer_id: optInt(),
  accounting_information: optText(TEXT_MAX.text),
  currency: optText(TEXT_MAX.code),
  chgs_code: optText(TEXT_MAX.code),
  wt_val: PaymentCode.optional(),
  other_charges_payment: PaymentCode.optional(),
  declared_value_carriage: optText(TEXT_MAX.code * 2),
  declared_value_customs: optText(TEXT_MAX.code * 2),
  insurance_amount: optText(TEXT_MAX.code * 2),
  handling_information: optText(TEXT_MAX.text),
  sci: optText(TEXT_MAX.code),
  rating: z.array(RatingLineInput).max(MAX_AWB_ROWS).optional(),
  other_charges: z.array(OtherChargeInput).max(MAX_AWB_ROWS).optional(),
  totals: z.record(Text(TEXT_MAX.code * 4), optAmount({ negative: true })).refine((o) => Object.keys(o).length <= 50, "has too many fields").optional(),
  executed_on: optDate(),
  executed_at: optText(),
  signature: optText(),
  customs_declaration: FreeBlock.nullish(),
  security_declaration: FreeBlock.nullish(),
  sli: FreeBlock.nullish(),
  placi: FreeBlock.nullish(),
  notation: optText(TEXT_MAX.text),
  /** The customs MRN as typed ("26ru 1234…" is written 26RU1234…); blank clears it. */
  mrn: z.preprocess(
    (v) => (typeof v === "string" ? (v.trim() ? normalMrn(v) : null) : v),
    z.string().max(TEXT_MAX.code * 4, tooLong(TEXT_MAX.code * 4)).regex(MRN_PATTERN, said("mrn_format")).nullish(),
  ),
  tariff_date: optDate(),
  /** Airline only: the chargeable weight it sets (agents' values are preliminary); null returns to the computed one. */
  airline_defined_cw: optWeight(),
});

/**
 * The flights a new waybill is booked on at once (its whole pieces, weight and volume on each leg): a segment id, or
 * `{ segment_id }`. One schema for both, so a wrong id is said under its item ("segments.0: is not a number"), not as
 * a union's "Invalid input".
 */
const SegmentRef = z
  .preprocess((v) => (v && typeof v === "object" && !Array.isArray(v) && "segment_id" in v ? (v as { segment_id: unknown }).segment_id : v), Id())
  .describe("a segment id, or { segment_id }");

export const CreateAirWaybillBody = z.object({
  air_waybill: AirWaybillFields,
  dimensions: z.array(DimensionInput).max(MAX_AWB_ROWS).default([]),
  /** Segment ids: one booking per leg, in the same transaction as the waybill. */
  segments: z.array(SegmentRef).max(10, "must have at most 10 legs").default([]),
  /** The consignor certification was accepted (required with segments). */
  consignor_certified: FormBoolean.optional(),
  /** The user saw the warnings (and the blank-number mismatch) and goes on. */
  accept_warnings: FormBoolean.optional(),
});

export const UpdateAirWaybillBody = z.object({
  air_waybill: AirWaybillFields.omit({ mawb: true, carrier: true, forwarder_short_name: true }),
  dimensions: z.array(DimensionInput).max(MAX_AWB_ROWS).optional(),
  accept_warnings: FormBoolean.optional(),
});

// ---- answers -------------------------------------------------------------------------------------------------

/** A party block as answers carry it (the waybill's, a house waybill's). */
export const PartyAnswer = z.object({
  name: z.string().nullish(),
  account_number: z.string().nullish(),
  iata_code: z.string().nullish(),
  address: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country_code: z.string().nullish(),
  post_code: z.string().nullish(),
  tax_id: z.string().nullish(),
  contacts: z.array(z.object({ type: z.string(), value: z.string() })).optional(),
});


export const BookingSchema = z.object({
  id: z.number().int(),
  mawb: z.string(),
  carrier: z.string(),
  forwarder_short_name: z.string(),
  segment_id: z.number().int(),
  number_with_date: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  std: IsoDateTime,
  std_local: z.string().describe("the departure as ISO with the origin's offset"),
  parts_code: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  weight_code: z.string(),
  volume: z.number(),
  volume_code: z.string(),
  density_group: z.number().int().nullable(),
  shcs: z.array(z.string()),
  request_status: z.string(),
  response_status: z.enum(BOOKING_STATUSES).describe("KK confirmed, NN requested, LL waitlisted, UU unable, XX cancelled"),
  response_reason: z.string().nullable(),
  source: z.string(),
  active: z.boolean(),
  effective: z.boolean().describe("active and not refused (KK, NN or LL)"),
  priority: z.boolean(),
  is_departed: z.boolean(),
  placi_status: z.string().nullable().describe("PLACI: customs' status of the booked shipment (sent until customs answers)"),
  placi_comment: z.string().nullable(),
  ...StampsShape,
});
export type BookingAnswer = z.input<typeof BookingSchema>;

export const MovementSchema = z.object({
  id: z.number().int(),
  mawb: z.string(),
  status_code: z.string(),
  location_iata: z.string(),
  segment_id: z.number().int().nullable(),
  segment_number_with_date: z.string().nullable(),
  parts_code: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  weight_code: z.string(),
  volume: z.number().nullable(),
  volume_code: z.string(),
  shcs: z.array(z.string()),
  discrepancy_code: z.string().nullable(),
  uld: z.string().nullable(),
  time_utc: IsoDateTime,
  deactivated: z.boolean(),
  /** Who recorded it (e-mail); null for telegrams and the demo history. */
  recorded_by: z.string().nullable(),
});

export const AlertSchema = z.object({ id: z.number().int(), mawb: z.string(), code: z.string() });

/** A rating line as answers carry it: the money as decimal text. */
const RatingLineAnswer = z.object({
  pieces: z.number(),
  gross_weight: z.number(),
  rate_class_code: z.string(),
  commodity_item_number: z.string().nullish(),
  chargeable_weight: z.number(),
  rate: AmountAnswer,
  total: AmountAnswer,
  nature_of_goods: z.string().nullish(),
});

/** An other charge as answers carry it: its amount as decimal text. */
const OtherChargeAnswer = z.object({ code: z.string(), due: z.string(), payment: z.string(), amount: AmountAnswer });

/** Which actions the caller may take on this waybill now (the detail page's buttons follow it). */
export const AwbActionsSchema = z.object({
  edit: z.boolean(),
  book: z.boolean(),
  issue: z.boolean(),
  cancel_issue: z.boolean(),
  verify: z.boolean(),
  cancel_verify: z.boolean(),
  void: z.boolean(),
  cancel_void: z.boolean(),
  deliver: z.boolean(),
  charter: z.boolean(),
});

/** One row of the shipments list (spec 2 "Shipment/list item"). */
export const AirWaybillListItemSchema = z.object({
  id: z.number().int(),
  mawb: z.string(),
  carrier: z.string(),
  origin_iata: z.string(),
  destination_iata: z.string(),
  pieces: z.number().int(),
  weight: z.number(),
  volume: z.number(),
  charge_weight: z.number(),
  shcs: z.array(z.string()),
  commodity: z.string(),
  product_type: z.string().nullable(),
  postal_number: z.string().nullable(),
  air_waybill_source: z.string(),
  forwarder_short_name: z.string(),
  booking_status: z.string(),
  departure_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  issued_at: IsoDateTime.nullable(),
  issue_date: z.string().nullable(),
  verified_at: IsoDateTime.nullable(),
  voided_at: IsoDateTime.nullable(),
  void_reason: z.string().nullable(),
  void_payment: z.string().nullable(),
  delivered: z.boolean(),
  departed: z.boolean(),
  /** When it took off (the list's "departed" date type). */
  departed_at: IsoDateTime.nullable(),
  deleted: z.boolean(),
  billing_date: z.string().nullable(),
  /** The tariff's day, YYYY-MM-DD (the list's "tariff date" date type). */
  tariff_date: z.string().nullable(),
  charter: z.boolean(),
  warnings: z.array(z.string()),
  provisional_amount: AmountAnswer.nullable().describe("estimated revenue the booking priced, in the waybill's currency: decimal text"),
  final_amount: AmountAnswer.nullable().describe("the amount the airline billed: decimal text"),
  currency: z.string().nullable(),
  /** The active bookings, first leg first. */
  effective_bookings: z.array(
    z.object({
      number_with_date: z.string(),
      origin_iata: z.string(),
      destination_iata: z.string(),
      std: IsoDateTime,
      response_status: z.string(),
      response_reason: z.string().nullable(),
      is_departed: z.boolean(),
    }),
  ),
});

/** The detail (GET /{mawb}): every field of the waybill, its bookings, movements and what the caller may do. */
export const AirWaybillSchema = AirWaybillListItemSchema.omit({ effective_bookings: true }).extend({
  prefix: z.string(),
  forwarder_id: z.number().int(),
  custom_number: z.boolean(),
  bso: z.boolean(),
  manual_route: z.array(z.string()),
  weight_code: z.string(),
  volume_code: z.string(),
  density_group: z.number().int().nullable(),
  charge_weight_source: z.enum(["auto", "airline"]),
  airline_defined_cw: z.number().nullable(),
  chargeable_calculation: z.object({
    cw_auto_calculation: z.boolean(),
    gross_weight: z.number(),
    volume_weight: z.number(),
    min_chargeable: z.number(),
    chargeable_weight: z.number(),
    basis: z.enum(["gross", "volume", "minimum", "airline"]),
  }),
  hs_codes: z.array(z.string()),
  product_code: z.string().nullable(),
  postal: z.boolean(),
  dimensions: z.array(z.object({ pieces: z.number(), weight: z.number().nullish(), length: z.number(), width: z.number(), height: z.number(), volume: z.number() })),
  goods_items: z.array(z.record(z.unknown())),
  shipper: PartyAnswer,
  consignee: PartyAnswer,
  notify: PartyAnswer.nullable(),
  issuing_agent: PartyAnswer.nullable(),
  airline_customer_id: z.number().int().nullable(),
  accounting_information: z.string().nullable(),
  chgs_code: z.string().nullable(),
  wt_val: z.string(),
  other_charges_payment: z.string(),
  declared_value_carriage: z.string(),
  declared_value_customs: z.string(),
  insurance_amount: z.string(),
  handling_information: z.string().nullable(),
  sci: z.string().nullable(),
  rating: z.array(RatingLineAnswer),
  other_charges: z.array(OtherChargeAnswer),
  totals: z.record(AmountAnswer.nullable()).describe("charge totals by name (weight_charge, valuation_charge, tax, due_agent, due_carrier, total): decimal text"),
  executed_on: z.string().nullable(),
  executed_at: z.string().nullable(),
  signature: z.string().nullable(),
  customs_declaration: z.record(z.unknown()).nullable(),
  security_declaration: z.record(z.unknown()).nullable(),
  sli: z.record(z.unknown()).nullable(),
  placi: z.record(z.unknown()).nullable(),
  notation: z.string().nullable(),
  mrn: z.string().nullable(),
  consignor_certified: z.boolean(),
  delivered_at: IsoDateTime.nullable(),
  departed_at: IsoDateTime.nullable(),
  tariff_date: z.string().nullable(),
  updated_at: IsoDateTime,
  /** Airports from origin to destination by the active bookings (or the manual route). */
  route: z.array(z.string()),
  origin_time_zone: z.string().describe("the origin airport's IANA zone: the waybill's own times in local mode"),
  bookings: z.array(BookingSchema),
  actions: AwbActionsSchema,
  can_send_fhl: z.boolean().describe("the caller may send the waybill's FHL now: a sender of telegrams, and the waybill has house waybills"),
});
export type AirWaybillAnswer = z.input<typeof AirWaybillSchema>;

/** The codes a waybill answer lists under `warnings` (api/air-waybills/warnings.ts). */
export const WARNING_CODES = [
  // business checks the user accepted (cargo/awb/business-checks.ts)
  "average_piece_volume",
  "average_piece_weight",
  "weight_over_limit",
  "volume_over_limit",
  "pieces_over_totals",
  "weight_over_totals",
  "volume_over_totals",
  "airline_weight_restriction",
  // what our data can tell (spec 3 §8 booking warning notices)
  "density_exceeded",
  "weight_differs",
  "route_not_permitted",
  "interline_not_allowed",
  "flight_canceled",
  "unworkable_connection",
  "missing_departure_date",
  "missing_forwarder",
  "shipment_duplicate",
  "forwarder_iata_mismatch",
  "not_assigned_to_company",
  "bso_mismatch",
  // the master's pieces or weight differ from the sum of its house waybills (api/house-waybills)
  "house_totals_differ",
] as const;
export type WarningCode = (typeof WARNING_CODES)[number];
