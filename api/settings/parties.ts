import { eq } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_CONTACTS } from "../../cargo/limits";
import { Text, TEXT_MAX } from "../http/input";
import type { Db } from "../db/open";
import { companies, forwarderCustomers, notableCompanies } from "../db/schema";
import { addRefusal, refuseField } from "../http/errors";
import { StampsShape } from "../http/schemas";
import { ACCESS, isPlatform } from "./access";
import { countryCode, PostalAddressShape, postalAddressFields } from "./airline-customers";
import { ownedResource, type Owner } from "./carrier-resource";
import { addFieldError, optText, reqText, sortColumns, throwIfErrors } from "./common";
import { said } from "../http/refusals";

// Parties: a forwarder's customers (spec 2 "Forwarder customer") and notable companies. A forwarder works on its
// own rows only; platform staff on everyone's (and name the owner company by its short name).

const shortNameOf = (name: string) => name.trim().toUpperCase();

/**
 * Rows owned by a company (`column` holds its id; answers name it by short name under `field`). The caller's own
 * company; platform names one, and with `forwardersOnly` must name a forwarder when creating.
 */
function companyOwner(column: PgColumn, key: string, field: string, describe: string, forwardersOnly: boolean): Owner {
  return {
    field,
    queryField: z.string().max(TEXT_MAX.search).optional(),
    bodyField: z.string().max(TEXT_MAX.name).trim().optional().describe(describe),
    scope: async (db, request, named) => {
      const p = request.auth.profile!;
      if (!isPlatform(p)) return eq(column, p.company.id);
      if (!named) return undefined;
      const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.short_name, shortNameOf(named))).limit(1);
      return eq(column, company?.id ?? -1);
    },
    forWrite: async (db, request, named) => {
      const company = await ownerForWrite(db, request.auth.profile!, named, field, forwardersOnly);
      return { columns: { [key]: company.id }, name: company.short_name };
    },
    columns: [key],
    join: { table: companies, on: eq(companies.id, column), name: companies.short_name },
    answer: ({ [key]: _owner, ...row }, name) => ({ ...row, [field]: name }),
  };
}

/** The company a new row belongs to: the caller's, or (platform) the one named; 422 under `field` for a wrong one. */
async function ownerForWrite(db: Db, p: NonNullable<Parameters<typeof isPlatform>[0]>, named: string | null | undefined, field: string, forwardersOnly: boolean) {
  if (!isPlatform(p)) return p.company;
  if (!named) {
    if (!forwardersOnly) return p.company;
    throw refuseField(field, "blank");
  }
  const [company] = await db.select().from(companies).where(eq(companies.short_name, shortNameOf(named))).limit(1);
  const errs = {};
  if (!company) addFieldError(errs, field, "unknown_company", { name: named });
  else if (forwardersOnly && company.business_type !== "forwarder") addRefusal(errs, field, "must_be_forwarder_company");
  throwIfErrors(errs);
  return company!;
}

// ---- Forwarder customers ---------------------------------------------------------------------------------

const ContactSchema = z.object({ name: Text(TEXT_MAX.name).nullish(), phone: Text(TEXT_MAX.name).nullish(), email: Text(TEXT_MAX.name).nullish() });

export const ForwarderCustomerSchema = z.object({
  id: z.number().int(),
  forwarder_short_name: z.string(),
  name: z.string(),
  ...PostalAddressShape,
  state: z.string().nullable(),
  tax_id: z.string().nullable(),
  contacts: z.array(ContactSchema),
  ...StampsShape,
});

const CustomerFields = z.object({
  name: reqText(),
  ...postalAddressFields(),
  state: optText(),
  tax_id: optText(),
  contacts: z.array(ContactSchema).max(MAX_CONTACTS).optional(),
});

// ---- Notable companies -------------------------------------------------------------------------------------

const ContactNumberSchema = z.object({
  identifier: z.string().trim().min(1, said("blank")).describe("TE, FX, TL..."),
  number: z
    .string()
    .trim()
    .min(1, said("blank"))
    .refine((n) => n.replace(/\D/g, "").length < 25, "Fewer than 25 digits"),
});

export const NotableCompanySchema = z.object({
  id: z.number().int(),
  company_short_name: z.string().describe("the company that keeps this entry"),
  account: z.string().nullable(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  country_code: z.string().nullable(),
  post_code: z.string().nullable(),
  tax_id: z.string().nullable(),
  contact_identifier: z.string().nullable(),
  contact_numbers: z.array(ContactNumberSchema),
  ...StampsShape,
});

const NotableFields = z.object({
  account: optText(),
  name: reqText(),
  address: optText(TEXT_MAX.text),
  city: optText(),
  state: optText(),
  country_code: countryCode(),
  post_code: optText(),
  tax_id: optText(),
  contact_identifier: optText(),
  contact_numbers: z.array(ContactNumberSchema).optional(),
});

const partySortable = ["name", "city", "country_code", "post_code", "state", "tax_id", "created_at", "updated_at"] as const;

const forwarderCustomerRoutes = ownedResource({
  path: "forwarder_customers",
  record: "forwarder_customer",
  tag: "parties",
  table: forwarderCustomers,
  owner: companyOwner(forwarderCustomers.company_id, "company_id", "forwarder_short_name", "platform only: the forwarder the customer belongs to", true),
  answer: ForwarderCustomerSchema,
  fields: CustomerFields,
  postalAddress: { country: "country_code" },
  access: { read: ACCESS.parties, write: ACCESS.parties },
  notFoundCode: "customer_not_found",
  search: [forwarderCustomers.name, forwarderCustomers.tax_id, forwarderCustomers.city],
  orderBy: [forwarderCustomers.name],
  sortable: { forwarder_short_name: companies.short_name, ...sortColumns(forwarderCustomers, [...partySortable]) },
  deletable: false,
});

const notableCompanyRoutes = ownedResource({
  path: "notable_companies",
  record: "notable_company",
  tag: "parties",
  table: notableCompanies,
  owner: companyOwner(notableCompanies.owner_company_id, "owner_company_id", "company_short_name", "platform only: whose entry (default: the platform's own)", false),
  answer: NotableCompanySchema,
  fields: NotableFields,
  postalAddress: { country: "country_code" },
  access: { read: ACCESS.parties, write: ACCESS.parties },
  filters: { country_code: z.string().max(TEXT_MAX.search).optional() },
  where: (q) => [q.country_code ? eq(notableCompanies.country_code, q.country_code.toUpperCase()) : undefined],
  search: [notableCompanies.name, notableCompanies.account, notableCompanies.tax_id, notableCompanies.city],
  orderBy: [notableCompanies.name],
  sortable: { company_short_name: companies.short_name, ...sortColumns(notableCompanies, ["account", ...partySortable]) },
  deletable: false,
});

export const partyRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(forwarderCustomerRoutes);
  await app.register(notableCompanyRoutes);
};
