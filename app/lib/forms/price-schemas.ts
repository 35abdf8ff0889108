import { z } from "zod";
import { TEXT_MAX } from "../../../cargo/limits";
import type { BillingCharge, BillingChargeInput, ScopeInput, Surcharge, SurchargeInput, Tariff, TariffInput } from "../upstream/billing.server";
import {
  BASES, LEGS, LEVELS, PRICE_CURRENCIES, RATE_CLASSES, ROUTE_REGIONS, SALES_CHANNELS, SURCHARGE_TYPES, VAT_INCLUSIONS,
} from "../tariffs/price-values";
import { carrierField } from "./airline-fields";
import { checked, codeList, flag, IATA, joinCodes, optionalDate, optionalText, orNull, requiredDate, requiredText, SHC, tooLong, upperCode } from "./field-rules";

// The create and edit forms of tariffs, billing charges and surcharges (spec 2 §3), for the browser (conform) and the
// action alike. Field names are the API's own (camelCase; `companies.included`, `rates[3].value`), so a field error
// the API sends lands beside its input with no table of names in between. Amounts stay decimal text: the form checks
// only their length and the API reads them (cargo/money parseAmount), refusing "1e309" or "0x10" with a code that
// the page translates beside the field; no JavaScript number ever holds one.

/** The most characters an amount's text may have before the API is asked (15 digits, a point, 6 decimals, a sign). */
const AMOUNT_CHARS = 23;
/** The most rate rows a tariff form holds (the API's MAX_TARIFF_RATES). */
export const MAX_RATE_ROWS = 100;

/** An amount as typed: trimmed, a decimal comma read as a point ("95,5" is how a Russian user writes 95.5). */
const amountText = () =>
  z
    .string()
    .trim()
    .max(AMOUNT_CHARS, tooLong(AMOUNT_CHARS))
    .transform((s) => (/^-?\d+,\d+$/.test(s) ? s.replace(",", ".") : s));
const requiredAmount = () => z.string({ required_error: "errors:required" }).pipe(amountText());

/** A product or charge code (GCR, AWC): the API's 1 to 5 letters and digits. */
const CODE = /^[A-Z0-9]{1,5}$/;
const optionalCode = () => upperCode(CODE, "errors:invalid");
const requiredCode = () => requiredText(TEXT_MAX.code).transform((s) => s.toUpperCase()).pipe(z.string().regex(CODE, "errors:invalid"));
const optionalIata = () => upperCode(IATA, "errors:unknownAirport");
const optionalCountry = () => upperCode(/^[A-Z]{2}$/, "errors:unknownCountry");

/** Names separated by commas (account numbers, groups): their own spelling kept, blanks dropped. */
const nameList = () =>
  z
    .string()
    .max(TEXT_MAX.text, tooLong(TEXT_MAX.text))
    .optional()
    .transform((text) =>
      (text ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    );

const enumOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { required_error: "errors:required", invalid_type_error: "errors:unknownValue" });

/** The fields every price shares (the API's ScopeFields). */
const ScopeShape = {
  /** Create only, platform users on a host without an airline. */
  carrier: carrierField(),
  internalId: optionalText(TEXT_MAX.code * 4),
  origin: optionalIata(),
  destination: optionalIata(),
  transfers: codeList(IATA, "errors:iata"),
  nonStop: flag(),
  effectiveFrom: requiredDate(),
  effectiveTo: optionalDate(),
  salesChannel: enumOf(SALES_CHANNELS).optional(),
  companies: z.object({ included: nameList(), excluded: nameList() }).optional(),
  groups: nameList(),
  currency: enumOf(PRICE_CURRENCIES),
  vatInclusion: enumOf(VAT_INCLUSIONS).default("without"),
  vat: amountText().optional(),
  document: optionalText(),
  notes: optionalText(TEXT_MAX.text),
};

/** One row of the rates editor; a row without a value is an unused row and is not sent. */
const RateRowSchema = z.object({
  productCode: optionalCode(),
  rateClass: enumOf(RATE_CLASSES).optional(),
  weightBrake: z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, "errors:integer")
    .optional(),
  value: amountText().optional(),
});

export const TariffFormSchema = z.object({
  ...ScopeShape,
  basis: enumOf(BASES).default("charge"),
  level: enumOf(LEVELS).default("first"),
  legsNumber: enumOf(LEGS).default("any"),
  product: optionalCode(),
  isDerivative: flag(),
  minChargeableWeight: amountText().optional(),
  rates: z.array(RateRowSchema.optional()).max(MAX_RATE_ROWS, "errors:tooManyCodes").optional(),
});
export type TariffForm = z.infer<typeof TariffFormSchema>;

export const ChargeFormSchema = z.object({
  ...ScopeShape,
  chargeCode: requiredCode(),
  chargeName: requiredText(),
  basis: enumOf(BASES).default("fixed"),
  rate: requiredAmount(),
  minimalRate: amountText().optional(),
  products: codeList(CODE, "errors:invalid"),
  shc: codeList(SHC, "errors:invalid"),
  originCountry: optionalCountry(),
  destinationCountry: optionalCountry(),
  routeRegion: enumOf(ROUTE_REGIONS).optional(),
});
export type ChargeForm = z.infer<typeof ChargeFormSchema>;

export const SurchargeFormSchema = z.object({
  ...ScopeShape,
  code: requiredCode(),
  productCode: optionalCode(),
  type: enumOf(SURCHARGE_TYPES).default("percent"),
  value: requiredAmount(),
  minimalWeight: amountText().optional(),
});
export type SurchargeForm = z.infer<typeof SurchargeFormSchema>;

type ScopeForm = Pick<TariffForm, keyof typeof ScopeShape>;

const SCOPE_FIELDS = [
  "internalId", "origin", "destination", "transfers", "nonStop", "effectiveFrom", "effectiveTo", "salesChannel",
  "companies.included", "companies.excluded", "groups", "currency", "vatInclusion", "vat", "document", "notes",
] as const;
const RATE_FIELDS = ["productCode", "rateClass", "weightBrake", "value"] as const;

/** The form fields an API field error may land on, per kind (every rate row's inputs included). */
export const TARIFF_FIELDS: readonly string[] = [
  ...SCOPE_FIELDS, "basis", "level", "legsNumber", "product", "isDerivative", "minChargeableWeight", "rates",
  ...Array.from({ length: MAX_RATE_ROWS }, (_, i) => RATE_FIELDS.map((f) => `rates[${i}].${f}`)).flat(),
];
export const CHARGE_FIELDS: readonly string[] = [
  ...SCOPE_FIELDS, "chargeCode", "chargeName", "basis", "rate", "minimalRate", "products", "shc", "originCountry", "destinationCountry", "routeRegion",
];
export const SURCHARGE_FIELDS: readonly string[] = [...SCOPE_FIELDS, "code", "productCode", "type", "value", "minimalWeight"];

/** The shared fields of a body: every one sent, so that an emptied field is cleared by an edit (null or []). */
function scopeInput(v: ScopeForm): ScopeInput {
  return {
    internalId: orNull(v.internalId),
    origin: orNull(v.origin),
    destination: orNull(v.destination),
    transfers: v.transfers,
    nonStop: Boolean(v.nonStop),
    effectiveFrom: v.effectiveFrom,
    effectiveTo: orNull(v.effectiveTo),
    salesChannel: orNull(v.salesChannel),
    companies: { included: v.companies?.included ?? [], excluded: v.companies?.excluded ?? [] },
    groups: v.groups,
    currency: v.currency,
    vatInclusion: v.vatInclusion,
    // "without" VAT has no percent; the API clears it too
    vat: v.vatInclusion === "without" ? null : orNull(v.vat),
    document: orNull(v.document),
    notes: orNull(v.notes),
  };
}

/**
 * A tariff's body and, for each rate it sends, the form row it came from: rows without a value are unused rows of
 * the editor and are left out, so the API's `rates.2.value` may be the form's `rates[5].value`.
 */
export function tariffInput(v: TariffForm): { input: TariffInput; rateRows: number[] } {
  const rateRows: number[] = [];
  const rates: TariffInput["rates"] = [];
  (v.rates ?? []).forEach((row, index) => {
    if (!row?.value) return;
    rateRows.push(index);
    const rateClass = row.rateClass ?? "N";
    rates.push({
      productCode: orNull(row.productCode),
      rateClass,
      // M and N have no break; the API would refuse none for a Q rate, beside the row's break
      ...(rateClass === "Q" && row.weightBrake ? { weightBrake: row.weightBrake } : {}),
      value: row.value,
    });
  });
  return {
    input: {
      ...scopeInput(v),
      basis: v.basis,
      level: v.level,
      legsNumber: v.legsNumber,
      product: orNull(v.product),
      isDerivative: Boolean(v.isDerivative),
      minChargeableWeight: orNull(v.minChargeableWeight),
      rates,
    },
    rateRows,
  };
}

export function chargeInput(v: ChargeForm): BillingChargeInput {
  return {
    ...scopeInput(v),
    chargeCode: v.chargeCode,
    chargeName: v.chargeName,
    basis: v.basis,
    rate: v.rate,
    minimalRate: orNull(v.minimalRate),
    products: v.products,
    shc: v.shc,
    originCountry: orNull(v.originCountry),
    destinationCountry: orNull(v.destinationCountry),
    routeRegion: orNull(v.routeRegion),
  };
}

export function surchargeInput(v: SurchargeForm): SurchargeInput {
  return {
    ...scopeInput(v),
    code: v.code,
    productCode: orNull(v.productCode),
    type: v.type,
    value: v.value,
    minimalWeight: orNull(v.minimalWeight),
  };
}

/**
 * An API field name as the form names it: `rates.3.value` → `rates[<form row>].value` (the row the fourth sent rate
 * came from), `companies.included` as it is.
 */
export function formFieldOf(name: string, rateRows: readonly number[] = []): string {
  const m = /^rates\.(\d+)\.(\w+)$/.exec(name);
  if (!m) return name;
  const row = rateRows[Number(m[1])] ?? Number(m[1]);
  return `rates[${row}].${m[2]}`;
}

type Values = Record<string, unknown>;
const s = (v: string | null | undefined) => v ?? "";

function scopeDefaults(p: Tariff | BillingCharge | Surcharge | null): Values {
  if (!p) return { vatInclusion: "without", currency: "RUB", effectiveFrom: "" };
  return {
    internalId: s(p.internalId),
    origin: s(p.origin),
    destination: s(p.destination),
    transfers: joinCodes(p.transfers),
    nonStop: checked(p.nonStop),
    effectiveFrom: p.effectiveFrom,
    effectiveTo: s(p.effectiveTo),
    salesChannel: s(p.salesChannel),
    companies: { included: p.companies.included.join(", "), excluded: p.companies.excluded.join(", ") },
    groups: p.groups.join(", "),
    currency: p.currency,
    vatInclusion: p.vatInclusion,
    vat: s(p.vat),
    document: s(p.document),
    notes: s(p.notes),
  };
}

/** The rows a new tariff's editor starts with: the rate-break columns of spec 2 §9 (M, N, Q45 … Q1000). */
const NEW_TARIFF_RATES = [
  { rateClass: "M" },
  { rateClass: "N" },
  ...[45, 100, 300, 500, 1000].map((b) => ({ rateClass: "Q", weightBrake: String(b) })),
];
/** Unused rows after a stored tariff's rates, so a rate can be added without JavaScript. */
const SPARE_RATE_ROWS = 2;

export function tariffDefaults(t: Tariff | null): Values {
  if (!t) return { ...scopeDefaults(null), basis: "charge", level: "first", legsNumber: "any", rates: NEW_TARIFF_RATES };
  return {
    ...scopeDefaults(t),
    basis: t.basis,
    level: t.level,
    legsNumber: t.legsNumber,
    product: s(t.product),
    isDerivative: checked(t.isDerivative),
    minChargeableWeight: s(t.minChargeableWeight),
    rates: [
      ...t.rates.map((r) => ({
        productCode: s(r.productCode),
        rateClass: r.rateClass,
        weightBrake: r.rateClass === "Q" ? String(r.weightBrake) : "",
        value: r.value,
      })),
      ...Array.from({ length: SPARE_RATE_ROWS }, () => ({})),
    ],
  };
}

export function chargeDefaults(c: BillingCharge | null): Values {
  if (!c) return { ...scopeDefaults(null), basis: "fixed" };
  return {
    ...scopeDefaults(c),
    chargeCode: c.chargeCode,
    chargeName: c.chargeName,
    basis: c.basis,
    rate: c.rate,
    minimalRate: s(c.minimalRate),
    products: joinCodes(c.products),
    shc: joinCodes(c.shc),
    originCountry: s(c.originCountry),
    destinationCountry: s(c.destinationCountry),
    routeRegion: s(c.routeRegion),
  };
}

export function surchargeDefaults(x: Surcharge | null): Values {
  if (!x) return { ...scopeDefaults(null), type: "percent" };
  return {
    ...scopeDefaults(x),
    code: x.code,
    productCode: s(x.productCode),
    type: x.type,
    value: x.value,
    minimalWeight: s(x.minimalWeight),
  };
}
