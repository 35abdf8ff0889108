import { z } from "zod";
import { TEXT_MAX } from "../../../cargo/limits";
import { parseAmount } from "../../../cargo/money/money";
import { OFFER_RATE_BASES, OFFER_RATE_CLASSES, OFFER_RATE_COMPANIES, OFFER_RATE_TYPES } from "../../../cargo/offers/offer-rates";
import { AWB_VOLUME, AWB_WEIGHT, decimal, DimensionRowSchema, pieces, requiredDecimal, TRIP, tripSegments } from "../air-waybills/awb-form-schema";
import { airportField } from "../forms/airline-fields";
import { CURRENCIES } from "../forms/agreement-schema";
import { withCrossChecks } from "../forms/cross-checks";
import { codeList, isCalendarDate, optionalText, SHC } from "../forms/field-rules";
import { checkPostCode } from "../forms/post-code-rule";
import type { Offer, OfferBody } from "../upstream/offers.server";

/**
 * The offer form (spec 1 §2 "The offer edit form has parameters, shipment parameters, shipping price, customer edit
 * and dimensions"), shared by the browser (conform) and the create and offer pages' actions. Messages are i18n keys.
 * The API's rules (api/offers/schemas.ts) are checked here first; amounts are read by cargo/money's parseAmount, as the
 * API reads them, and stay text: the page never holds money in a JavaScript number.
 */

/** Most rate lines and dimension rows the form takes (the API's limits). */
export const MAX_RATE_ROWS = 50;
export const MAX_DIMENSION_ROWS = 100;

/** An amount typed as decimal text; its refusal worded by the API's code (errors:refusal.amount_*). */
const amount = () =>
  z
    .string()
    .trim()
    .max(40, "errors:refusal.amount_too_long")
    .superRefine((text, ctx) => {
      const read = parseAmount(text);
      if (!read.ok) ctx.addIssue({ code: "custom", message: `errors:refusal.${read.code}` });
      else if (read.value.isNegative()) ctx.addIssue({ code: "custom", message: "errors:refusal.must_be_zero_or_more" });
    });

const optionalDate = () => z.string().trim().refine(isCalendarDate, "errors:invalid").optional();

export const RateRowSchema = z.object({
  type: z.enum(OFFER_RATE_TYPES, { required_error: "errors:required", invalid_type_error: "errors:unknownValue" }),
  code: z.string({ required_error: "errors:required" }).trim().toUpperCase().max(TEXT_MAX.code, `errors:max?max=${TEXT_MAX.code}`),
  rate_class_code: z.enum(OFFER_RATE_CLASSES, { invalid_type_error: "errors:unknownValue" }).optional(),
  description: optionalText(),
  rate: amount(),
  base_value: amount().optional(),
  incoming_amount: amount().optional(),
  outgoing_amount: amount().optional(),
  currency: z.enum(CURRENCIES, { required_error: "errors:required", invalid_type_error: "errors:unknownValue" }),
  basis: z.enum(OFFER_RATE_BASES, { required_error: "errors:required", invalid_type_error: "errors:unknownValue" }),
  vat_percent: amount()
    .refine((v) => {
      const read = parseAmount(v);
      return !read.ok || read.value.lessThanOrEqualTo(100);
    }, "offers:errors.percent")
    .optional(),
  company: z.enum(OFFER_RATE_COMPANIES, { invalid_type_error: "errors:unknownValue" }).default("carrier"),
});
export type RateRow = z.infer<typeof RateRowSchema>;

const CustomerSchema = z.object({
  name: optionalText(),
  address: optionalText(TEXT_MAX.text),
  city: optionalText(),
  country_code: z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "errors:invalid").optional(),
  post_code: optionalText(TEXT_MAX.code * 2),
  tax_id: optionalText(TEXT_MAX.code * 3),
});

/** Which button sent the form: save the draft, or save it and send it ("create offer"). */
export const SAVE_INTENTS = ["draft", "send"] as const;

export const OfferFormSchema = withCrossChecks(
  z.object({
    intent: z.enum(SAVE_INTENTS).default("draft"),
    carrier: z.string().trim().toUpperCase().regex(/^[A-Z0-9]{2}$/, "errors:invalid").optional(),
    customer_name: optionalText(),
    customer: CustomerSchema.default({}),
    origin_iata: airportField(),
    destination_iata: airportField(),
    date_toa: optionalDate(),
    valid_until: optionalDate(),
    pieces: pieces(),
    weight: requiredDecimal(AWB_WEIGHT),
    volume: decimal(AWB_VOLUME),
    shcs: codeList(SHC, "errors:shc"),
    commodity: optionalText(),
    comment: optionalText(TEXT_MAX.text),
    pickup_address: optionalText(TEXT_MAX.text),
    pickup_city: optionalText(),
    pickup_post_code: optionalText(TEXT_MAX.code * 2),
    delivery_address: optionalText(TEXT_MAX.text),
    delivery_city: optionalText(),
    delivery_post_code: optionalText(TEXT_MAX.code * 2),
    /** The chosen trip's segment ids, "12-34" (kept from the booking search or the stored offer). */
    trip: z.string().trim().regex(TRIP, "errors:invalid").optional(),
    rates: z.array(RateRowSchema).max(MAX_RATE_ROWS, `errors:max?max=${MAX_RATE_ROWS}`).default([]),
    dimensions: z.array(DimensionRowSchema).max(MAX_DIMENSION_ROWS, `errors:max?max=${MAX_DIMENSION_ROWS}`).default([]),
  }),
  (v, ctx) => {
    if (v.origin_iata && v.origin_iata === v.destination_iata) ctx.addIssue({ code: "custom", path: ["destination_iata"], message: "offers:errors.sameAirports" });
    checkPostCode(ctx, v.customer ?? {}, ["customer", "post_code"]);
  },
);
export type OfferForm = z.infer<typeof OfferFormSchema>;
export type OfferFormValues = z.input<typeof OfferFormSchema>;

/** Form fields an API field error may name (nested and row fields as conform names them). */
export function offerFormFields(form: { rates: unknown[]; dimensions: unknown[] }): string[] {
  const rateFields = ["type", "code", "rate_class_code", "description", "rate", "base_value", "incoming_amount", "outgoing_amount", "currency", "basis", "vat_percent", "company"];
  const dimFields = ["pieces", "length", "width", "height", "weight"];
  return [
    "carrier", "customer_name", "customer_id", "customer", "customer.name", "customer.post_code", "origin_iata", "destination_iata", "date_toa", "valid_until",
    "pieces", "weight", "volume", "shcs", "commodity", "comment", "pickup_address", "pickup_city", "pickup_post_code", "delivery_address",
    "delivery_city", "delivery_post_code", "trip", "rates", "dimensions",
    ...form.rates.flatMap((_, i) => rateFields.map((f) => `rates[${i}].${f}`)),
    ...form.dimensions.flatMap((_, i) => dimFields.map((f) => `dimensions[${i}].${f}`)),
  ];
}

/** An API field name ("rates.0.rate", "segments") as the form names it ("rates[0].rate", "trip"). */
export const formFieldOf = (name: string) => (name === "segments" ? "trip" : name.replace(/\.(\d+)(?=\.|$)/g, "[$1]"));

/** The API body from a valid form: blank optional text clears the field (null); amounts travel as the text typed. */
export function offerBody(v: OfferForm): OfferBody {
  const orNull = <T>(x: T | undefined) => (x === undefined ? null : x);
  const c = v.customer ?? {};
  return {
    offer: {
      carrier: orNull(v.carrier),
      customer_name: orNull(v.customer_name),
      customer: { name: orNull(c.name ?? v.customer_name), address: orNull(c.address), city: orNull(c.city), country_code: orNull(c.country_code), post_code: orNull(c.post_code), tax_id: orNull(c.tax_id) },
      origin_iata: v.origin_iata,
      destination_iata: v.destination_iata,
      date_toa: orNull(v.date_toa),
      valid_until: orNull(v.valid_until),
      pieces: v.pieces,
      weight: v.weight,
      volume: orNull(v.volume),
      shcs: v.shcs,
      commodity: orNull(v.commodity),
      comment: orNull(v.comment),
      pickup_address: orNull(v.pickup_address),
      pickup_city: orNull(v.pickup_city),
      pickup_post_code: orNull(v.pickup_post_code),
      delivery_address: orNull(v.delivery_address),
      delivery_city: orNull(v.delivery_city),
      delivery_post_code: orNull(v.delivery_post_code),
      segments: tripSegments(v.trip),
    },
    rates: v.rates.map((r) => ({
      type: r.type,
      code: r.code,
      rate_class_code: orNull(r.rate_class_code),
      description: orNull(r.description),
      rate: r.rate,
      base_value: orNull(r.base_value),
      incoming_amount: orNull(r.incoming_amount),
      outgoing_amount: orNull(r.outgoing_amount),
      currency: r.currency,
      basis: r.basis,
      vat_percent: orNull(r.vat_percent),
      company: r.company,
    })),
    dimensions: v.dimensions.map((d) => ({ pieces: d.pieces, length: d.length, width: d.width, height: d.height, weight: orNull(d.weight) })),
  };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? undefined : String(v));

/** A stored offer as the form shows it. */
export function offerValues(o: Offer): Record<string, unknown> {
  return {
    carrier: text(o.carrier),
    customer_name: text(o.customer_name),
    customer: { name: text(o.customer.name), address: text(o.customer.address), city: text(o.customer.city), country_code: text(o.customer.country_code), post_code: text(o.customer.post_code), tax_id: text(o.customer.tax_id) },
    origin_iata: o.origin_iata,
    destination_iata: o.destination_iata,
    date_toa: text(o.date_toa),
    valid_until: text(o.valid_until),
    pieces: text(o.pieces),
    weight: text(o.weight),
    volume: text(o.volume),
    shcs: o.shcs.join(", "),
    commodity: text(o.commodity),
    comment: text(o.comment),
    pickup_address: text(o.pickup_address),
    pickup_city: text(o.pickup_city),
    pickup_post_code: text(o.pickup_post_code),
    delivery_address: text(o.delivery_address),
    delivery_city: text(o.delivery_city),
    delivery_post_code: text(o.delivery_post_code),
    trip: o.segments.length ? o.segments.map((s) => s.segment_id).join("-") : undefined,
    rates: o.rates.map((r) => ({
      type: r.type,
      code: r.code,
      rate_class_code: text(r.rate_class_code),
      description: text(r.description),
      rate: r.rate,
      base_value: text(r.base_value),
      incoming_amount: r.incoming_amount,
      outgoing_amount: r.outgoing_amount,
      currency: r.currency,
      basis: r.basis,
      vat_percent: text(r.vat_percent),
      company: r.company,
    })),
    dimensions: o.dimensions.map((d) => ({ pieces: text(d.pieces), length: text(d.length), width: text(d.width), height: text(d.height), weight: text(d.weight) })),
  };
}

/**
 * A new offer, valid for a week from today. From a priced option of the booking search (its airline named), no price
 * line: the API prices the offer with the airline's tariffs for the forwarder (api/offers/airfreight-prefill.ts).
 * Otherwise a freight line to fill in.
 */
export function newOfferValues(today: string, prefill: Record<string, string | undefined>): Record<string, unknown> {
  const week = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
  return {
    origin_iata: prefill.origin_iata,
    destination_iata: prefill.destination_iata,
    date_toa: prefill.flight_date,
    pieces: prefill.pieces,
    weight: prefill.weight,
    volume: prefill.volume,
    trip: prefill.trip,
    carrier: prefill.carrier,
    valid_until: week,
    rates: prefill.carrier ? [] : [{ type: "airfreight", code: "FRT", basis: "weight", rate_class_code: "N", currency: "USD", company: "carrier" }],
    dimensions: [],
  };
}
