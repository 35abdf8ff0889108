import { z } from "zod";
import type { Upstream } from "./client.server";
import { mapCodes, NOT_FOUND, TAKEN } from "./errors";
import { pagedList, resourceClient, type PageQuery } from "./resource.server";
import { LooseCodes as List, NumberLike } from "./schemas";

// Companies (spec 3 §7 "CIMP and companies"): GET/POST api/v3/companies, GET/PATCH/DELETE api/v3/companies/{id},
// GET api/v3/companies/{id}/details (the detailed view of spec 2 "Company").

const Text = z.string().nullish();
const Num = NumberLike.nullish();

export const BUSINESS_TYPES = ["platform", "airline", "forwarder", "handler", "visitor"] as const;

export const CompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  short_name: z.string(),
  local_name: Text,
  business_type: z.string(),
  operations_type: Text,
  address: Text,
  city: Text,
  local_city: Text,
  local_address: Text,
  country: Text,
  tax_number: Text,
  post_code: Text,
  default_airport: Text,
  forwarder_iata_code: Text,
  cass_codes: List,
  pima: Text,
  pima_location: Text,
  eori: Text,
  account_number: Text,
  carrier: Text,
});
export type Company = z.infer<typeof CompanySchema>;

export const ContactSchema = z.object({ name: Text, position: Text, phone: Text, email: Text });

export const CompanyDetailsSchema = CompanySchema.extend({
  access_to_all_carriers: z.boolean().default(false),
  cimp_code: Text,
  cimp_email: Text,
  cimp_sita: Text,
  contacts: z.array(ContactSchema).nullish().transform((v) => v ?? []),
  customs_operational_hours: Text,
  terminal_operational_hours: Text,
  dg_storage: z.boolean().default(false),
  dme_sli_token: Text,
  email: Text,
  interline_booking: z.boolean().default(false),
  intl_cargo_accepted: z.boolean().default(false),
  invisible: z.boolean().default(false),
  latitude: Num,
  longitude: Num,
  location_iata: Text,
  maildomain: Text,
  notes: Text,
  permitted_carriers: List,
  permitted_segments_origins: List,
  phone: Text,
  service_shcs: List,
  shcs_accepted: List,
  web_link: Text,
});
export type CompanyDetails = z.infer<typeof CompanyDetailsSchema>;

/** The body of a create or update: every field of the detailed view, plus awb_prefix for a new airline. */
export type CompanyInput = Record<string, unknown>;

/** 422 short_name "has already been taken" → Exists. */
const companyErrors = mapCodes([TAKEN, NOT_FOUND]);

// the list reads the short form; one company, and the answer of a create or update, the detailed view
export const listCompanies = pagedList<Company, PageQuery & { q?: string; business_type?: string }>("api/v3/companies", CompanySchema);

// no list query: the list (above) reads another schema
const companies = resourceClient<CompanyDetails, never, CompanyInput>({
  path: "api/v3/companies",
  schema: CompanyDetailsSchema,
  bodyKey: "company",
  errors: companyErrors,
});
export const { create: createCompany, update: updateCompany } = companies;

export function getCompanyDetails(api: Upstream, id: number) {
  return api.get(`${companies.path}/${id}/details`, { schema: CompanyDetailsSchema, errors: companyErrors });
}
