import { aliasedTable, and, asc, count, eq, gte, ilike, inArray, isNull, lte, ne, or, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { IdParams, INT32_MAX, TEXT_MAX, tooLong } from "../http/input";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { agreements, companies } from "../db/schema";
import type { Company } from "../db/tables/companies";
import { addRefusal, notFound, refuse, refuseDuplicate } from "../http/errors";
import { pageMeta, pageOf, pageOffset } from "../http/pagination";
import { FormBoolean, resourceErrors, StampsShape } from "../http/schemas";
import { CURRENCY_CODES } from "../reference/sources";
import { ACCESS, allow, isAirline, isForwarder, isPlatform } from "./access";
import {
  addFieldError,
  BLANK,
  checkAirports,
  codeList,
  defined,
  escapeLike,
  iataCode,
  isoDate,
  ListQuerySchema,
  optBool,
  optDate,
  optText,
  reqDate,
  reqText,
  sortOrder,
  throwIfErrors,
  wrapped,
  type FieldErrors,
} from "./common";

// Agreements (spec 2 "Agreement"): an airline company (supplier) and a forwarder company (client). Airline users
// see and edit their airline's agreements, forwarders read theirs (as client), platform staff all of them.

const exists = () => refuse(422, "agreement_exists", {}, { as: "errors" });

const SupplierSchema = z.object({ id: z.number().int(), name: z.string(), short_name: z.string(), carrier: z.string().nullable() });
const ClientSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  local_name: z.string().nullable(),
  short_name: z.string(),
  street: z.string().nullable(),
  local_street: z.string().nullable(),
  country: z.string().nullable(),
  city: z.string().nullable(),
  tax_number: z.string().nullable(),
});

export const AgreementSchema = z.object({
  id: z.number().int(),
  account_number: z.string(),
  contract_number: z.string(),
  currency: z.enum(CURRENCY_CODES),
  effective_from: z.string().describe("YYYY-MM-DD"),
  effective_to: z.string().nullable().describe("YYYY-MM-DD; null: open-ended"),
  sales_origins: z.array(z.string()),
  supplier: SupplierSchema,
  client: ClientSchema,
  show_tariffs: z.boolean(),
  beneficiary: z.string().nullable(),
  balance_check_disabled: z.boolean(),
  additional_prefixes: z.array(z.string()),
  show_airline_customers: z.boolean(),
  active: z.boolean(),
  allowed_manual_routes: z.array(z.string()).describe('"ORG-DST" pairs'),
  smart_contract: z.boolean(),
  ...StampsShape,
});
type AgreementAnswer = z.input<typeof AgreementSchema>;

const companyRef = () =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z.union([z.number().int().positive().max(INT32_MAX), z.string().trim().min(1).max(TEXT_MAX.name, tooLong(TEXT_MAX.name))], { required_error: BLANK, invalid_type_error: "must be a company id or short name" }),
  );

const Fields = z.object({
  supplier: companyRef().optional().describe("airline company id or short name; an airline user's own company by default"),
  client: companyRef().describe("forwarder company id or short name"),
  account_number: reqText(),
  contract_number: reqText(),
  currency: z.preprocess(
    (v) => (typeof v === "string" ? v.trim().toUpperCase() || undefined : v ?? undefined),
    z.enum(CURRENCY_CODES, { required_error: BLANK, message: `must be one of ${CURRENCY_CODES.join(", ")}` }),
  ),
  effective_from: reqDate(),
  effective_to: optDate(),
  sales_origins: codeList(iataCode()).optional(),
  show_tariffs: optBool(),
  beneficiary: optText(),
  balance_check_disabled: optBool(),
  additional_prefixes: codeList(z.string().max(TEXT_MAX.code).trim().regex(/^\d{3}$/, "must be 3-digit AWB prefixes")).optional(),
  show_airline_customers: optBool(),
  active: optBool(),
  allowed_manual_routes: codeList(
    z.string().trim().toUpperCase().regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be routes like "OVB-DME"'),
  ).optional(),
  smart_contract: optBool(),
});
type Input = Partial<z.infer<typeof Fields>>;

const supplierCo = aliasedTable(companies, "supplier");
const clientCo = aliasedTable(companies, "client");

function answer(row: { a: typeof agreements.$inferSelect; s: Company; c: Company }): AgreementAnswer {
  const { supplier_id: _s, client_id: _c, ...a } = row.a;
  return {
    ...a,
    currency: a.currency as AgreementAnswer["currency"],
    supplier: { id: row.s.id, name: row.s.name, short_name: row.s.short_name, carrier: row.s.carrier },
    client: {
      id: row.c.id,
      name: row.c.name,
      local_name: row.c.local_name,
      short_name: row.c.short_name,
      street: row.c.address,
      local_street: row.c.local_address,
      country: row.c.country,
      city: row.c.city,
      tax_number: row.c.tax_number,
    },
  };
}

/** The tenancy filter: airline → its agreements as supplier, forwarder → as client, platform → all (or the tenant's). */
function scope(auth: Pick<AuthContext, "profile" | "carrier">): SQL | undefined {
  const p = auth.profile!;
  if (isAirline(p)) return eq(agreements.supplier_id, p.company.id);
  if (isForwarder(p)) return eq(agreements.client_id, p.company.id);
  if (isPlatform(p) && auth.carrier) return eq(supplierCo.carrier, auth.carrier);
  if (isPlatform(p)) return undefined;
  return eq(agreements.id, -1);
}

/** `sort` values of the agreements list. */
const AGREEMENT_SORT = {
  id: agreements.id,
  supplier: supplierCo.short_name,
  client: clientCo.short_name,
  account_number: agreements.account_number,
  contract_number: agreements.contract_number,
  currency: agreements.currency,
  effective_from: agreements.effective_from,
  effective_to: agreements.effective_to,
  active: agreements.active,
  created_at: agreements.created_at,
  updated_at: agreements.updated_at,
};

const joined = (db: Db) =>
  db
    .select({ a: agreements, s: supplierCo, c: clientCo })
    .from(agreements)
    .innerJoin(supplierCo, eq(supplierCo.id, agreements.supplier_id))
    .innerJoin(clientCo, eq(clientCo.id, agreements.client_id));

async function findAgreement(db: Db, auth: AuthContext, id: number) {
  const [row] = await joined(db).where(and(eq(agreements.id, id), scope(auth))).limit(1);
  if (!row) throw notFound("agreement_not_found");
  return row;
}

async function findCompany(db: Db, ref: number | string): Promise<Company | null> {
  const [row] = await db
    .select()
    .from(companies)
    .where(typeof ref === "number" ? eq(companies.id, ref) : eq(companies.short_name, ref.toUpperCase()))
    .limit(1);
  return row ?? null;
}

/** Resolves supplier and client, checks the rules across fields; returns the column values. */
async function resolve(db: Db, auth: AuthContext, input: Input, existing: typeof agreements.$inferSelect | null) {
  const p = auth.profile!;
  const errors: FieldErrors = {};
  let supplierId = existing?.supplier_id;
  if (isAirline(p)) {
    if (input.supplier !== undefined) {
      const s = await findCompany(db, input.supplier);
      if (s?.id !== p.company.id) addRefusal(errors, "supplier", "must_be_own_airline");
    }
    supplierId = p.company.id;
  } else if (input.supplier !== undefined) {
    const s = await findCompany(db, input.supplier);
    if (!s) addFieldError(errors, "supplier", "unknown_company");
    else if (s.business_type !== "airline") addRefusal(errors, "supplier", "must_be_airline_company");
    else supplierId = s.id;
  } else if (!existing) addRefusal(errors, "supplier", "blank");
  let clientId = existing?.client_id;
  if (input.client !== undefined) {
    const c = await findCompany(db, input.client);
    if (!c) addFieldError(errors, "client", "unknown_company");
    else if (c.business_type !== "forwarder") addRefusal(errors, "client", "must_be_forwarder_company");
    else clientId = c.id;
  }
  const from = input.effective_from ?? existing?.effective_from;
  const to = input.effective_to !== undefined ? input.effective_to : existing?.effective_to;
  if (from && to && to < from) addFieldError(errors, "effective_to", "not_before", { field: "effective_from" });
  if (input.sales_origins?.length) await checkAirports(db, { sales_origins: input.sales_origins }, errors);
  throwIfErrors(errors);
  const { supplier: _s, client: _c, ...rest } = defined(input);
  return { ...rest, supplier_id: supplierId!, client_id: clientId! };
}

const tags = ["agreements"];

const PartnerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  local_name: z.string().nullable(),
  short_name: z.string(),
  business_type: z.string(),
  carrier: z.string().nullable(),
});

export const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/agreements",
    {
      schema: {
        tags,
        summary: `Agreements the caller may see (q: contract or account number, client name; sort: ${Object.keys(AGREEMENT_SORT).join(", ")})`,
        querystring: ListQuerySchema.extend({
          active: FormBoolean.optional(),
          client: z.string().max(TEXT_MAX.search).optional().describe("client short name"),
          supplier: z.string().max(TEXT_MAX.search).optional().describe("supplier short name"),
          currency: z.string().max(TEXT_MAX.search).optional(),
          effective_on: isoDate().optional().describe("only agreements in force on this date (YYYY-MM-DD)"),
        }),
        response: { 200: pageOf(AgreementSchema), ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS.agreementsRead);
      const { q, active, client, supplier, currency, effective_on, page, per_page } = request.query;
      const orderBy = sortOrder(AGREEMENT_SORT, request.query, agreements.id, [
        asc(supplierCo.short_name),
        asc(clientCo.short_name),
        asc(agreements.effective_from),
        asc(agreements.id),
      ]);
      const term = q?.trim() ? `%${escapeLike(q.trim())}%` : null;
      const where = and(
        scope(request.auth),
        active !== undefined ? eq(agreements.active, active) : undefined,
        client ? eq(clientCo.short_name, client.toUpperCase()) : undefined,
        supplier ? eq(supplierCo.short_name, supplier.toUpperCase()) : undefined,
        currency ? eq(agreements.currency, currency.toUpperCase()) : undefined,
        effective_on ? lte(agreements.effective_from, effective_on) : undefined,
        effective_on ? or(isNull(agreements.effective_to), gte(agreements.effective_to, effective_on)) : undefined,
        term
          ? or(ilike(agreements.contract_number, term), ilike(agreements.account_number, term), ilike(clientCo.name, term), ilike(clientCo.short_name, term))
          : undefined,
      );
      const [total] = await db
        .select({ n: count() })
        .from(agreements)
        .innerJoin(supplierCo, eq(supplierCo.id, agreements.supplier_id))
        .innerJoin(clientCo, eq(clientCo.id, agreements.client_id))
        .where(where);
      const rows = await joined(db)
        .where(where)
        .orderBy(...orderBy)
        .limit(per_page)
        .offset(pageOffset(page, per_page));
      return { data: rows.map(answer), meta: pageMeta(total?.n ?? 0, page, per_page) };
    },
  );

  app.get(
    "/api/v3/agreements/companies",
    {
      schema: {
        tags,
        summary: "Companies the caller can make agreements with: forwarders for an airline, airlines for a forwarder, both for platform",
        querystring: ListQuerySchema,
        response: { 200: pageOf(PartnerSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const p = allow(request.auth, ACCESS.agreementsRead);
      const { q, page, per_page } = request.query;
      const types: Array<"airline" | "forwarder"> = isAirline(p) ? ["forwarder"] : isForwarder(p) ? ["airline"] : ["airline", "forwarder"];
      const term = q?.trim() ? `%${escapeLike(q.trim())}%` : null;
      const where = and(
        inArray(companies.business_type, types),
        eq(companies.invisible, false),
        ne(companies.id, p.company.id),
        term ? or(ilike(companies.name, term), ilike(companies.short_name, term), ilike(companies.local_name, term)) : undefined,
      );
      const [total] = await db.select({ n: count() }).from(companies).where(where);
      const rows = await db
        .select({
          id: companies.id,
          name: companies.name,
          local_name: companies.local_name,
          short_name: companies.short_name,
          business_type: companies.business_type,
          carrier: companies.carrier,
        })
        .from(companies)
        .where(where)
        .orderBy(asc(companies.short_name))
        .limit(per_page)
        .offset(pageOffset(page, per_page));
      return { data: rows, meta: pageMeta(total?.n ?? 0, page, per_page) };
    },
  );

  app.get(
    "/api/v3/agreements/:id",
    { schema: { tags, summary: "One agreement", params: IdParams, response: { 200: AgreementSchema, ...resourceErrors } } },
    async (request) => {
      allow(request.auth, ACCESS.agreementsRead);
      return answer(await findAgreement(db, request.auth, request.params.id));
    },
  );

  app.post(
    "/api/v3/agreements",
    {
      schema: {
        tags,
        summary: "Create an agreement (airline manager/com_cor for their airline, or platform)",
        body: wrapped("agreement", Fields),
        response: { 201: AgreementSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allow(request.auth, ACCESS.agreementsWrite);
      const values = await resolve(db, request.auth, request.body, null);
      const [row] = await refuseDuplicate(() => db.insert(agreements).values(values as typeof agreements.$inferInsert).returning({ id: agreements.id }), exists);
      const id = row!.id;
      return reply.code(201).send(answer(await findAgreement(db, request.auth, id)));
    },
  );

  app.patch(
    "/api/v3/agreements/:id",
    {
      schema: {
        tags,
        summary: "Change an agreement (absent fields stay)",
        params: IdParams,
        body: wrapped("agreement", Fields.partial()),
        response: { 200: AgreementSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS.agreementsWrite);
      const existing = await findAgreement(db, request.auth, request.params.id);
      const values = await resolve(db, request.auth, request.body, existing.a);
      await refuseDuplicate(() => db.update(agreements).set({ ...values, updated_at: new Date() }).where(eq(agreements.id, existing.a.id)), exists);
      return answer(await findAgreement(db, request.auth, existing.a.id));
    },
  );
};
