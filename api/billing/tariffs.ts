import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { tariffs } from "../db/schema";
import { reqAmount } from "../http/amount-input";
import { addRefusal } from "../http/errors";
import { MAX_WEIGHT_KG } from "../../cargo/limits";
import type { TariffRate } from "../../cargo/pricing/types";
import { wholeNumber } from "../http/decimal-input";
import { optBool } from "../settings/common";
import { codeField, optWeightKg, ScopeAnswer } from "./price-fields";
import { priceKind, priceRoutes, type PriceValues } from "./price-routes";

// Tariffs (spec 2 "Tariff"): the airfreight of a route, by rate class M, N and Q with weight breaks, per product.

/** What makes two of them the same (beside the shared scope: price-routes.ts scopeKeyOf). */
export const tariffIdentity = (v: PriceValues) => [v.product ?? null, v.level ?? "first", v.legsNumber ?? "any", v.isDerivative ?? false];

/** The rate-break columns of spec 2 §9: what a list shows of a tariff at a glance. */
export const SUMMARY_BREAKS = [45, 100, 300, 500, 1000] as const;
export const MAX_TARIFF_RATES = 100;

const RateInput = z
  .object({
    productCode: z.preprocess((v) => (v === "" ? null : v), codeField().nullish()),
    rateClass: z.enum(["M", "N", "Q"]),
    weightBrake: wholeNumber(0, MAX_WEIGHT_KG).optional(),
    value: reqAmount(),
  })
  .strict();

const RateAnswer = z.object({ productCode: z.string().nullable(), rateClass: z.enum(["M", "N", "Q"]), weightBrake: z.number(), value: z.string() });

export const SummaryRatesSchema = z.object({
  min_rate: z.string().nullable(),
  n: z.string().nullable(),
  q45: z.string().nullable(),
  q100: z.string().nullable(),
  q300: z.string().nullable(),
  q500: z.string().nullable(),
  q1000: z.string().nullable(),
});

export const TariffSchema = z.object({
  ...ScopeAnswer,
  basis: z.enum(["gross", "charge", "fixed", "pieces"]),
  level: z.enum(["first", "second"]),
  legsNumber: z.enum(["any", "single", "many"]),
  product: z.string().nullable(),
  isDerivative: z.boolean(),
  minChargeableWeight: z.string().nullable().describe("kg"),
  rates: z.array(RateAnswer),
  summaryRates: SummaryRatesSchema.describe("the default (or only) product's M, N and Q45-Q1000 rates"),
});

/** The M, N and standard-break rates of one product's rates (the default ones when the tariff has them). */
export function summaryRatesOf(rates: readonly TariffRate[]) {
  const product = rates.some((r) => r.productCode === null) ? null : (rates[0]?.productCode ?? null);
  const own = rates.filter((r) => r.productCode === product);
  const find = (rateClass: string, brake: number) => own.find((r) => r.rateClass === rateClass && (rateClass !== "Q" || r.weightBrake === brake))?.value ?? null;
  return {
    min_rate: find("M", 0),
    n: find("N", 0),
    q45: find("Q", 45),
    q100: find("Q", 100),
    q300: find("Q", 300),
    q500: find("Q", 500),
    q1000: find("Q", 1000),
  };
}

export const TARIFFS_KIND = priceKind({
  path: "tariffs",
  record: "tariff",
  table: tariffs,
  notFoundCode: "tariff_not_found",
  fields: {
    basis: z.enum(["gross", "charge", "fixed", "pieces"]).optional(),
    level: z.enum(["first", "second"]).optional(),
    legsNumber: z.enum(["any", "single", "many"]).optional(),
    product: z.preprocess((v) => (v === "" ? null : v), codeField().nullish()),
    isDerivative: optBool(),
    minChargeableWeight: optWeightKg(),
    rates: z.array(RateInput).max(MAX_TARIFF_RATES),
  },
  answer: TariffSchema,
  check: (values, errors) => {
    const rates = (values.rates as Array<z.infer<typeof RateInput> & { weightBrake?: number }>) ?? [];
    if (!rates.length) addRefusal(errors, "rates", "tariff_needs_rates");
    const seen = new Set<string>();
    const products = new Set<string | null>();
    const withNormal = new Set<string | null>();
    rates.forEach((rate, i) => {
      // M and N have no break; a Q rate starts at one.
      if (rate.rateClass !== "Q") rate.weightBrake = 0;
      else if (!rate.weightBrake) addRefusal(errors, `rates.${i}.weightBrake`, "blank");
      const product = rate.productCode ?? null;
      const key = `${product}|${rate.rateClass}|${rate.weightBrake}`;
      if (seen.has(key)) addRefusal(errors, `rates.${i}.weightBrake`, "rate_duplicate");
      seen.add(key);
      products.add(product);
      if (rate.rateClass === "N") withNormal.add(product);
    });
    for (const product of products) {
      if (!withNormal.has(product)) addRefusal(errors, "rates", "tariff_needs_normal_rate", { product: product ?? "—" });
    }
    values.rates = rates.map((r) => ({ productCode: r.productCode ?? null, rateClass: r.rateClass, weightBrake: r.weightBrake ?? 0, value: r.value }));
    if (values.minChargeableWeight != null) values.minChargeableWeight = String(values.minChargeableWeight);
  },
  identity: tariffIdentity,
  answerOf: (row) => ({ summaryRates: summaryRatesOf(row.rates) }),
  columns: [
    { header: "basis", value: (r) => r.basis },
    { header: "level", value: (r) => r.level },
    { header: "legsNumber", value: (r) => r.legsNumber },
    { header: "product", value: (r) => r.product },
    { header: "isDerivative", value: (r) => r.isDerivative },
    { header: "minChargeableWeight", value: (r) => r.minChargeableWeight, amount: true },
    ...(["min_rate", "n", ...SUMMARY_BREAKS.map((b) => `q${b}`)] as const).map((key) => ({
      header: key,
      value: (r: Record<string, unknown>) => (r.summaryRates as Record<string, string | null>)[key],
      amount: true,
    })),
  ],
  filters: { product: z.string().max(5).optional() },
  where: (q) => [q.product ? (eq(tariffs.product, String(q.product).toUpperCase()) as SQL) : undefined],
});

export const tariffRoutes = priceRoutes(TARIFFS_KIND);
