import { z } from "zod";
import { LooseAmount } from "./amount.server";
import type { Upstream } from "./client.server";
import { LooseNumber, LooseText, NumberLike } from "./schemas";

// A waybill's rate lines (issue 24; spec 3 §7 "Air waybills": GET and POST /{id}/rates, DELETE /{id}/rates/{rateId},
// POST /{id}/calculate). Read loosely, as every upstream answer; amounts stay decimal text (amount.server.ts), never a
// JavaScript number.

/** One reason of a line or of a refusal: the engine's code (cargo/pricing/reason-codes.ts) and its values. */
export const PriceReasonSchema = z.object({
  code: z.string(),
  params: z
    .record(z.union([z.string(), z.number()]))
    .nullish()
    .transform((v) => v ?? {}),
});
export type PriceReason = z.infer<typeof PriceReasonSchema>;

const Amount = LooseAmount.transform((v) => v ?? "0");

export const RateLineSchema = z.object({
  id: NumberLike,
  kind: z.string(),
  code: z.string(),
  rate_class_code: LooseText,
  description: LooseText,
  rate: Amount,
  amount: Amount,
  currency: z.string(),
  base_value: Amount,
  basis: z.string(),
  weight_brake: LooseAmount,
  vat_inclusion: z.string(),
  vat: Amount,
  vat_percent: LooseAmount,
  invoice_number: LooseText,
  unit_code: LooseText,
  rate_numbers: LooseText,
  added_by: LooseText,
  calculation_type: z.string(),
  reasons: z
    .array(PriceReasonSchema)
    .nullish()
    .transform((v) => v ?? []),
  created_at: LooseText,
});
export type RateLine = z.infer<typeof RateLineSchema>;

export const WaybillRatesSchema = z.object({
  mawb: z.string(),
  chargeable_weight: LooseNumber,
  tariff_date: LooseText,
  billing_date: LooseText,
  rates: z.array(RateLineSchema),
  totals: z.array(z.object({ currency: z.string(), amount: Amount, vat: Amount })),
});
export type WaybillRates = z.infer<typeof WaybillRatesSchema>;

/** The 422 of a calculation the engine refused: its reasons beside the sentence, and the day it priced. */
export const NotPricedSchema = z.object({
  refusals: z
    .array(PriceReasonSchema)
    .nullish()
    .transform((v) => v ?? []),
  tariff_date: LooseText,
});

/** What a person types for a line of their own (the API's ManualRate; amounts as decimal text). */
export interface ManualRateInput {
  kind: string;
  code: string;
  rate_class_code?: string;
  description?: string;
  rate: string;
  base_value?: string;
  amount?: string;
  currency: string;
  basis: string;
  vat_inclusion: string;
  vat_percent?: string;
  invoice_number?: string;
}

const path = (mawb: string, rest = "") => `api/v3/air_waybills/${encodeURIComponent(mawb)}${rest}`;

export function getWaybillRates(api: Upstream, mawb: string) {
  return api.get(path(mawb, "/rates"), { schema: WaybillRatesSchema });
}

export function calculateWaybill(api: Upstream, mawb: string) {
  return api.post(path(mawb, "/calculate"), { schema: WaybillRatesSchema });
}

export function addWaybillRate(api: Upstream, mawb: string, input: ManualRateInput) {
  return api.post(path(mawb, "/rates"), { json: input, schema: WaybillRatesSchema });
}

export function deleteWaybillRate(api: Upstream, mawb: string, rateId: number) {
  return api.delete(path(mawb, `/rates/${rateId}`));
}
