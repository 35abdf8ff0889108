import { and, asc, eq, getTableColumns } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DECIMALS, MAX_CONTACTS } from "../../cargo/limits";
import { IdParams, Text, TEXT_MAX } from "../http/input";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airlines, companies } from "../db/schema";
import type { Company } from "../db/tables/companies";
import { BUSINESS_TYPES } from "../db/tables/enums";
import { addRefusal, notFound, refuse, refuseDuplicate, refuseField } from "../http/errors";
import { addPostCodeError } from "../http/post-code";
import { pageOf } from "../http/pagination";
import { FormBoolean, resourceErrors } from "../http/schemas";
import { isEmail } from "../users/rules";
import { ACCESS, allow, isPlatform } from "./access";
import { BLANK, codeList, defined, iataCode, ListQuerySchema, listPage, optText, reqText, sortColumns, sortOrder, textSearch, throwIfErrors, wrapped, type FieldErrors } from "./common";
import { countryCode } from "./airline-customers";
import { decimalRange } from "../../cargo/numbers/decimal-text";
import { decimalInput } from "../http/decimal-input";

/** Postgres foreign-key (23503) or ON DELETE RESTRICT (23001) violation, thrown directly or wrapped by drizzle. */
function isForeignKeyViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (code === "23503" || code === "23001") return true;
  }
  return false;
}

// Companies (spec 2 "Company"): platform staff create, change and delete them; everyone else reads only their own.

export const CompanySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  local_name: z.string().nullable(),
  business_type: z.enum(BUSINESS_TYPES),
  operations_type: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  local_city: z.string().nullable(),
  local_address: z.string().nullable(),
  country: z.string().nullable(),
  tax_number: z.string().nullable(),
  post_code: z.string().nullable(),
  default_airport: z.string().nullable(),
  forwarder_iata_code: z.string().nullable(),
  cass_codes: z.array(z.string()),
  pima: z.string().nullable(),
  pima_location: z.string().nullable(),
  eori: z.string().nullable(),
  account_number: z.string().nullable(),
  carrier: z.string().nullable().describe("airline code when business_type is airline"),
});

const ContactSchema = z.object({
  name: Text(TEXT_MAX.name).nullish(),
  position: Text(TEXT_MAX.name).nullish(),
  phone: Text(TEXT_MAX.name).nullish(),
  email: Text(TEXT_MAX.name).nullish(),
});

export const CompanyDetailsSchema = CompanySchema.extend({
  access_to_all_carriers: z.boolean(),
  cimp_code: z.string().nullable(),
  cimp_email: z.string().nullable(),
  cimp_sita: z.string().nullable(),
  contacts: z.array(ContactSchema),
  customs_operational_hours: z.string().nullable(),
  terminal_operational_hours: z.string().nullable(),
  dg_storage: z.boolean(),
  dme_sli_token: z.string().nullable(),
  email: z.string().nullable(),
  interline_booking: z.boolean(),
  intl_cargo_accepted: z.boolean(),
  invisible: z.boolean(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  location_iata: z.string().nullable(),
  maildomain: z.string().nullable(),
  notes: z.string().nullable(),
  permitted_carriers: z.array(z.string()),
  permitted_segments_origins: z.array(z.string()),
  phone: z.string().nullable(),
  service_shcs: z.array(z.string()),
  shcs_accepted: z.array(z.string()),
  web_link: z.string().nullable(),
});

/** The fields of `schema` taken from a row: the columns bear the answer's names. */
const answerOf = <S extends z.AnyZodObject>(schema: S, row: Company) =>
  Object.fromEntries(Object.keys(schema.shape).map((k) => [k, row[k as keyof Company]])) as z.infer<S>;

export const companyAnswer = (c: Company) => answerOf(CompanySchema, c);
export const companyDetails = (c: Company) => answerOf(CompanyDetailsSchema, c);

const upper = (s: string) => s.toUpperCase();
const code = (re: RegExp, message: string) => z.string().trim().transform(upper).pipe(z.string().regex(re, message));
const optBool = () => FormBoolean.optional();

const CompanyFields = z.object({
  name: reqText(),
  short_name: z.preprocess((v) => (typeof v === "string" ? v.trim().toUpperCase() : v), reqText()),
  business_type: z.preprocess((v) => (v === "" || v === null ? undefined : v), z.enum(BUSINESS_TYPES, { required_error: BLANK })),
  carrier: optText().pipe(code(/^[A-Z0-9]{2}$/, "must be a 2-character airline code").nullish()),
  awb_prefix: optText()
    .pipe(z.string().regex(/^\d{3}$/, "must be 3 digits").nullish())
    .describe("creates the airline's settings when the carrier is new"),
  local_name: optText(),
  operations_type: optText(),
  address: optText(TEXT_MAX.text),
  city: optText(),
  local_city: optText(),
  local_address: optText(TEXT_MAX.text),
  country: countryCode(),
  tax_number: optText(),
  post_code: optText(),
  default_airport: optText().pipe(iataCode().nullish()),
  forwarder_iata_code: optText(),
  cass_codes: codeList(z.string().max(TEXT_MAX.code).trim().min(1)).optional(),
  pima: optText(),
  pima_location: optText(),
  eori: optText(),
  account_number: optText(),
  access_to_all_carriers: optBool(),
  cimp_code: optText(),
  cimp_email: optText(),
  cimp_sita: optText(),
  contacts: z.array(ContactSchema).max(MAX_CONTACTS).optional(),
  customs_operational_hours: optText(TEXT_MAX.text),
  terminal_operational_hours: optText(TEXT_MAX.text),
  dg_storage: optBool(),
  dme_sli_token: optText(),
  email: optText(),
  interline_booking: optBool(),
  intl_cargo_accepted: optBool(),
  invisible: optBool(),
  latitude: decimalInput(decimalRange(-90, 90, DECIMALS.coordinate)),
  longitude: decimalInput(decimalRange(-180, 180, DECIMALS.coordinate)),
  location_iata: optText().pipe(iataCode().nullish()),
  maildomain: optText(),
  notes: optText(TEXT_MAX.text),
  permitted_carriers: codeList(code(/^[A-Z0-9]{2}$/, "must be 2-character airline codes")).optional(),
  permitted_segments_origins: codeList(iataCode()).optional(),
  phone: optText(),
  service_shcs: codeList(code(/^[A-Z0-9]{3}$/, "must be 3-character SHC codes")).optional(),
  shcs_accepted: codeList(code(/^[A-Z0-9]{3}$/, "must be 3-character SHC codes")).optional(),
  web_link: optText(),
});
type CompanyInput = Partial<z.infer<typeof CompanyFields>>;

/** The columns of a create or change: the fields sent that are company columns (awb_prefix belongs to the airline). */
function toColumns(input: CompanyInput): Partial<typeof companies.$inferInsert> {
  const columns = getTableColumns(companies);
  return Object.fromEntries(Object.entries(defined(input)).filter(([k]) => k in columns));
}

const shortNameTaken = () => refuseField("short_name", "taken");

/** Rules across fields; creates the airline's settings row for a new carrier when awb_prefix is given. */
async function checkCompany(db: Db, merged: CompanyInput, errors: FieldErrors = {}) {
  if (merged.email && !isEmail(merged.email)) addRefusal(errors, "email", "invalid_email");
  addPostCodeError(errors, merged, "country");
  if (merged.business_type === "airline") {
    if (!merged.carrier) addRefusal(errors, "carrier", "blank");
    else {
      const [airline] = await db.select({ id: airlines.id }).from(airlines).where(eq(airlines.carrier, merged.carrier)).limit(1);
      if (!airline && !merged.awb_prefix) addRefusal(errors, "awb_prefix", "awb_prefix_required");
    }
  }
  throwIfErrors(errors);
}

async function ensureAirline(db: Db, merged: CompanyInput) {
  if (merged.business_type !== "airline" || !merged.carrier || !merged.awb_prefix) return;
  await db
    .insert(airlines)
    .values({ carrier: merged.carrier, awb_prefix: merged.awb_prefix, name: merged.name!, country_code: merged.country ?? null })
    .onConflictDoNothing();
}

/** The company when the caller may see it (platform: any; others: their own), else 404. */
export async function visibleCompany(db: Db, auth: Pick<AuthContext, "profile">, id: number): Promise<Company> {
  const p = auth.profile;
  if (!p || (!isPlatform(p) && p.company.id !== id)) throw notFound();
  const [company] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  if (!company) throw notFound();
  return company;
}

const tags = ["companies"];

const BalanceSchema = z.object({ balance: z.number(), obligations: z.number(), pending: z.number(), blocked: z.number(), debt: z.number() });
const StateSchema = z.object({
  beneficiaryId: z.string(),
  status: z.string(),
  balance: BalanceSchema,
  smartContracts: z.array(z.unknown()),
  events: z.array(z.unknown()),
});

/** `sort` values of the companies list. */
const COMPANY_SORT = sortColumns(companies, ["id", "name", "short_name", "local_name", "business_type", "carrier", "city", "country", "tax_number", "created_at"]);

export const companyRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/companies",
    {
      schema: {
        tags,
        summary: `Companies: every company for platform staff, the caller's own otherwise (sort: ${Object.keys(COMPANY_SORT).join(", ")})`,
        querystring: ListQuerySchema.extend({
          business_type: z.enum(BUSINESS_TYPES).optional(),
          carrier: z.string().max(TEXT_MAX.search).optional(),
        }),
        response: { 200: pageOf(CompanySchema), ...resourceErrors },
      },
    },
    async (request) => {
      const p = allow(request.auth, ACCESS.anyone);
      const { q, business_type, carrier, sort, direction, ...page } = request.query;
      const orderBy = sortOrder(COMPANY_SORT, { sort, direction }, companies.id, [asc(companies.short_name), asc(companies.id)]);
      const where = and(
        isPlatform(p) ? undefined : eq(companies.id, p.company.id),
        textSearch(q, companies.name, companies.short_name, companies.local_name, companies.tax_number),
        business_type ? eq(companies.business_type, business_type) : undefined,
        carrier ? eq(companies.carrier, carrier.toUpperCase()) : undefined,
      );
      const { data, meta } = await listPage(db, companies, where, orderBy, page);
      return { data: data.map(companyAnswer), meta };
    },
  );

  app.get(
    "/api/v3/companies/:id",
    { schema: { tags, summary: "One company", params: IdParams, response: { 200: CompanySchema, ...resourceErrors } } },
    async (request) => companyAnswer(await visibleCompany(db, request.auth, request.params.id)),
  );

  app.get(
    "/api/v3/companies/:id/details",
    { schema: { tags, summary: "One company, detailed view", params: IdParams, response: { 200: CompanyDetailsSchema, ...resourceErrors } } },
    async (request) => companyDetails(await visibleCompany(db, request.auth, request.params.id)),
  );

  app.get(
    "/api/v3/companies/:id/state",
    {
      schema: {
        tags,
        summary: "Escrow-style beneficiary state (spec 2 Settlements); zero balances until settlements exist",
        params: IdParams,
        response: { 200: StateSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const company = await visibleCompany(db, request.auth, request.params.id);
      return {
        beneficiaryId: company.account_number ?? company.short_name,
        status: company.invisible ? "inactive" : "active",
        balance: { balance: 0, obligations: 0, pending: 0, blocked: 0, debt: 0 },
        smartContracts: [],
        events: [],
      };
    },
  );

  app.post(
    "/api/v3/companies",
    {
      schema: {
        tags,
        summary: "Create a company (platform only); an airline with a new carrier also needs awb_prefix",
        body: wrapped("company", CompanyFields),
        response: { 201: CompanyDetailsSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      allow(request.auth, ACCESS.companies);
      const input = request.body;
      await checkCompany(db, input);
      const company = await refuseDuplicate(
        () =>
          db.transaction(async (tx) => {
            await ensureAirline(tx as unknown as Db, input);
            const [row] = await tx.insert(companies).values(toColumns(input) as typeof companies.$inferInsert).returning();
            return row!;
          }),
        shortNameTaken,
      );
      return reply.code(201).send(companyDetails(company));
    },
  );

  app.patch(
    "/api/v3/companies/:id",
    {
      schema: {
        tags,
        summary: "Change a company (platform only; absent fields stay)",
        params: IdParams,
        body: wrapped("company", CompanyFields.partial()),
        response: { 200: CompanyDetailsSchema, ...resourceErrors },
      },
    },
    async (request) => {
      allow(request.auth, ACCESS.companies);
      const existing = await visibleCompany(db, request.auth, request.params.id);
      const changes = defined(request.body);
      const merged: CompanyInput = {
        ...changes,
        name: changes.name ?? existing.name,
        business_type: changes.business_type ?? existing.business_type,
        carrier: changes.carrier !== undefined ? changes.carrier : existing.carrier,
        country: changes.country !== undefined ? changes.country : existing.country,
      };
      await checkCompany(db, merged);
      const company = await refuseDuplicate(
        () =>
          db.transaction(async (tx) => {
            await ensureAirline(tx as unknown as Db, merged);
            const [row] = await tx
              .update(companies)
              .set({ ...toColumns(changes), updated_at: new Date() })
              .where(eq(companies.id, existing.id))
              .returning();
            return row!;
          }),
        shortNameTaken,
      );
      return companyDetails(company);
    },
  );

  app.delete(
    "/api/v3/companies/:id",
    { schema: { tags, summary: "Delete a company (platform only)", params: IdParams, response: { 204: z.null(), ...resourceErrors } } },
    async (request, reply) => {
      const p = allow(request.auth, ACCESS.companies);
      if (p.company.id === request.params.id) throw refuse(422, "own_company_delete", {}, { as: "errors" });
      try {
        const deleted = await db.delete(companies).where(eq(companies.id, request.params.id)).returning({ id: companies.id });
        if (deleted.length === 0) throw notFound();
      } catch (err) {
        if (isForeignKeyViolation(err)) {
          throw refuse(422, "company_has_agreements", {}, { as: "errors" });
        }
        throw err;
      }
      return reply.code(204).send();
    },
  );
};
