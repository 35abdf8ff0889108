import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { MAX_CONTACTS } from "../../cargo/limits";
import { IdParams, Text, TEXT_MAX } from "../http/input";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { companies, forwarderCustomers, notableCompanies } from "../db/schema";
import { HttpError } from "../http/errors";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { ErrorSchema, IsoDateTime } from "../http/schemas";
import { ACCESS, allow, isPlatform } from "./access";
import { countryCode } from "./airline-customers";
import { addFieldError, defined, ListQuerySchema, optText, reqText, sortOrder, textSearch, throwIfErrors, wrapped } from "./common";

// Parties: a forwarder's customers (spec 2 "Forwarder customer") and notable companies. A forwarder works on its
// own rows only; platform staff on everyone's (and name the forwarder with forwarder_short_name).

const errors = { 403: ErrorSchema, 404: ErrorSchema, 422: ErrorSchema };

/** The company the caller's rows belong to, or (platform) the one named; 422 when platform names none or a wrong one. */
async function ownerFor(db: Db, auth: AuthContext, shortName: string | null | undefined, field: string, mustBeForwarder: boolean) {
  const p = auth.profile!;
  if (!isPlatform(p)) return p.company;
  if (!shortName) {
    if (!mustBeForwarder) return p.company;
    throw new HttpError(422, { errors: { [field]: ["can't be blank"] } });
  }
  const [company] = await db.select().from(companies).where(eq(companies.shortName, shortName.trim().toUpperCase())).limit(1);
  const errs = {};
  if (!company) addFieldError(errs, field, `unknown company ${shortName}`);
  else if (mustBeForwarder && company.businessType !== "forwarder") addFieldError(errs, field, "must be a forwarder company");
  throwIfErrors(errs);
  return company!;
}

/** Platform sees every owner (optionally one), everyone else their own company's rows. */
async function ownerScope(db: Db, auth: AuthContext, column: PgColumn, shortName?: string): Promise<SQL | undefined> {
  const p = auth.profile!;
  if (!isPlatform(p)) return eq(column, p.company.id);
  if (!shortName) return undefined;
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.shortName, shortName.trim().toUpperCase())).limit(1);
  return eq(column, company?.id ?? -1);
}

// ---- Forwarder customers ---------------------------------------------------------------------------------

const ContactSchema = z.object({ name: Text(TEXT_MAX.name).nullish(), phone: Text(TEXT_MAX.name).nullish(), email: Text(TEXT_MAX.name).nullish() });

export const ForwarderCustomerSchema = z.object({
  id: z.number().int(),
  forwarder_short_name: z.string(),
  name: z.string(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  country_code: z.string().nullable(),
  post_code: z.string().nullable(),
  state: z.string().nullable(),
  tax_id: z.string().nullable(),
  contacts: z.array(ContactSchema),
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

const CustomerFields = z.object({
  forwarder_short_name: z.string().max(TEXT_MAX.name).trim().optional().describe("platform only: the forwarder the customer belongs to"),
  name: reqText(),
  address: optText(TEXT_MAX.text),
  city: optText(),
  country_code: countryCode(),
  post_code: optText(),
  state: optText(),
  tax_id: optText(),
  contacts: z.array(ContactSchema).max(MAX_CONTACTS).optional(),
});

// ---- Notable companies -------------------------------------------------------------------------------------

const ContactNumberSchema = z.object({
  identifier: z.string().trim().min(1, "can't be blank").describe("TE, FX, TL..."),
  number: z
    .string()
    .trim()
    .min(1, "can't be blank")
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
  created_at: IsoDateTime,
  updated_at: IsoDateTime,
});

const NotableFields = z.object({
  company_short_name: z.string().max(TEXT_MAX.name).trim().optional().describe("platform only: whose entry (default: the platform's own)"),
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

export const partyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  // Forwarder customers.
  {
    const tags = ["parties"];
    const base = "/api/v3/forwarder_customers";
    const notFound = () => new HttpError(404, { error: "Customer not found" });
    const select = () =>
      db
        .select({ c: forwarderCustomers, short: companies.shortName })
        .from(forwarderCustomers)
        .innerJoin(companies, eq(companies.id, forwarderCustomers.company_id));
    const toAnswer = (r: { c: typeof forwarderCustomers.$inferSelect; short: string }) => {
      const { company_id: _c, ...rest } = r.c;
      return { ...rest, forwarder_short_name: r.short };
    };
    const findOne = async (auth: AuthContext, id: number) => {
      const [row] = await select().where(and(eq(forwarderCustomers.id, id), await ownerScope(db, auth, forwarderCustomers.company_id))).limit(1);
      if (!row) throw notFound();
      return row;
    };

    app.get(
      base,
      {
        schema: {
          tags,
          summary: "The forwarder's customers (platform: every forwarder's, forwarder_short_name filters)",
          querystring: ListQuerySchema.extend({ forwarder_short_name: z.string().max(TEXT_MAX.search).optional() }),
          response: { 200: pageOf(ForwarderCustomerSchema), ...errors },
        },
      },
      async (request) => {
        allow(request.auth, ACCESS.parties);
        const { q, forwarder_short_name, page, per_page } = request.query;
        const orderBy = sortOrder(
          {
            id: forwarderCustomers.id,
            forwarder_short_name: companies.shortName,
            name: forwarderCustomers.name,
            city: forwarderCustomers.city,
            country_code: forwarderCustomers.country_code,
            post_code: forwarderCustomers.post_code,
            state: forwarderCustomers.state,
            tax_id: forwarderCustomers.tax_id,
            created_at: forwarderCustomers.created_at,
            updated_at: forwarderCustomers.updated_at,
          },
          request.query,
          forwarderCustomers.id,
          [asc(forwarderCustomers.name), asc(forwarderCustomers.id)],
        );
        const where = and(
          await ownerScope(db, request.auth, forwarderCustomers.company_id, forwarder_short_name),
          textSearch(q, forwarderCustomers.name, forwarderCustomers.tax_id, forwarderCustomers.city),
        );
        const [total] = await db.select({ n: count() }).from(forwarderCustomers).where(where);
        const rows = await select()
          .where(where)
          .orderBy(...orderBy)
          .limit(per_page)
          .offset(pageOffset(page, per_page));
        return { data: rows.map(toAnswer), meta: pageMeta(total?.n ?? 0, page, per_page) };
      },
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, summary: "One forwarder customer", params: IdParams, response: { 200: ForwarderCustomerSchema, ...errors } } },
      async (request) => {
        allow(request.auth, ACCESS.parties);
        return toAnswer(await findOne(request.auth, request.params.id));
      },
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: "Create a forwarder customer",
          body: wrapped("forwarder_customer", CustomerFields),
          response: { 201: ForwarderCustomerSchema, ...errors },
        },
      },
      async (request, reply) => {
        allow(request.auth, ACCESS.parties);
        const { forwarder_short_name, ...fields } = request.body;
        const owner = await ownerFor(db, request.auth, forwarder_short_name, "forwarder_short_name", true);
        const [row] = await db
          .insert(forwarderCustomers)
          .values({ ...(defined(fields) as typeof forwarderCustomers.$inferInsert), company_id: owner.id })
          .returning();
        return reply.code(201).send(toAnswer({ c: row!, short: owner.shortName }));
      },
    );

    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: "Change a forwarder customer (absent fields stay)",
          params: IdParams,
          body: wrapped("forwarder_customer", CustomerFields.omit({ forwarder_short_name: true }).partial()),
          response: { 200: ForwarderCustomerSchema, ...errors },
        },
      },
      async (request) => {
        allow(request.auth, ACCESS.parties);
        const existing = await findOne(request.auth, request.params.id);
        const [row] = await db
          .update(forwarderCustomers)
          .set({ ...defined(request.body), updated_at: new Date() })
          .where(eq(forwarderCustomers.id, existing.c.id))
          .returning();
        return toAnswer({ c: row!, short: existing.short });
      },
    );
  }

  // Notable companies.
  {
    const tags = ["parties"];
    const base = "/api/v3/notable_companies";
    const notFound = () => new HttpError(404, { error: "Record Not Found" });
    const select = () =>
      db
        .select({ c: notableCompanies, short: companies.shortName })
        .from(notableCompanies)
        .innerJoin(companies, eq(companies.id, notableCompanies.owner_company_id));
    const toAnswer = (r: { c: typeof notableCompanies.$inferSelect; short: string }) => {
      const { owner_company_id: _o, ...rest } = r.c;
      return { ...rest, company_short_name: r.short };
    };
    const findOne = async (auth: AuthContext, id: number) => {
      const [row] = await select().where(and(eq(notableCompanies.id, id), await ownerScope(db, auth, notableCompanies.owner_company_id))).limit(1);
      if (!row) throw notFound();
      return row;
    };

    app.get(
      base,
      {
        schema: {
          tags,
          summary: "Notable companies kept by the caller's company (platform: all; company_short_name filters)",
          querystring: ListQuerySchema.extend({ company_short_name: z.string().max(TEXT_MAX.search).optional(), country_code: z.string().max(TEXT_MAX.search).optional() }),
          response: { 200: pageOf(NotableCompanySchema), ...errors },
        },
      },
      async (request) => {
        allow(request.auth, ACCESS.parties);
        const { q, company_short_name, country_code, page, per_page } = request.query;
        const orderBy = sortOrder(
          {
            id: notableCompanies.id,
            company_short_name: companies.shortName,
            account: notableCompanies.account,
            name: notableCompanies.name,
            city: notableCompanies.city,
            state: notableCompanies.state,
            country_code: notableCompanies.country_code,
            post_code: notableCompanies.post_code,
            tax_id: notableCompanies.tax_id,
            created_at: notableCompanies.created_at,
            updated_at: notableCompanies.updated_at,
          },
          request.query,
          notableCompanies.id,
          [asc(notableCompanies.name), asc(notableCompanies.id)],
        );
        const where = and(
          await ownerScope(db, request.auth, notableCompanies.owner_company_id, company_short_name),
          textSearch(q, notableCompanies.name, notableCompanies.account, notableCompanies.tax_id, notableCompanies.city),
          country_code ? eq(notableCompanies.country_code, country_code.toUpperCase()) : undefined,
        );
        const [total] = await db.select({ n: count() }).from(notableCompanies).where(where);
        const rows = await select()
          .where(where)
          .orderBy(...orderBy)
          .limit(per_page)
          .offset(pageOffset(page, per_page));
        return { data: rows.map(toAnswer), meta: pageMeta(total?.n ?? 0, page, per_page) };
      },
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, summary: "One notable company", params: IdParams, response: { 200: NotableCompanySchema, ...errors } } },
      async (request) => {
        allow(request.auth, ACCESS.parties);
        return toAnswer(await findOne(request.auth, request.params.id));
      },
    );

    app.post(
      base,
      {
        schema: {
          tags,
          summary: "Create a notable company",
          body: wrapped("notable_company", NotableFields),
          response: { 201: NotableCompanySchema, ...errors },
        },
      },
      async (request, reply) => {
        allow(request.auth, ACCESS.parties);
        const { company_short_name, ...fields } = request.body;
        const owner = await ownerFor(db, request.auth, company_short_name, "company_short_name", false);
        const [row] = await db
          .insert(notableCompanies)
          .values({ ...(defined(fields) as typeof notableCompanies.$inferInsert), owner_company_id: owner.id })
          .returning();
        return reply.code(201).send(toAnswer({ c: row!, short: owner.shortName }));
      },
    );

    app.patch(
      `${base}/:id`,
      {
        schema: {
          tags,
          summary: "Change a notable company (absent fields stay)",
          params: IdParams,
          body: wrapped("notable_company", NotableFields.omit({ company_short_name: true }).partial()),
          response: { 200: NotableCompanySchema, ...errors },
        },
      },
      async (request) => {
        allow(request.auth, ACCESS.parties);
        const existing = await findOne(request.auth, request.params.id);
        const [row] = await db
          .update(notableCompanies)
          .set({ ...defined(request.body), updated_at: new Date() })
          .where(eq(notableCompanies.id, existing.c.id))
          .returning();
        return toAnswer({ c: row!, short: existing.short });
      },
    );
  }
};
