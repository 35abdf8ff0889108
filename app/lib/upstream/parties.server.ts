import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { ALREADY_EXISTS, mapCodes, NOT_FOUND, RECORD_NOT_FOUND, TAKEN } from "./errors";
import { resourceClient } from "./resource.server";
import { NumberLike } from "./schemas";

// Parties (spec 2 "Forwarder customer", "Notable company"; spec 3 §7 api/v3/forwarder_customers and
// notable_companies). The API scopes both to the caller's company; platform names the owner.

const Contact = z.object({ name: z.string().nullish(), phone: z.string().nullish(), email: z.string().nullish() });
const ContactNumber = z.object({ identifier: z.string(), number: z.string() });

export const ForwarderCustomerSchema = z.object({
  id: NumberLike,
  forwarder_short_name: z.string(),
  name: z.string(),
  address: z.string().nullish(),
  city: z.string().nullish(),
  country_code: z.string().nullish(),
  post_code: z.string().nullish(),
  state: z.string().nullish(),
  tax_id: z.string().nullish(),
  contacts: z.array(Contact).nullish().transform((c) => c ?? []),
});
export type ForwarderCustomer = z.infer<typeof ForwarderCustomerSchema>;

export const NotableCompanySchema = z.object({
  id: NumberLike,
  company_short_name: z.string().nullish(),
  account: z.string().nullish(),
  name: z.string(),
  address: z.string().nullish(),
  city: z.string().nullish(),
  state: z.string().nullish(),
  country_code: z.string().nullish(),
  post_code: z.string().nullish(),
  tax_id: z.string().nullish(),
  contact_identifier: z.string().nullish(),
  contact_numbers: z.array(ContactNumber).nullish().transform((c) => c ?? []),
});
export type NotableCompany = z.infer<typeof NotableCompanySchema>;

/** Spec 3 §8: customer already exists / not found. */
const partyErrors = mapCodes([ALREADY_EXISTS, TAKEN, NOT_FOUND, RECORD_NOT_FOUND]);

export interface PartyListQuery extends SortQuery {
  page: number;
  per_page: number;
  q?: string;
  /** Platform only: one owner's rows. */
  owner?: string;
}

export type ForwarderCustomerInput = Omit<ForwarderCustomer, "id" | "forwarder_short_name"> & { forwarder_short_name?: string };
export type NotableCompanyInput = Omit<NotableCompany, "id" | "company_short_name"> & { company_short_name?: string };

// A platform user names the owner of a list as `owner`; each collection calls its owner column its own way.
type OwnerQuery<Field extends string> = Omit<PartyListQuery, "owner"> & { [K in Field]?: string };

const customers = resourceClient<ForwarderCustomer, OwnerQuery<"forwarder_short_name">, ForwarderCustomerInput>({
  path: "api/v3/forwarder_customers",
  schema: ForwarderCustomerSchema,
  bodyKey: "forwarder_customer",
  errors: partyErrors,
  createOnly: "forwarder_short_name",
});
export function listForwarderCustomers(api: Upstream, { owner, ...query }: PartyListQuery) {
  return customers.list(api, { ...query, forwarder_short_name: owner });
}
export const { get: getForwarderCustomer, create: createForwarderCustomer, update: updateForwarderCustomer } = customers;

const notable = resourceClient<NotableCompany, OwnerQuery<"company_short_name">, NotableCompanyInput>({
  path: "api/v3/notable_companies",
  schema: NotableCompanySchema,
  bodyKey: "notable_company",
  errors: partyErrors,
  createOnly: "company_short_name",
});
export function listNotableCompanies(api: Upstream, { owner, ...query }: PartyListQuery) {
  return notable.list(api, { ...query, company_short_name: owner });
}
export const { get: getNotableCompany, create: createNotableCompany, update: updateNotableCompany } = notable;
