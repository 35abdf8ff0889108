import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/**
 * An airline (tenant) and its settings (spec 2 "Airline settings"). Named settings are columns so later
 * features can query them; the long tail the spec calls "and more" lives in `settings`.
 */
export const airlines = pgTable(
  "airlines",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    /** Two-character airline code, upper case ("S7"); tenants send it lower case. */
    carrier: text("carrier").notNull(),
    awbPrefix: text("awb_prefix").notNull(),
    name: text("name").notNull(),
    interlineAcceptedPrefixes: textList("interline_accepted_prefixes"),
    icaoCode: text("icao_code"),
    cyrillicCode: text("cyrillic_code"),
    countryCode: text("country_code"),
    address: text("address"),
    aciControlled: boolean("aci_controlled").notNull().default(false),
    scheduleInterline: boolean("schedule_interline").notNull().default(false),
    autoBilling: boolean("auto_billing").notNull().default(false),
    autoAwbVerification: boolean("auto_awb_verification").notNull().default(false),
    cwAutoCalculation: boolean("cw_auto_calculation").notNull().default(true),
    chargeableRatio: numeric("chargeable_ratio").notNull().default("6000"),
    minChargeWeight: numeric("min_charge_weight"),
    cwRoundingRule: text("cw_rounding_rule"),
    billingDateSource: text("billing_date_source"),
    tariffsPublication: boolean("tariffs_publication").notNull().default(false),
    segmentsTypesProhibitedForBooking: textList("segments_types_prohibited_for_booking"),
    forbiddenShcs: textList("forbidden_shcs"),
    manualProcessingCodes: textList("manual_processing_codes"),
    codesForFbl: textList("codes_for_fbl"),
    awbRuleAllowedManualRoutes: textList("awb_rule_allowed_manual_routes"),
    awbRuleMustgoStations: textList("awb_rule_mustgo_stations"),
    awbRuleFblNoticeStations: textList("awb_rule_fbl_notice_stations"),
    /** pax_weight by season and passenger type: { summer: { adult, child, infant }, winter: {...} }. */
    paxWeight: jsonb("pax_weight").$type<Record<string, Record<string, number>>>(),
    /** Use baggage statistics (baggage_stats) instead of pax weights when computing the cargo payload. */
    useBaggageAverages: boolean("use_baggage_averages").notNull().default(false),
    // Overflow limits: how far bookings may exceed the available capacity, absolute (kg, m3) and in percent.
    overflowWeightLimit: doublePrecision("overflow_weight_limit"),
    overflowVolumeLimit: doublePrecision("overflow_volume_limit"),
    overflowWeightPercent: doublePrecision("overflow_weight_percent"),
    overflowVolumePercent: doublePrecision("overflow_volume_percent"),
    /** Everything else from the full settings view (ops-data flags, sales-open, overflow limits, ...). */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // UI settings.
    showSettings: boolean("show_settings").notNull().default(false),
    showLoadfactorData: boolean("show_loadfactor_data").notNull().default(false),
    taxIdRequired: boolean("tax_id_required").notNull().default(false),
    // Settlements rule.
    balancesEnabled: boolean("balances_enabled").notNull().default(false),
    cassLinkReport: boolean("cass_link_report").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("airlines_carrier_key").on(t.carrier), index("airlines_awb_prefix_idx").on(t.awbPrefix)],
);

export type Airline = typeof airlines.$inferSelect;
