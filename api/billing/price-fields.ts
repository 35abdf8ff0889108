import { z } from "zod";
import { minorUnitsOf } from "../../cargo/money/money";
import { MAX_WEIGHT_KG } from "../../cargo/limits";
import { optPercent } from "../http/amount-input";
import { amountAnswer } from "../http/amount-answer";
import { TEXT_MAX, tooLong } from "../http/input";
import { said } from "../http/refusals";
import { StampsShape } from "../http/schemas";
import { BLANK, codeList, iataCode, nonNegative, optBool, optDate, optNumber, optText, reqDate } from "../settings/common";

// The fields every price shares (cargo/pricing PriceScope; spec 2 §3 "Tariffs, charges, surcharges"), as a body
// takes them and an answer gives them, in the tariff family's camelCase. A forwarder's answer names no other
// agent's account (price-visibility.ts): the account lists are the airline's business.

/** An ISO 4217 code that currency-codes knows (so its minor units are known: JPY 0, KWD 3). */
export const currencyCode = () =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v ?? undefined),
    z
      .string({ required_error: BLANK })
      .max(TEXT_MAX.code, tooLong(TEXT_MAX.code))
      .refine((c) => /^[A-Z]{3}$/.test(c) && minorUnitsOf(c) !== null, said("unknown_currency")),
  );

/** An agent's account number, as agreements write it. */
const account = () => z.string().trim().min(1, BLANK).max(TEXT_MAX.name, tooLong(TEXT_MAX.name));
const code = () => z.string().trim().toUpperCase().min(1, BLANK).max(TEXT_MAX.code, tooLong(TEXT_MAX.code)).regex(/^[A-Z0-9]{1,5}$/, said("invalid"));
const optAirport = () => z.preprocess((v) => (v === "" ? null : v), iataCode().nullish());

export const optWeightKg = () => nonNegative(optNumber(MAX_WEIGHT_KG, 1));

/** The accounts a price names (spec 2: companies/accounts included, excluded, notified). */
const AccountsInput = z
  .object({
    included: codeList(account()).optional(),
    excluded: codeList(account()).optional(),
  })
  .strict();

/** Body fields of the shared scope; a kind adds its own (tariff-fields.ts, charge-fields.ts, surcharge-fields.ts). */
export const ScopeFields = {
  internalId: optText(TEXT_MAX.code * 4),
  origin: optAirport(),
  destination: optAirport(),
  transfers: codeList(iataCode()).optional(),
  nonStop: optBool(),
  effectiveFrom: reqDate(),
  effectiveTo: optDate(),
  salesChannel: z.preprocess((v) => (v === "" ? null : v), z.enum(["web", "api", "interline", "telegram"]).nullish()),
  companies: AccountsInput.optional(),
  groups: codeList(z.string().trim().min(1, BLANK).max(TEXT_MAX.name, tooLong(TEXT_MAX.name))).optional(),
  currency: currencyCode(),
  vatInclusion: z.enum(["without", "notIncluded", "included"]).optional(),
  vat: optPercent(),
  document: optText(TEXT_MAX.name),
  notes: optText(TEXT_MAX.text),
};

export const codeField = code;

/** The stored columns of the shared scope from a body (absent fields stay absent, for a PATCH). */
export function scopeColumns(input: Record<string, unknown>): Record<string, unknown> {
  const { companies, ...rest } = input as { companies?: { included?: string[]; excluded?: string[] } } & Record<string, unknown>;
  const out: Record<string, unknown> = { ...rest };
  if (companies?.included !== undefined) out.accountsIncluded = companies.included;
  if (companies?.excluded !== undefined) out.accountsExcluded = companies.excluded;
  return out;
}

export const AccountsSchema = z.object({
  included: z.array(z.string()),
  excluded: z.array(z.string()),
  notified: z.array(z.string()),
});

/** Answer fields of the shared scope. */
export const ScopeAnswer = {
  id: z.number().int(),
  airline: z.string(),
  internalId: z.string().nullable(),
  origin: z.string().nullable(),
  destination: z.string().nullable(),
  transfers: z.array(z.string()),
  nonStop: z.boolean(),
  effectiveFrom: z.string().describe("YYYY-MM-DD"),
  effectiveTo: z.string().nullable().describe("YYYY-MM-DD; null: open-ended"),
  salesChannel: z.string().nullable(),
  companies: AccountsSchema,
  groups: z.array(z.string()),
  currency: z.string(),
  vatInclusion: z.enum(["without", "notIncluded", "included"]),
  vat: z.string().nullable().describe("percent, decimal text"),
  document: z.string().nullable(),
  notes: z.string().nullable(),
  expired: z.boolean().describe("effectiveTo is before today"),
  notified: z.boolean().describe("the caller's account confirmed it (forwarders; airlines: any account did)"),
  ...StampsShape,
};

/** The numeric columns of a price, answered as plain decimal text without the column's padding ("1500", not "1500.000000"). */
const NUMERIC_FIELDS = ["vat", "rate", "minimalRate", "value", "minimalWeight", "minChargeableWeight"] as const;
export function plainNumbers<T extends Record<string, unknown>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  for (const key of NUMERIC_FIELDS) if (typeof out[key] === "string") out[key] = amountAnswer(out[key] as string);
  return out as T;
}

