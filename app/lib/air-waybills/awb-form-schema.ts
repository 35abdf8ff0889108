import { z } from "zod";
import { checkAwbNumber, DECIMALS, decimalRange, MAX_VOLUME_M3, MAX_WEIGHT_KG, TEXT_MAX, type DecimalRange } from "../../../cargo";
import { airportField, carrierField } from "../forms/airline-fields";
import { withCrossChecks } from "../forms/cross-checks";
import { codeList, flag, isCalendarDate, optionalText, requiredText, SHC, tooLong } from "../forms/field-rules";
import { decimalField, idField, wholeNumberField } from "../forms/decimal-field";
import { checkPostCode } from "../forms/post-code-rule";
import { MRN_PATTERN, normalMrn } from "../../../cargo/customs/mrn";

/**
 * The air waybill form (spec 1 §2 "Create air waybill", spec 2 §3 "Air waybill and shipment", §5 form rules), shared
 * by the browser (conform) and the actions of the create and edit pages. Messages are i18n keys. Numbers are typed
 * as people type them, "1,5" or "1.5", and read by decimal-field.ts (never "0x10" or "1e3"). The rules the API applies again (spec 2 §5) are checked here first so each
 * error is said beside its field before anything is sent.
 */

/** Most dimension rows (the API's MAX_AWB_ROWS). */
export const MAX_DIMENSION_ROWS = 100;
/** Most pieces on one waybill (the API's MAX_PIECES). */
export const MAX_PIECES = 100_000;
/** A side of a piece, cm (the API's MAX_SIDE_CM). */
export const MAX_SIDE_CM = 3000;

/** Spec 2 §5 "onlyLatin": the commodity travels in Cargo-IMP messages, which carry Latin letters only (the API's rule). */
export const LATIN = /^[A-Za-z0-9 .,;:\-/()'&+#%*]+$/;

/** An HS code: 4 to 10 digits (the API's rule). */
export const HS_CODE = /^\d{4,10}$/;

/** Weights, volumes and sides of a waybill: from 0 exclusive to `max`, with their scale. */
export const SIDE_CM = decimalRange(0, MAX_SIDE_CM, DECIMALS.length);
export const AWB_WEIGHT = decimalRange(0, MAX_WEIGHT_KG, DECIMALS.weight);
export const AWB_VOLUME = decimalRange(0, MAX_VOLUME_M3, DECIMALS.volume);

/** A positive figure of `range` (its min is 0: zero itself is refused as not positive). */
export const requiredDecimal = (range: DecimalRange) =>
  decimalField(range, { min: "errors:positive", max: `awb:errors.maxValue?max=${range.max}` }).refine((v) => v > 0, "errors:positive");
export const decimal = (range: DecimalRange) => requiredDecimal(range).optional();
export const pieces = () => wholeNumberField(1, MAX_PIECES, { min: "errors:positive", max: `awb:errors.maxValue?max=${MAX_PIECES}` });

/** A typed number (tenants c6 and su): the written forms cargo reads, the check digit said apart from the format. */
export const awbNumberField = () =>
  z
    .string()
    .trim()
    .max(40, "awb:errors.awbFormat")
    .superRefine((text, ctx) => {
      const check = checkAwbNumber(text);
      if (!check.valid) ctx.addIssue({ code: "custom", message: check.reason === "control" ? "awb:errors.controlBit" : "awb:errors.awbFormat" });
    })
    .optional();

export const DimensionRowSchema = z.object({
  pieces: pieces(),
  length: requiredDecimal(SIDE_CM),
  width: requiredDecimal(SIDE_CM),
  height: requiredDecimal(SIDE_CM),
  weight: decimal(AWB_WEIGHT),
});
export type DimensionRow = z.infer<typeof DimensionRowSchema>;

/** A party block. Its post code rule (GB, EU) is checked by the form holding it, beside the block's post code. */
export const PartySchema = z.object({
  name: optionalText(),
  address: optionalText(TEXT_MAX.text),
  city: optionalText(),
  state: optionalText(),
  country_code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "awb:errors.country")
    .optional(),
  post_code: optionalText(20),
  tax_id: optionalText(30),
  phone: z
    .string()
    .trim()
    .max(TEXT_MAX.name, tooLong(TEXT_MAX.name))
    // spec 2 §5 contactNumber: fewer than 25 digits
    .refine((v) => v.replace(/\D/g, "").length < 25, "awb:errors.contactNumber")
    .optional(),
  email: z.string().trim().email("errors:email").max(TEXT_MAX.name, tooLong(TEXT_MAX.name)).optional(),
});
export type PartyForm = z.infer<typeof PartySchema>;
export const PARTY_FIELDS = ["name", "address", "city", "state", "country_code", "post_code", "tax_id", "phone", "email"] as const;
export const PARTY_ROLES = ["shipper", "consignee", "notify"] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];

/** The chosen trip: its segment ids in leg order, "12-34". */
export const TRIP = /^\d{1,10}(-\d{1,10}){0,9}$/;

export const AwbFormSchema = withCrossChecks(
  z.object({
    /** Typed number (c6, su); empty: the next free number of the forwarder's stock. */
    mawb: awbNumberField(),
    /** The airline, where the host does not say it (a forwarder or platform user on their own host). */
    carrier: carrierField(),
    /** Platform and airline staff create for a forwarder. */
    forwarder_short_name: z.string().trim().toUpperCase().max(TEXT_MAX.code * 2, tooLong(TEXT_MAX.code * 2)).optional(),
    pieces: pieces(),
    weight: requiredDecimal(AWB_WEIGHT),
    volume: decimal(AWB_VOLUME),
    dimensions: z.array(DimensionRowSchema).max(MAX_DIMENSION_ROWS, `awb:errors.maxValue?max=${MAX_DIMENSION_ROWS}`).optional(),
    shcs: codeList(SHC, "errors:shc"),
    commodity: requiredText(TEXT_MAX.name).refine((v) => LATIN.test(v), "awb:errors.onlyLatin"),
    hs_codes: codeList(HS_CODE, "awb:errors.hsCode").refine((list) => list.length > 0, "awb:errors.hsCodeRequired"),
    /** The customs MRN as typed ("26ru 1234…"), in its written form; checked as the API checks it. */
    mrn: z
      .string()
      .max(TEXT_MAX.code * 4, tooLong(TEXT_MAX.code * 4))
      .transform(normalMrn)
      .refine((v) => v === "" || MRN_PATTERN.test(v), "awb:errors.mrn")
      .optional(),
    product_code: z.string().trim().toUpperCase().max(TEXT_MAX.code, tooLong(TEXT_MAX.code)).optional(),
    origin_iata: airportField(),
    destination_iata: airportField(),
    /** The day the route search looks at (origin local). */
    flight_date: z.string().refine(isCalendarDate, "errors:invalid").optional(),
    trip: z.string().trim().regex(TRIP, "errors:invalid").optional(),
    shipper: PartySchema.optional(),
    consignee: PartySchema.optional(),
    notify: PartySchema.optional(),
    airline_customer_id: idField().optional(),
    accounting_preset: z.string().max(40).optional(),
    accounting_information: optionalText(TEXT_MAX.text),
    handling_information: optionalText(TEXT_MAX.text),
    postal: flag(),
    postal_number: optionalText(),
    consignor_certified: flag(),
  }),
  (v, ctx) => {
    if (v.origin_iata && v.origin_iata === v.destination_iata) ctx.addIssue({ code: "custom", path: ["destination_iata"], message: "awb:errors.sameAirports" });
    // spec 2 §5: the consignor certification must be accepted on booking
    if (v.trip && !v.consignor_certified) ctx.addIssue({ code: "custom", path: ["consignor_certified"], message: "awb:errors.certification" });
    if (v.postal && !v.postal_number) ctx.addIssue({ code: "custom", path: ["postal_number"], message: "errors:required" });
    for (const role of PARTY_ROLES) checkPostCode(ctx, v[role], [role, "post_code"]);
    const rowPieces = (v.dimensions ?? []).reduce((n, r) => n + (r?.pieces ?? 0), 0);
    if (v.pieces && rowPieces > v.pieces) ctx.addIssue({ code: "custom", path: ["dimensions"], message: `awb:errors.rowPieces?count=${rowPieces}&pieces=${v.pieces}` });
  },
);
export type AwbForm = z.infer<typeof AwbFormSchema>;
export type AwbFormValues = z.input<typeof AwbFormSchema>;

/** The fields of the route search (the "search flights" step keeps only their errors). */
export const SEARCH_FIELDS = ["origin_iata", "destination_iata", "flight_date", "pieces", "weight", "volume", "shcs"] as const;

/** The extra submit steps of the form: each re-renders the form with everything typed (they work without JS). */
export const FORM_STEPS = ["search", "pick_shipper", "pick_consignee", "pick_notify", "preset", "edit"] as const;
export type FormStep = (typeof FORM_STEPS)[number];
export const stepOf = (value: unknown): FormStep | null => ((FORM_STEPS as readonly unknown[]).includes(value) ? (value as FormStep) : null);

/** The segment ids of a chosen trip ("12-34" → [12, 34]). */
export const tripSegments = (trip: string | undefined): number[] => (trip ? trip.split("-").map(Number).filter((n) => Number.isSafeInteger(n) && n > 0) : []);
