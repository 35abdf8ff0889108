import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { TariffRate } from "../../../cargo/pricing/types";
import { stamps, textList } from "./columns";
import { users } from "./users";

// An airline's prices (issue 24; spec 2 §3 "Tariffs, charges, surcharges"): tariffs (the airfreight), billing charges
// (other charges by code) and surcharges, and the account groups they may name. Unlike the rest of the schema, the
// property names are the tariff family's camelCase wire names (DESIGN §4: "the tariff family is camelCase as in spec
// 2"), so a row still answers as it is; the SQL names stay snake_case. Amounts, rates and percents are numeric
// (decimal text in code, never a JavaScript number); a weight is numeric too, in kg.

/** Money: 15 integer and 6 fraction digits (cargo/money AMOUNT_INTEGER_DIGITS, AMOUNT_FRACTION_DIGITS). */
export const amount = (name: string) => numeric(name, { precision: 21, scale: 6 });
/** A percentage (VAT): 0-100 with up to 4 decimals. */
const percent = (name: string) => numeric(name, { precision: 7, scale: 4 });
/** A weight in kg with one decimal, up to cargo/limits' maximum. */
const weightKg = (name: string) => numeric(name, { precision: 9, scale: 1 });

/**
 * Where, when and for whom a price applies, which tariffs, charges and surcharges share (cargo/pricing PriceScope).
 * Null and empty lists mean "any". `scopeKey` is the canonical text of the fields that make two prices the same
 * price (api/billing/scope-key.ts): a second one answers 422 statusCode tariffAlreadyExists instead of being stored.
 */
const priceScope = {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
  airline: text("carrier").notNull(),
  internalId: text("internal_id"),
  origin: text("origin"),
  destination: text("destination"),
  transfers: textList("transfers"),
  nonStop: boolean("non_stop").notNull().default(false),
  effectiveFrom: date("effective_from", { mode: "string" }).notNull(),
  effectiveTo: date("effective_to", { mode: "string" }),
  salesChannel: text("sales_channel"),
  accountsIncluded: textList("accounts_included"),
  accountsExcluded: textList("accounts_excluded"),
  /** Accounts that confirmed they know of this price (notification_marks). */
  accountsNotified: textList("accounts_notified"),
  groups: textList("groups"),
  currency: text("currency").notNull(),
  vatInclusion: text("vat_inclusion").notNull().default("without"),
  vat: percent("vat_percent"),
  document: text("document"),
  notes: text("notes"),
  scopeKey: text("scope_key").notNull(),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  ...stamps,
};

/** A price's list order and look-ups: by airline and route, and the tariffs of one airline still in force. */
const scopeIndexes = (name: string, t: Record<"airline" | "origin" | "destination" | "effectiveFrom" | "id" | "scopeKey" | "currency" | "vatInclusion", AnyPgColumn>) => [
  uniqueIndex(`${name}_scope_key`).on(t.airline, t.scopeKey),
  index(`${name}_route_idx`).on(t.airline, t.origin, t.destination, t.effectiveFrom),
  index(`${name}_list_idx`).on(t.airline, t.id),
  check(`${name}_vat_inclusion`, sql`${t.vatInclusion} in ('without', 'notIncluded', 'included')`),
  check(`${name}_currency`, sql`${t.currency} ~ '^[A-Z]{3}$'`),
];

export const tariffs = pgTable(
  "tariffs",
  {
    ...priceScope,
    basis: text("basis").notNull().default("charge"),
    level: text("level").notNull().default("first"),
    legsNumber: text("legs_number").notNull().default("any"),
    product: text("product"),
    isDerivative: boolean("is_derivative").notNull().default(false),
    minChargeableWeight: weightKg("min_chargeable_weight"),
    /** M, N and Q rates by product (cargo/pricing TariffRate): read and written only with the tariff. */
    rates: jsonb("rates").$type<TariffRate[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    ...scopeIndexes("tariffs", t),
    check("tariffs_basis", sql`${t.basis} in ('gross', 'charge', 'fixed', 'pieces')`),
    check("tariffs_level", sql`${t.level} in ('first', 'second')`),
    check("tariffs_legs_number", sql`${t.legsNumber} in ('any', 'single', 'many')`),
  ],
);

export const billingCharges = pgTable(
  "billing_charges",
  {
    ...priceScope,
    chargeCode: text("charge_code").notNull(),
    chargeName: text("charge_name").notNull(),
    basis: text("basis").notNull().default("fixed"),
    rate: amount("rate").notNull(),
    minimalRate: amount("minimal_rate"),
    products: textList("products"),
    shc: textList("shcs"),
    /** ISO country codes and customs region of the route's ends; null: any (beside origin and destination airports). */
    originCountry: text("origin_country"),
    destinationCountry: text("destination_country"),
    routeRegion: text("route_region"),
  },
  (t) => [...scopeIndexes("billing_charges", t), check("billing_charges_basis", sql`${t.basis} in ('gross', 'charge', 'fixed', 'pieces')`)],
);

export const surcharges = pgTable(
  "surcharges",
  {
    ...priceScope,
    code: text("code").notNull(),
    productCode: text("product_code"),
    type: text("type").notNull().default("percent"),
    value: amount("value").notNull(),
    minimalWeight: weightKg("minimal_weight"),
  },
  (t) => [...scopeIndexes("surcharges", t), check("surcharges_type", sql`${t.type} in ('percent', 'perKg', 'fixed')`)],
);

/** A named set of an airline's agent accounts that a price may be limited to (GET billing/groups). */
export const billingGroups = pgTable(
  "billing_groups",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    carrier: text("carrier").notNull(),
    name: text("name").notNull(),
    accounts: textList("accounts"),
    ...stamps,
  },
  (t) => [uniqueIndex("billing_groups_carrier_name_key").on(t.carrier, t.name)],
);
