import { z } from "zod";
import type { SortQuery } from "~/lib/settings/sort";
import type { Upstream } from "./client.server";
import { mapMessages } from "./errors";
import { NumberLike, pageOf } from "./schemas";

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
const partyErrors = mapMessages([
  [422, "already exists", "Exists"],
  [422, "has already been taken", "Exists"],
  [404, "not found", "NotFound"],
  [404, "Record Not Found", "NotFound"],
]);

export interface PartyListQuery extends SortQuery {
  page: number;
  per_page: number;
  q?: string;
  /** Platform only: one owner's rows. */
  owner?: string;
}

export type ForwarderCustomerInput = Omit<ForwarderCustomer, "id" | "forwarder_short_name"> & { forwarder_short_name?: string };
export type NotableCompanyInput = Omit<NotableCompany, "id" | "company_short_name"> & { company_short_name?: string };

const CUSTOMERS = "api/v3/forwarder_customers";
const NOTABLE = "api/v3/notable_companies";

export function listForwarderCustomers(api: Upstream, { owner, ...query }: PartyListQuery) {
  return api.get(CUSTOMERS, { query: { ...query, forwarder_short_name: owner }, schema: pageOf(ForwarderCustomerSchema) });
}
export function getForwarderCustomer(api: Upstream, id: number) {
  return api.get(`${CUSTOMERS}/${id}`, { schema: ForwarderCustomerSchema, errors: partyErrors });
}
export function createForwarderCustomer(api: Upstream, input: ForwarderCustomerInput) {
  return api.post(CUSTOMERS, { json: { forwarder_customer: input }, schema: ForwarderCustomerSchema, errors: partyErrors });
}
export function updateForwarderCustomer(api: Upstream, id: number, input: ForwarderCustomerInput) {
  const { forwarder_short_name: _owner, ...changes } = input;
  return api.patch(`${CUSTOMERS}/${id}`, { json: { forwarder_customer: changes }, schema: ForwarderCustomerSchema, errors: partyErrors });
}

export function listNotableCompanies(api: Upstream, { owner, ...query }: PartyListQuery) {
  return api.get(NOTABLE, { query: { ...query, company_short_name: owner }, schema: pageOf(NotableCompanySchema) });
}
export function getNotableCompany(api: Upstream, id: number) {
  return api.get(`${NOTABLE}/${id}`, { schema: NotableCompanySchema, errors: partyErrors });
}
export function createNotableCompany(api: Upstream, input: NotableCompanyInput) {
  return api.post(NOTABLE, { json: { notable_company: input }, schema: NotableCompanySchema, errors: partyErrors });
}
export function updateNotableCompany(api: Upstream, id: number, input: NotableCompanyInput) {
  const { company_short_name: _owner, ...changes } = input;
  return api.patch(`${NOTABLE}/${id}`, { json: { notable_company: changes }, schema: NotableCompanySchema, errors: partyErrors });
}
