import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { surcharges } from "../db/schema";
import { reqAmount } from "../http/amount-input";
import { addRefusal } from "../http/errors";
import { Decimal } from "../../cargo/money/money";
import { codeField, optWeightKg, ScopeAnswer } from "./price-fields";
import { priceKind, priceRoutes, type PriceValues } from "./price-routes";

// Surcharges (spec 2 "Surcharge"): on the airfreight of a product from a minimal chargeable weight, as a percentage
// of it, a rate per chargeable kg or a fixed amount (fuel, security).

/** What makes two of them the same (beside the shared scope: price-routes.ts scopeKeyOf). */
export const surchargeIdentity = (v: PriceValues) => [v.code, v.productCode ?? null, v.minimalWeight ?? null];

export const SurchargeSchema = z.object({
  ...ScopeAnswer,
  code: z.string(),
  productCode: z.string().nullable(),
  type: z.enum(["percent", "perKg", "fixed"]),
  value: z.string(),
  minimalWeight: z.string().nullable().describe("kg"),
});

export const SURCHARGES_KIND = priceKind({
  path: "surcharges",
  record: "surcharge",
  table: surcharges,
  notFoundCode: "surcharge_not_found",
  fields: {
    code: codeField(),
    productCode: z.preprocess((v) => (v === "" ? null : v), codeField().nullish()),
    type: z.enum(["percent", "perKg", "fixed"]).optional(),
    value: reqAmount(),
    minimalWeight: optWeightKg(),
  },
  answer: SurchargeSchema,
  check: (values, errors) => {
    if ((values.type ?? "percent") === "percent" && values.value != null && new Decimal(values.value as string).gt(1000)) {
      addRefusal(errors, "value", "too_big", { max: 1000 });
    }
    if (values.minimalWeight != null) values.minimalWeight = String(values.minimalWeight);
  },
  identity: surchargeIdentity,
  answerOf: () => ({}),
  columns: [
    { header: "code", value: (r) => r.code },
    { header: "productCode", value: (r) => r.productCode },
    { header: "type", value: (r) => r.type },
    { header: "value", value: (r) => r.value, amount: true },
    { header: "minimalWeight", value: (r) => r.minimalWeight, amount: true },
  ],
  filters: { product: z.string().max(5).optional() },
  where: (q) => [q.product ? (eq(surcharges.productCode, String(q.product).toUpperCase()) as SQL) : undefined],
  search: [surcharges.code],
});

export const surchargeRoutes = priceRoutes(SURCHARGES_KIND);
