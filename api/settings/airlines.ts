import { BILLING_DATE_SOURCES } from "../../cargo/pricing/types";
import { asc, eq, ilike, inArray, or } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { DECIMALS } from "../../cargo/limits";
import { TEXT_MAX, tooLong } from "../http/input";
import type { AuthContext } from "../auth/authenticate";
import { findAirline } from "../auth/tenant";
import type { Db } from "../db/open";
import { airlines, airports, handlers, permittedRoutes } from "../db/schema";
import type { Airline } from "../db/tables/airlines";
import { notFound } from "../http/errors";
import { pageOf } from "../http/pagination";
import { FormBoolean, resourceErrors } from "../http/schemas";
import { AirportSchema } from "../reference/routes";
import { accessDenied, ACCESS, allow, isAirline, isPlatform } from "./access";
import { addFieldError, checkAirports, codeList, defined, escapeLike, iataCode, ListQuerySchema, listAnswer, optNumber, optText, throwIfErrors, wholeList, wrapped, type FieldErrors } from "./common";
import { checkShcs } from "./product-codes";
import { said } from "../http/refusals";

// Airline settings (spec 2 "Airline settings"): the short list everyone reads, the full settings of one airline
// (its own users, platform staff and non-airline companies read them; its managers and platform staff change them).

const airlineNotFound = () => notFound("airline_not_found");

export const ShortAirlineSchema = z.object({
  carrier: z.string(),
  awb_prefix: z.string(),
  name: z.string(),
  interline_accepted_prefixes: z.array(z.string()),
});

export const CW_ROUNDING_RULES = ["none", "half_kg", "whole_kg"] as const;
const SEASONS = ["summer", "winter"] as const;
const PAX_TYPES = ["adult", "child", "infant"] as const;

const PaxTypesSchema = z.object({ adult: z.number().nullable(), child: z.number().nullable(), infant: z.number().nullable() });
const PaxWeightSchema = z.object({ summer: PaxTypesSchema, winter: PaxTypesSchema });

const SalesOpenSchema = z.object({
  open_days_before_departure: z.number().int().nullable().describe("sales open this many days before STD"),
  close_minutes_before_departure: z.number().int().nullable().describe("sales close this many minutes before STD"),
  open_by_default: z.boolean().describe("new segments are open for sales"),
});

export const AirlineSettingsSchema = ShortAirlineSchema.extend({
  icao_code: z.string().nullable(),
  cyrillic_code: z.string().nullable(),
  country_code: z.string().nullable(),
  address: z.string().nullable(),
  aci_controlled: z.boolean(),
  ops_data: z.record(z.boolean()).describe("ops-data flags"),
  sales_open: SalesOpenSchema,
  schedule_interline: z.boolean(),
  use_baggage_averages: z.boolean().describe("baggage averages instead of pax weights"),
  pax_weight: PaxWeightSchema.describe("kg by season and passenger type"),
  overflow_limits: z.object({
    weight: z.number().nullable().describe("kg"),
    volume: z.number().nullable().describe("m3"),
    weight_percent: z.number().nullable(),
    volume_percent: z.number().nullable(),
  }),
  auto_billing: z.boolean(),
  auto_awb_verification: z.boolean(),
  cw_auto_calculation: z.boolean(),
  chargeable_ratio: z.number().describe("volumetric divisor, cm3 per kg (6000)"),
  min_charge_weight: z.number().nullable().describe("kg"),
  cw_rounding_rule: z.enum(CW_ROUNDING_RULES).nullable(),
  billing_date_source: z.string().nullable(),
  awb_rule: z.object({
    allowed_manual_routes: z.array(z.string()).describe('"ORG-DST"'),
    mustgo_stations: z.array(z.string()),
    fbl_notice_stations: z.array(z.string()),
  }),
  tariffs_publication: z.boolean(),
  segments_types_prohibited_for_booking: z.array(z.string()).describe("flight type letters"),
  forbidden_shcs: z.array(z.string()),
  manual_processing_codes: z.array(z.string()),
  codes_for_fbl: z.array(z.string()),
  ui_setting: z.object({ show_settings: z.boolean(), show_loadfactor_data: z.boolean(), tax_id_required: z.boolean() }),
  settlements_rule: z.object({ balances_enabled: z.boolean(), cass_link_report: z.boolean() }),
  other_settings: z.record(z.unknown()).describe("the rest of the settings, free-form"),
});
type Settings = z.input<typeof AirlineSettingsSchema>;

const num = (v: string | null) => (v === null ? null : Number(v));
const shortAirline = (a: Airline) => ({ carrier: a.carrier, awb_prefix: a.awb_prefix, name: a.name, interline_accepted_prefixes: a.interline_accepted_prefixes });

export function airlineSettings(a: Airline): Settings {
  const { ops_data, sales_open, ...other } = a.settings as { ops_data?: Record<string, boolean>; sales_open?: Partial<z.infer<typeof SalesOpenSchema>> };
  const pax = a.pax_weight ?? {};
  return {
    ...shortAirline(a),
    icao_code: a.icao_code,
    cyrillic_code: a.cyrillic_code,
    country_code: a.country_code,
    address: a.address,
    aci_controlled: a.aci_controlled,
    ops_data: ops_data ?? {},
    sales_open: {
      open_days_before_departure: sales_open?.open_days_before_departure ?? null,
      close_minutes_before_departure: sales_open?.close_minutes_before_departure ?? null,
      open_by_default: sales_open?.open_by_default ?? true,
    },
    schedule_interline: a.schedule_interline,
    use_baggage_averages: a.use_baggage_averages,
    pax_weight: Object.fromEntries(
      SEASONS.map((s) => [s, Object.fromEntries(PAX_TYPES.map((t) => [t, pax[s]?.[t] ?? null]))]),
    ) as Settings["pax_weight"],
    overflow_limits: {
      weight: a.overflow_weight_limit,
      volume: a.overflow_volume_limit,
      weight_percent: a.overflow_weight_percent,
      volume_percent: a.overflow_volume_percent,
    },
    auto_billing: a.auto_billing,
    auto_awb_verification: a.auto_awb_verification,
    cw_auto_calculation: a.cw_auto_calculation,
    chargeable_ratio: Number(a.chargeable_ratio),
    min_charge_weight: num(a.min_charge_weight),
    cw_rounding_rule: (a.cw_rounding_rule as Settings["cw_rounding_rule"]) ?? null,
    billing_date_source: a.billing_date_source,
    awb_rule: {
      allowed_manual_routes: a.awb_rule_allowed_manual_routes,
      mustgo_stations: a.awb_rule_mustgo_stations,
      fbl_notice_stations: a.awb_rule_fbl_notice_stations,
    },
    tariffs_publication: a.tariffs_publication,
    segments_types_prohibited_for_booking: a.segments_types_prohibited_for_booking,
    forbidden_shcs: a.forbidden_shcs,
    manual_processing_codes: a.manual_processing_codes,
    codes_for_fbl: a.codes_for_fbl,
    ui_setting: { show_settings: a.show_settings, show_loadfactor_data: a.show_loadfactor_data, tax_id_required: a.tax_id_required },
    settlements_rule: { balances_enabled: a.balances_enabled, cass_link_report: a.cass_link_report },
    other_settings: other,
  };
}

const bool = () => FormBoolean.optional();
const positive = () => optNumber().refine((v) => v == null || v > 0, said("must_be_positive"));
const nonNegative = () => optNumber().refine((v) => v == null || v >= 0, said("must_be_zero_or_more"));
const percent = () => optNumber(undefined, DECIMALS.percent).refine((v) => v == null || (v >= 0 && v <= 100), "must be between 0 and 100");
const shc = () => z.string().trim().toUpperCase().regex(/^[A-Z0-9]{3}$/, "must be 3-character SHC codes");
const route = () => z.string().trim().toUpperCase().regex(/^[A-Z]{3}-[A-Z]{3}$/, 'must be routes like "OVB-DME"');

const SettingsFields = z
  .object({
    name: z.string().trim().min(1, said("blank")).max(TEXT_MAX.name, tooLong(TEXT_MAX.name)).optional(),
    awb_prefix: z.preprocess((v) => (v === null || v === "" ? undefined : v), z.string().trim().regex(/^\d{3}$/, "must be 3 digits").optional()),
    interline_accepted_prefixes: codeList(z.string().trim().regex(/^\d{3}$/, "must be 3-digit prefixes")).optional(),
    icao_code: optText().pipe(z.string().toUpperCase().regex(/^[A-Z]{3}$/, "must be a 3-letter ICAO code").nullish()),
    cyrillic_code: optText(),
    country_code: optText().pipe(z.string().toUpperCase().regex(/^[A-Z]{2}$/, "must be a 2-letter country code").nullish()),
    address: optText(TEXT_MAX.text),
    aci_controlled: bool(),
    ops_data: z.record(FormBoolean).optional(),
    sales_open: z
      .object({
        open_days_before_departure: optNumber().refine((v) => v == null || (Number.isInteger(v) && v >= 0), "must be a whole number, 0 or more"),
        close_minutes_before_departure: optNumber().refine((v) => v == null || (Number.isInteger(v) && v >= 0), "must be a whole number, 0 or more"),
        open_by_default: bool(),
      })
      .partial()
      .optional(),
    schedule_interline: bool(),
    use_baggage_averages: bool(),
    pax_weight: z
      .object({
        summer: z.object({ adult: positive(), child: positive(), infant: positive() }).partial().optional(),
        winter: z.object({ adult: positive(), child: positive(), infant: positive() }).partial().optional(),
      })
      .optional(),
    overflow_limits: z
      .object({ weight: nonNegative(), volume: nonNegative(), weight_percent: percent(), volume_percent: percent() })
      .partial()
      .optional(),
    auto_billing: bool(),
    auto_awb_verification: bool(),
    cw_auto_calculation: bool(),
    chargeable_ratio: positive(),
    min_charge_weight: nonNegative(),
    cw_rounding_rule: z.preprocess((v) => (v === "" ? null : v), z.enum(CW_ROUNDING_RULES).nullish()),
    billing_date_source: z.preprocess((v) => (v === "" ? null : v), z.enum(BILLING_DATE_SOURCES).nullish()),
    awb_rule: z
      .object({
        allowed_manual_routes: codeList(route()).optional(),
        mustgo_stations: codeList(iataCode()).optional(),
        fbl_notice_stations: codeList(iataCode()).optional(),
      })
      .optional(),
    tariffs_publication: bool(),
    segments_types_prohibited_for_booking: codeList(z.string().trim().toUpperCase().regex(/^[A-X]$/, "must be flight type letters A to X")).optional(),
    forbidden_shcs: codeList(shc()).optional(),
    manual_processing_codes: codeList(shc()).optional(),
    codes_for_fbl: codeList(shc()).optional(),
    ui_setting: z.object({ show_settings: bool(), show_loadfactor_data: bool(), tax_id_required: bool() }).partial().optional(),
    settlements_rule: z.object({ balances_enabled: bool(), cass_link_report: bool() }).partial().optional(),
    other_settings: z.record(z.unknown()).optional(),
  });
type SettingsInput = z.infer<typeof SettingsFields>;

/** Settings fields stored in a column of the same name and type. */
const SAME_NAME_FIELDS = [
  "name",
  "awb_prefix",
  "interline_accepted_prefixes",
  "icao_code",
  "cyrillic_code",
  "country_code",
  "address",
  "aci_controlled",
  "schedule_interline",
  "use_baggage_averages",
  "auto_billing",
  "auto_awb_verification",
  "cw_auto_calculation",
  "cw_rounding_rule",
  "billing_date_source",
  "tariffs_publication",
  "segments_types_prohibited_for_booking",
  "forbidden_shcs",
  "manual_processing_codes",
  "codes_for_fbl",
] as const satisfies ReadonlyArray<keyof SettingsInput & keyof typeof airlines.$inferInsert>;

/** The columns a settings change writes: what the caller sent (absent fields stay), groups flattened into their columns. */
function toColumns(a: Airline, i: SettingsInput): Partial<typeof airlines.$inferInsert> {
  const { overflow_limits: overflow, awb_rule: rule, ui_setting: ui, settlements_rule: settlements } = i;
  const set = defined({
    ...Object.fromEntries(SAME_NAME_FIELDS.map((k) => [k, i[k]])),
    overflow_weight_limit: overflow?.weight,
    overflow_volume_limit: overflow?.volume,
    overflow_weight_percent: overflow?.weight_percent,
    overflow_volume_percent: overflow?.volume_percent,
    awb_rule_allowed_manual_routes: rule?.allowed_manual_routes,
    awb_rule_mustgo_stations: rule?.mustgo_stations,
    awb_rule_fbl_notice_stations: rule?.fbl_notice_stations,
    show_settings: ui?.show_settings,
    show_loadfactor_data: ui?.show_loadfactor_data,
    tax_id_required: ui?.tax_id_required,
    balances_enabled: settlements?.balances_enabled,
    cass_link_report: settlements?.cass_link_report,
  }) as Partial<typeof airlines.$inferInsert>;
  // numeric columns hold text.
  if (i.chargeable_ratio !== undefined && i.chargeable_ratio !== null) set.chargeable_ratio = String(i.chargeable_ratio);
  if (i.min_charge_weight !== undefined) set.min_charge_weight = i.min_charge_weight === null ? null : String(i.min_charge_weight);
  if (i.pax_weight) {
    const pax: Record<string, Record<string, number>> = structuredClone(a.pax_weight ?? {});
    for (const [season, types] of Object.entries(i.pax_weight)) {
      for (const [type, value] of Object.entries(types ?? {})) {
        if (value === undefined) continue;
        pax[season] ??= {};
        if (value === null) delete pax[season]![type];
        else pax[season]![type] = value as number;
      }
    }
    set.pax_weight = pax;
  }
  if (i.ops_data || i.sales_open || i.other_settings) {
    const current = a.settings as Record<string, unknown>;
    const next: Record<string, unknown> = { ...current, ...(i.other_settings ?? {}) };
    if (i.ops_data) next.ops_data = { ...((current.ops_data as object) ?? {}), ...i.ops_data };
    if (i.sales_open) next.sales_open = { ...((current.sales_open as object) ?? {}), ...i.sales_open };
    set.settings = next;
  }
  return set;
}

/**
 * The airline when the caller may read its settings: platform staff, that airline's users, and non-airline
 * companies (forwarders book on it). Another airline's users get the same 404 as for an unknown code.
 */
/**
 * The airline `carrier` names, as any reader under airlines/{carrier}/ may see it: an airline's user sees only
 * their own airline, and another airline's code answers exactly like an unknown one (404 "Airline not found").
 */
export async function airlineVisibleTo(db: Db, profile: AuthContext["profile"], carrier: string): Promise<Airline> {
  const code = carrier.trim().toUpperCase();
  if (isAirline(profile) && profile!.company.carrier?.toUpperCase() !== code) throw airlineNotFound();
  const airline = await findAirline(db, code);
  if (!airline) throw airlineNotFound();
  return airline;
}

async function readableAirline(db: Db, auth: Pick<AuthContext, "profile">, carrier: string): Promise<Airline> {
  return airlineVisibleTo(db, allow(auth, ACCESS.anyone), carrier);
}

export const CarrierParams = z.object({ carrier: z.string().min(1).max(TEXT_MAX.code) });
const tags = ["airlines"];

export const airlineRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.deps.db;

  app.get(
    "/api/v3/airlines",
    {
      schema: {
        tags,
        summary: "Airlines, short form (q: code, prefix or name)",
        querystring: ListQuerySchema.extend({ skip_pagination: FormBoolean.optional() }),
        response: { 200: pageOf(ShortAirlineSchema) },
      },
    },
    async (request) => {
      const term = request.query.q?.trim();
      const where = term
        ? or(eq(airlines.carrier, term.toUpperCase()), eq(airlines.awb_prefix, term), ilike(airlines.name, `%${escapeLike(term)}%`))
        : undefined;
      return listAnswer(db, airlines, request.query, { where, order: [asc(airlines.carrier)], answer: shortAirline });
    },
  );

  app.get(
    "/api/v3/airlines/:carrier",
    { schema: { tags, summary: "An airline's full settings", params: CarrierParams, response: { 200: AirlineSettingsSchema, ...resourceErrors } } },
    async (request) => airlineSettings(await readableAirline(db, request.auth, request.params.carrier)),
  );

  app.patch(
    "/api/v3/airlines/:carrier",
    {
      schema: {
        tags,
        summary: "Change an airline's settings (that airline's managers, or platform); absent fields stay",
        params: CarrierParams,
        body: wrapped("airline", SettingsFields),
        response: { 200: AirlineSettingsSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const airline = await readableAirline(db, request.auth, request.params.carrier);
      const p = request.auth.profile!;
      if (!isPlatform(p) && !(isAirline(p) && p.profile.role === "manager")) throw accessDenied();
      const input = request.body;
      const fieldErrors: FieldErrors = {};
      await checkAirports(
        db,
        { "awb_rule.mustgo_stations": input.awb_rule?.mustgo_stations, "awb_rule.fbl_notice_stations": input.awb_rule?.fbl_notice_stations },
        fieldErrors,
      );
      for (const field of ["forbidden_shcs", "manual_processing_codes", "codes_for_fbl"] as const) await checkShcs(db, field, input[field], fieldErrors);
      if (input.awb_prefix && input.awb_prefix !== airline.awb_prefix) {
        const [other] = await db.select({ carrier: airlines.carrier }).from(airlines).where(eq(airlines.awb_prefix, input.awb_prefix)).limit(1);
        if (other) addFieldError(fieldErrors, "awb_prefix", "awb_prefix_used", { carrier: other.carrier });
      }
      throwIfErrors(fieldErrors);
      const set = toColumns(airline, input);
      const [row] = await db
        .update(airlines)
        .set({ ...set, updated_at: new Date() })
        .where(eq(airlines.id, airline.id))
        .returning();
      return airlineSettings(row!);
    },
  );

  app.get(
    "/api/v3/airlines/:carrier/airports",
    {
      schema: {
        tags,
        summary: "The airline's stations: handler locations and permitted-route airports",
        params: CarrierParams,
        response: { 200: pageOf(AirportSchema), ...resourceErrors },
      },
    },
    async (request) => {
      const airline = await readableAirline(db, request.auth, request.params.carrier);
      const codes = new Set<string>();
      for (const h of await db.select({ l: handlers.location }).from(handlers).where(eq(handlers.carrier, airline.carrier))) codes.add(h.l);
      for (const r of await db.select().from(permittedRoutes).where(eq(permittedRoutes.carrier, airline.carrier))) {
        codes.add(r.origin_iata);
        codes.add(r.destination_iata);
        for (const t of r.transfer_iata_codes) codes.add(t);
      }
      const rows = codes.size ? await db.select().from(airports).where(inArray(airports.iata, [...codes])).orderBy(asc(airports.iata)) : [];
      return wholeList(rows);
    },
  );

  app.get(
    "/api/v3/airlines/:carrier/rules",
    {
      schema: {
        tags,
        summary: "The airline's booking and AWB rules (a subset of the full settings)",
        params: CarrierParams,
        response: {
          200: AirlineSettingsSchema.pick({
            carrier: true,
            awb_rule: true,
            forbidden_shcs: true,
            manual_processing_codes: true,
            segments_types_prohibited_for_booking: true,
            chargeable_ratio: true,
            min_charge_weight: true,
            cw_rounding_rule: true,
            cw_auto_calculation: true,
            overflow_limits: true,
          }),
          ...resourceErrors,
        },
      },
    },
    async (request) => airlineSettings(await readableAirline(db, request.auth, request.params.carrier)),
  );
};
