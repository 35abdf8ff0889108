import { and, asc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { aircraftTypes, airports, chargeCodes, countries, currencies, specialHandlingCodes } from "../db/schema";
import { notFound } from "../http/errors";
import { pageOf } from "../http/pagination";
import { ErrorSchema, FormBoolean, IsoDateTime, StampsShape } from "../http/schemas";
import { escapeLike, ListQuerySchema, listAnswer, textSearch, wholeList } from "../settings/common";

export const AirportSchema = z.object({
  iata: z.string(),
  icao: z.string().nullable(),
  name: z.string(),
  full_name: z.string(),
  cyrillic_name: z.string().nullable(),
  city_code: z.string(),
  city_name: z.string().nullable(),
  cyrillic_city_name: z.string().nullable(),
  country_code: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  timezone: z.string().describe("IANA time zone"),
});

export const CountrySchema = z.object({
  name: z.string(),
  cyrillic_name: z.string().nullable(),
  full_name: z.string(),
  alpha_2: z.string(),
  alpha_3: z.string(),
  numeric: z.string(),
  customs_region: z.string().nullable(),
  ...StampsShape,
});

const CurrencySchema = z.object({ code: z.string(), name: z.string(), number: z.string(), digits: z.number().int() });
const AircraftTypeSchema = z.object({
  iata: z.string(),
  icao: z.string().nullable(),
  description: z.string(),
  kind: z.string().describe("passenger, freighter or combi"),
});
export const ShcSchema = z.object({
  code: z.string(),
  description: z.string(),
  description_cyrillic: z.string().nullable(),
  group: z.string(),
  category: z.string().nullable(),
  hazard_classes: z.array(z.string()),
  incompatible_codes: z.array(z.string()),
  created: IsoDateTime,
  createdBy: z.string().nullable(),
  modified: IsoDateTime,
  modifiedBy: z.string().nullable(),
});
const ChargeCodeSchema = z.object({ code: z.string(), description: z.string() });

const SkipPagination = { skip_pagination: FormBoolean.optional().describe("true: the whole list in one page") };

/** The most codes one `codes` filter takes (the BFF's list fields take 100). */
export const CODES_FILTER_MAX = 100;

/**
 * `codes=DME,OVB`: exactly these codes, all in one page. The BFF checks a form's whole list of codes in
 * one call with it instead of one call per code (a fan-out per item is a denial of service, DESIGN §4a).
 */
const CodesFilter = {
  codes: z
    .string()
    .max(CODES_FILTER_MAX * 8)
    .transform((text) => [...new Set(text.split(",").map((c) => c.trim().toUpperCase()).filter(Boolean))])
    .pipe(z.array(z.string().max(8)).max(CODES_FILTER_MAX))
    .optional()
    .describe(`comma-separated codes (at most ${CODES_FILTER_MAX}): answers exactly the known ones, in one page`),
};
const tags = ["reference data"];

/** Reference lists: read by every signed-in user, never cached here (plain indexed queries). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/airports",
    {
      schema: {
        tags,
        summary: "Airports; q matches IATA or ICAO (exact matches first), city code, name or city (contains)",
        querystring: ListQuerySchema.extend({ country_code: z.string().length(2).optional(), ...CodesFilter }),
        response: { 200: pageOf(AirportSchema) },
      },
    },
    async (request) => {
      const { q, country_code } = request.query;
      const term = q?.trim() ?? "";
      const upper = term.toUpperCase();
      const match = term
        ? or(
            eq(airports.iata, upper),
            eq(airports.icao, upper),
            eq(airports.city_code, upper),
            textSearch(term, airports.name, airports.full_name, airports.city_name, airports.cyrillic_name, airports.cyrillic_city_name),
          )
        : undefined;
      const where = and(match, country_code ? eq(airports.country_code, country_code.toUpperCase()) : undefined);
      const rank = term
        ? sql`case when ${airports.iata} = ${upper} then 0 when ${airports.icao} = ${upper} then 1 when ${airports.city_code} = ${upper} then 2 when ${airports.name} ilike ${`${escapeLike(term)}%`} then 3 else 4 end`
        : null;
      // (Never `order by 0`: an integer literal there is a column position.)
      return listAnswer(db, airports, request.query, { where, order: rank ? [rank, asc(airports.iata)] : [asc(airports.iata)], code: airports.iata });
    },
  );

  app.get(
    "/api/v3/airports/:iata",
    {
      schema: { tags, summary: "One airport by IATA code", params: z.object({ iata: z.string() }), response: { 200: AirportSchema, 404: ErrorSchema } },
    },
    async (request) => {
      const [row] = await db.select().from(airports).where(eq(airports.iata, request.params.iata.trim().toUpperCase())).limit(1);
      if (!row) throw notFound();
      return row;
    },
  );

  app.get(
    "/api/v3/countries",
    {
      schema: {
        tags,
        summary: "Countries; q matches alpha-2/alpha-3 exactly or a name (English or Russian)",
        querystring: ListQuerySchema.extend({ customs_region: z.string().optional(), ...SkipPagination, ...CodesFilter }),
        response: { 200: pageOf(CountrySchema) },
      },
    },
    async (request) => {
      const { q, customs_region } = request.query;
      const term = q?.trim() ?? "";
      const where = and(
        term
          ? or(
              eq(countries.alpha_2, term.toUpperCase()),
              eq(countries.alpha_3, term.toUpperCase()),
              textSearch(term, countries.name, countries.full_name, countries.cyrillic_name),
            )
          : undefined,
        customs_region ? eq(countries.customs_region, customs_region.toUpperCase()) : undefined,
      );
      const order = term
        ? [sql`case when ${countries.alpha_2} = ${term.toUpperCase()} or ${countries.alpha_3} = ${term.toUpperCase()} then 0 else 1 end`, asc(countries.name)]
        : [asc(countries.name)];
      return listAnswer(db, countries, request.query, { where, order, code: countries.alpha_2 });
    },
  );

  app.get(
    "/api/v3/countries/custom_regions",
    {
      schema: {
        tags,
        summary: "Customs regions (EAEU, EU) with their countries",
        response: {
          200: pageOf(
            z.object({
              customs_region: z.string(),
              countries: z.array(z.object({ alpha_2: z.string(), alpha_3: z.string(), name: z.string(), cyrillic_name: z.string().nullable() })),
            }),
          ),
        },
      },
    },
    async () => {
      const rows = await db
        .select()
        .from(countries)
        .where(sql`${countries.customs_region} is not null`)
        .orderBy(asc(countries.customs_region), asc(countries.name));
      const regions = new Map<string, Array<{ alpha_2: string; alpha_3: string; name: string; cyrillic_name: string | null }>>();
      for (const c of rows) {
        const list = regions.get(c.customs_region!) ?? regions.set(c.customs_region!, []).get(c.customs_region!)!;
        list.push({ alpha_2: c.alpha_2, alpha_3: c.alpha_3, name: c.name, cyrillic_name: c.cyrillic_name });
      }
      return wholeList([...regions].map(([customs_region, list]) => ({ customs_region, countries: list })));
    },
  );

  app.get(
    "/api/v3/currencies",
    { schema: { tags, summary: "The currencies the platform trades in (spec 2 §9)", response: { 200: pageOf(CurrencySchema) } } },
    async () => {
      const rows = await db.select().from(currencies);
      const order = ["RUB", "USD", "EUR", "KZT", "KGS", "CNY", "BYN", "AMD", "INR", "UZS", "THB"];
      return wholeList(rows.sort((a, b) => order.indexOf(a.code) - order.indexOf(b.code)));
    },
  );

  app.get(
    "/api/v3/aircraft_types",
    {
      schema: {
        tags,
        summary: "Aircraft types (IATA codes); skip_pagination=true answers all",
        querystring: ListQuerySchema.extend({ ...SkipPagination, ...CodesFilter }),
        response: { 200: pageOf(AircraftTypeSchema) },
      },
    },
    async (request) => {
      const term = request.query.q?.trim() ?? "";
      const where = term ? or(eq(aircraftTypes.iata, term.toUpperCase()), textSearch(term, aircraftTypes.icao, aircraftTypes.description)) : undefined;
      return listAnswer(db, aircraftTypes, request.query, { where, order: [asc(aircraftTypes.iata)], code: aircraftTypes.iata });
    },
  );

  const shcAnswer = (r: typeof specialHandlingCodes.$inferSelect) => {
    const { created_at, created_by, modified_at, modified_by, ...rest } = r;
    return { ...rest, created: created_at, createdBy: created_by, modified: modified_at, modifiedBy: modified_by };
  };

  app.get(
    "/api/v3/special_handlings",
    {
      schema: {
        tags,
        summary: "Special handling codes (IATA SHC) with groups, hazard classes and incompatible codes",
        querystring: ListQuerySchema.extend({ group: z.string().optional(), ...SkipPagination, ...CodesFilter }),
        response: { 200: pageOf(ShcSchema) },
      },
    },
    async (request) => {
      const { q, group } = request.query;
      const term = q?.trim() ?? "";
      const where = and(
        term
          ? or(eq(specialHandlingCodes.code, term.toUpperCase()), textSearch(term, specialHandlingCodes.description, specialHandlingCodes.description_cyrillic))
          : undefined,
        group ? eq(specialHandlingCodes.group, group) : undefined,
      );
      const order = term
        ? [sql`case when ${specialHandlingCodes.code} = ${term.toUpperCase()} then 0 else 1 end`, asc(specialHandlingCodes.code)]
        : [asc(specialHandlingCodes.code)];
      return listAnswer(db, specialHandlingCodes, request.query, { where, order, code: specialHandlingCodes.code, answer: shcAnswer });
    },
  );

  app.get(
    "/api/v3/special_handlings/:code",
    { schema: { tags, summary: "One special handling code", params: z.object({ code: z.string() }), response: { 200: ShcSchema, 404: ErrorSchema } } },
    async (request) => {
      const [row] = await db.select().from(specialHandlingCodes).where(eq(specialHandlingCodes.code, request.params.code.toUpperCase())).limit(1);
      if (!row) throw notFound();
      return shcAnswer(row);
    },
  );

  app.get(
    "/api/v3/charge_codes",
    {
      schema: {
        tags,
        summary: "IATA other-charge codes (two letters + A due agent / C due carrier)",
        querystring: ListQuerySchema.extend({ ...SkipPagination, ...CodesFilter }),
        response: { 200: pageOf(ChargeCodeSchema) },
      },
    },
    async (request) => {
      const term = request.query.q?.trim() ?? "";
      const where: SQL | undefined = term
        ? or(ilike(chargeCodes.code, `${escapeLike(term)}%`), textSearch(term, chargeCodes.description))
        : undefined;
      return listAnswer(db, chargeCodes, request.query, { where, order: [asc(chargeCodes.code)], code: chargeCodes.code });
    },
  );
};
