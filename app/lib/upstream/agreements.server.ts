import { z } from "zod";
import type { Upstream } from "./client.server";
import { ALREADY_EXISTS, mapCodes, NOT_FOUND, TAKEN } from "./errors";
import { resourceClient, type PageQuery } from "./resource.server";
import { pageOf } from "./schemas";

// Agreements (spec 3 §7 "Agreements"): GET/POST api/v3/agreements, GET/PATCH api/v3/agreements/{id},
// GET api/v3/agreements/companies (the companies an agreement can be made with).

const Text = z.string().nullish();

export const AgreementSchema = z.object({
  id: z.number(),
  account_number: z.string(),
  contract_number: z.string().nullish(),
  currency: z.string(),
  effective_from: z.string(),
  effective_to: z.string().nullish(),
  sales_origins: z.array(z.string()).default([]),
  supplier: z.object({ id: z.number(), name: z.string(), short_name: z.string(), carrier: Text }),
  client: z.object({
    id: z.number(),
    name: z.string(),
    local_name: Text,
    short_name: z.string(),
    street: Text,
    local_street: Text,
    country: Text,
    city: Text,
    tax_number: Text,
  }),
  show_tariffs: z.boolean().default(false),
  beneficiary: Text,
  balance_check_disabled: z.boolean().default(false),
  additional_prefixes: z.array(z.string()).default([]),
  show_airline_customers: z.boolean().default(false),
  active: z.boolean().default(true),
  allowed_manual_routes: z.array(z.string()).default([]),
  smart_contract: z.boolean().default(false),
});
export type Agreement = z.infer<typeof AgreementSchema>;

export const AgreementPartnerSchema = z.object({
  id: z.number(),
  name: z.string(),
  local_name: Text,
  short_name: z.string(),
  business_type: z.string().nullish(),
  carrier: Text,
});
export type AgreementPartner = z.infer<typeof AgreementPartnerSchema>;

export interface AgreementListQuery extends PageQuery {
  q?: string;
  client?: string;
  supplier?: string;
  active?: boolean;
  /** Agreements in force on this date (YYYY-MM-DD). */
  effective_on?: string;
}

export interface AgreementInput {
  client: string;
  account_number: string;
  contract_number: string;
  currency: string;
  effective_from: string;
  effective_to: string | null;
  sales_origins: string[];
  show_tariffs: boolean;
  beneficiary: string | null;
  balance_check_disabled: boolean;
  additional_prefixes: string[];
  show_airline_customers: boolean;
  active: boolean;
  allowed_manual_routes: string[];
  smart_contract: boolean;
}

/** Spec 3 §8: "agreement not found" (404), "agreement exists" (422 "Agreement already exists"). */
const agreementErrors = mapCodes([NOT_FOUND, ALREADY_EXISTS, TAKEN]);

const agreements = resourceClient<Agreement, AgreementListQuery, AgreementInput>({
  path: "api/v3/agreements",
  schema: AgreementSchema,
  bodyKey: "agreement",
  errors: agreementErrors,
});
export const { get: getAgreement, create: createAgreement, update: updateAgreement } = agreements;

/** Unlike the other settings lists, this one maps its refusals as its record calls do. */
export function listAgreements(api: Upstream, query: AgreementListQuery) {
  return api.get(agreements.path, { query: { ...query }, schema: pageOf(AgreementSchema), errors: agreementErrors });
}

/** Companies the caller can make agreements with (forwarders for an airline), first 100 by short name. */
export function listAgreementPartners(api: Upstream, q?: string) {
  return api.get("api/v3/agreements/companies", { query: { q, page: 1, per_page: 100 }, schema: pageOf(AgreementPartnerSchema) });
}
