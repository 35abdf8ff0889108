import { z } from "zod";
import type { Upstream } from "./client.server";
import { mapCodes, type CodeRule, type UpstreamFailure } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { pageOf } from "./schemas";
import {
  BASES, LEGS, LEVELS, RATE_CLASSES, SUMMARY_COLUMNS, SURCHARGE_TYPES, VAT_INCLUSIONS, type ListMode, type SummaryColumn,
} from "../tariffs/price-values";

// Billing prices (spec 3 §7 "Billing"): GET and POST api/v3/billing/{tariffs,charges,surcharges}, GET, PATCH and
// DELETE .../{id}, POST .../notification_marks. The tariff family speaks camelCase (spec 2 §3). Every amount, rate
// and percentage is read as the decimal text the API sends and stays text all the way to the page: a JS number
// would turn 0.1 + 0.2 into 0.30000000000000004 and "1234567890123456.5" into something else (DESIGN §4b).

/** Decimal text as the API answers it ("1500", "95.5"); numbers of another backend are taken as their text. */
const Amount = z.union([z.string(), z.number().transform(String)]);
const OptAmount = Amount.nullish().transform((v) => v ?? null);
const Text = z.string().nullish().transform((v) => v ?? null);
const Codes = z.array(z.string()).nullish().transform((v) => v ?? []);

/** The fields every price shares (the API's ScopeAnswer). */
const Scope = {
  id: z.number(),
  airline: z.string(),
  internalId: Text,
  origin: Text,
  destination: Text,
  transfers: Codes,
  nonStop: z.boolean().default(false),
  effectiveFrom: z.string(),
  effectiveTo: Text,
  salesChannel: Text,
  companies: z
    .object({ included: Codes, excluded: Codes, notified: Codes })
    .nullish()
    .transform((c) => c ?? { included: [], excluded: [], notified: [] }),
  groups: Codes,
  currency: z.string(),
  vatInclusion: z.enum(VAT_INCLUSIONS).catch("without"),
  vat: OptAmount,
  document: Text,
  notes: Text,
  expired: z.boolean().default(false),
  /** A forwarder: its own account confirmed it; the airline: any account did. */
  notified: z.boolean().default(false),
};

export const TariffRateSchema = z.object({
  productCode: Text,
  rateClass: z.enum(RATE_CLASSES),
  weightBrake: z.number().default(0),
  value: Amount,
});

export const TariffSchema = z.object({
  ...Scope,
  basis: z.enum(BASES),
  level: z.enum(LEVELS).catch("first"),
  legsNumber: z.enum(LEGS).catch("any"),
  product: Text,
  isDerivative: z.boolean().default(false),
  minChargeableWeight: OptAmount,
  rates: z.array(TariffRateSchema).default([]),
  summaryRates: z
    .object(Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, OptAmount])) as Record<SummaryColumn, typeof OptAmount>)
    .partial()
    .nullish()
    .transform((s) => Object.fromEntries(SUMMARY_COLUMNS.map((c) => [c, s?.[c] ?? null])) as Record<SummaryColumn, string | null>),
});
export type Tariff = z.infer<typeof TariffSchema>;

export const BillingChargeSchema = z.object({
  ...Scope,
  chargeCode: z.string(),
  chargeName: z.string(),
  basis: z.enum(BASES),
  rate: Amount,
  minimalRate: OptAmount,
  products: Codes,
  shc: Codes,
  originCountry: Text,
  destinationCountry: Text,
  routeRegion: Text,
});
export type BillingCharge = z.infer<typeof BillingChargeSchema>;

export const SurchargeSchema = z.object({
  ...Scope,
  code: z.string(),
  productCode: Text,
  type: z.enum(SURCHARGE_TYPES),
  value: Amount,
  minimalWeight: OptAmount,
});
export type Surcharge = z.infer<typeof SurchargeSchema>;

export interface PriceListQuery extends PageQuery {
  mode?: ListMode;
  origin?: string;
  destination?: string;
  effective_on?: string;
  active?: "true" | "false";
  q?: string;
  /** Tariffs and surcharges. */
  product?: string;
  /** Charges. */
  charge_code?: string;
}

/** The body fields every price shares, as the forms send them (amounts as decimal text). */
export interface ScopeInput {
  internalId: string | null;
  origin: string | null;
  destination: string | null;
  transfers: string[];
  nonStop: boolean;
  effectiveFrom: string;
  effectiveTo: string | null;
  salesChannel: string | null;
  companies: { included: string[]; excluded: string[] };
  groups: string[];
  currency: string;
  vatInclusion: (typeof VAT_INCLUSIONS)[number];
  vat: string | null;
  document: string | null;
  notes: string | null;
}

export interface TariffInput extends ScopeInput {
  basis: (typeof BASES)[number];
  level: (typeof LEVELS)[number];
  legsNumber: (typeof LEGS)[number];
  product: string | null;
  isDerivative: boolean;
  minChargeableWeight: string | null;
  rates: Array<{ productCode: string | null; rateClass: (typeof RATE_CLASSES)[number]; weightBrake?: string; value: string }>;
}

export interface BillingChargeInput extends ScopeInput {
  chargeCode: string;
  chargeName: string;
  basis: (typeof BASES)[number];
  rate: string;
  minimalRate: string | null;
  products: string[];
  shc: string[];
  originCountry: string | null;
  destinationCountry: string | null;
  routeRegion: string | null;
}

export interface SurchargeInput extends ScopeInput {
  code: string;
  productCode: string | null;
  type: (typeof SURCHARGE_TYPES)[number];
  value: string;
  minimalWeight: string | null;
}

/** Spec 3 §8: "Tariff create with statusCode tariffAlreadyExists: Exists"; "tariff not found". */
const EXISTS: CodeRule = [422, "tariff_exists", "Exists"];
const GONE: CodeRule = [404, ["tariff_not_found", "charge_not_found", "surcharge_not_found", "not_found", "record_not_found"], "NotFound"];
/** The refusal code of a forwarder whose airline shows it no prices (its agreement's show_tariffs is off). */
export const TARIFFS_NOT_AVAILABLE = "tariffs_not_available";
/**
 * Spec 3 §8 "Information about tariffs is not available": a 403 the page itself explains. Left as Forbidden, the
 * user's client would answer it with the global access-denied redirect before the page could say why.
 */
const NOT_AVAILABLE: CodeRule = [403, TARIFFS_NOT_AVAILABLE, "AccessDenied"];
const priceErrors = mapCodes([EXISTS, GONE, NOT_AVAILABLE]);

/** Whether a failure is the airline hiding its prices from this forwarder. */
export const isNotAvailable = (failure: UpstreamFailure) => failure.refusal?.code === TARIFFS_NOT_AVAILABLE;

function priceClient<T, Input extends object>(path: string, schema: z.ZodType<T, z.ZodTypeDef, unknown>, bodyKey: string) {
  const client = resourceClient<T, PriceListQuery, Input, Partial<Input>>({ path: `api/v3/billing/${path}`, schema, bodyKey, errors: priceErrors });
  return {
    ...client,
    list: (api: Upstream, query: PriceListQuery) => api.get(client.path, { query: { ...query }, schema: pageOf(schema), errors: priceErrors }),
    /** The list's filters as a spreadsheet (GET billing/{kind}.xlsx; spec 3 §9 default name tariffs.xlsx). */
    sheet: (api: Upstream, query: Omit<PriceListQuery, "page" | "per_page">) => api.download(`${client.path}.xlsx`, { ...query }),
    /** A forwarder confirms it knows of these prices (spec 2 §4: "confirming awareness marks tariffs as notified"). */
    markNotified: (api: Upstream, ids: number[]) =>
      api.post(`${client.path}/notification_marks`, { json: { ids }, schema: z.object({ notified: z.number() }), errors: priceErrors }),
  };
}

export const tariffsApi = priceClient<Tariff, TariffInput>("tariffs", TariffSchema, "tariff");
export const billingChargesApi = priceClient<BillingCharge, BillingChargeInput>("charges", BillingChargeSchema, "charge");
export const surchargesApi = priceClient<Surcharge, SurchargeInput>("surcharges", SurchargeSchema, "surcharge");
export type PriceApi = typeof tariffsApi | typeof billingChargesApi | typeof surchargesApi;
