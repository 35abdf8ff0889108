import { eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { Decimal } from "../../cargo/money/money";
import { billingCharges } from "../db/schema";
import { optAmount, reqAmount } from "../http/amount-input";
import { addRefusal } from "../http/errors";
import { reqText } from "../settings/common";
import { codeList } from "../settings/common";
import { codeField, ScopeAnswer } from "./price-fields";
import { priceKind, priceRoutes, type PriceValues } from "./price-routes";

// Billing charges (spec 2 "Billing charge"): other charges by code (AWC, MYC, ...), one line each on a price, at a
// rate per unit of their basis and never below their minimal amount; limited by product, SHC and route.

const country = () => z.preprocess((v) => (v === "" ? null : v), z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, "must be a 2-letter country code").nullish());

/** What makes two of them the same (beside the shared scope: price-routes.ts scopeKeyOf). */
export const chargeIdentity = (v: PriceValues) => [v.chargeCode, [...((v.products as string[]) ?? [])].sort(), [...((v.shc as string[]) ?? [])].sort(), v.originCountry ?? null, v.destinationCountry ?? null, v.routeRegion ?? null];

export const BillingChargeSchema = z.object({
  ...ScopeAnswer,
  chargeCode: z.string(),
  chargeName: z.string(),
  basis: z.enum(["gross", "charge", "fixed", "pieces"]),
  rate: z.string(),
  minimalRate: z.string().nullable(),
  products: z.array(z.string()),
  shc: z.array(z.string()),
  originCountry: z.string().nullable(),
  destinationCountry: z.string().nullable(),
  routeRegion: z.string().nullable(),
});

export const CHARGES_KIND = priceKind({
  path: "charges",
  record: "charge",
  table: billingCharges,
  notFoundCode: "charge_not_found",
  fields: {
    chargeCode: codeField(),
    chargeName: reqText(),
    basis: z.enum(["gross", "charge", "fixed", "pieces"]).optional(),
    rate: reqAmount(),
    minimalRate: optAmount(),
    products: codeList(codeField()).optional(),
    shc: codeList(z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, "must be a 3-letter SHC")).optional(),
    originCountry: country(),
    destinationCountry: country(),
    routeRegion: z.preprocess((v) => (v === "" ? null : v), z.enum(["EU", "GB", "CIS", "DOMESTIC"]).nullish()),
  },
  answer: BillingChargeSchema,
  check: (values, errors) => {
    if (values.basis === "fixed" && values.minimalRate != null && new Decimal(values.minimalRate as string).gt(values.rate as string)) {
      addRefusal(errors, "minimalRate", "not_more_than", { field: "rate" });
    }
  },
  identity: chargeIdentity,
  answerOf: () => ({}),
  columns: [
    { header: "chargeCode", value: (r) => r.chargeCode },
    { header: "chargeName", value: (r) => r.chargeName },
    { header: "basis", value: (r) => r.basis },
    { header: "rate", value: (r) => r.rate, amount: true },
    { header: "minimalRate", value: (r) => r.minimalRate, amount: true },
    { header: "products", value: (r) => r.products },
    { header: "shc", value: (r) => r.shc },
    { header: "originCountry", value: (r) => r.originCountry },
    { header: "destinationCountry", value: (r) => r.destinationCountry },
    { header: "routeRegion", value: (r) => r.routeRegion },
  ],
  filters: { charge_code: z.string().max(5).optional() },
  where: (q) => [q.charge_code ? (eq(billingCharges.chargeCode, String(q.charge_code).toUpperCase()) as SQL) : undefined],
  search: [billingCharges.chargeCode, billingCharges.chargeName],
});

export const chargeRoutes = priceRoutes(CHARGES_KIND);
