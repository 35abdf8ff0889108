import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, jsonb, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, stamps, textList } from "./columns";

/**
 * An airline (tenant) and its settings (spec 2 "Airline settings"). Named settings are columns so later
 * features can query them; the long tail the spec calls "and more" lives in `settings`.
 */
export const airlines = pgTable(
  "airlines",
  {
    ...identity,
    /** Two-character airline code, upper case ("S7"); tenants send it lower case. */
    carrier: text("carrier").notNull(),
    awb_prefix: text("awb_prefix").notNull(),
    name: text("name").notNull(),
    interline_accepted_prefixes: textList("interline_accepted_prefixes"),
    icao_code: text("icao_code"),
    cyrillic_code: text("cyrillic_code"),
    country_code: text("country_code"),
    address: text("address"),
    aci_controlled: boolean("aci_controlled").notNull().default(false),
    schedule_interline: boolean("schedule_interline").notNull().default(false),
    auto_billing: boolean("auto_billing").notNull().default(false),
    auto_awb_verification: boolean("auto_awb_verification").notNull().default(false),
    cw_auto_calculation: boolean("cw_auto_calculation").notNull().default(true),
    chargeable_ratio: numeric("chargeable_ratio").notNull().default("6000"),
    min_charge_weight: numeric("min_charge_weight"),
    cw_rounding_rule: text("cw_rounding_rule"),
    billing_date_source: text("billing_date_source"),
    tariffs_publication: boolean("tariffs_publication").notNull().default(false),
    segments_types_prohibited_for_booking: textList("segments_types_prohibited_for_booking"),
    forbidden_shcs: textList("forbidden_shcs"),
    manual_processing_codes: textList("manual_processing_codes"),
    codes_for_fbl: textList("codes_for_fbl"),
    awb_rule_allowed_manual_routes: textList("awb_rule_allowed_manual_routes"),
    awb_rule_mustgo_stations: textList("awb_rule_mustgo_stations"),
    awb_rule_fbl_notice_stations: textList("awb_rule_fbl_notice_stations"),
    /** pax_weight by season and passenger type: { summer: { adult, child, infant }, winter: {...} }. */
    pax_weight: jsonb("pax_weight").$type<Record<string, Record<string, number>>>(),
    /** Use baggage statistics (baggage_stats) instead of pax weights when computing the cargo payload. */
    use_baggage_averages: boolean("use_baggage_averages").notNull().default(false),
    // Overflow limits: how far bookings may exceed the available capacity, absolute (kg, m3) and in percent.
    overflow_weight_limit: doublePrecision("overflow_weight_limit"),
    overflow_volume_limit: doublePrecision("overflow_volume_limit"),
    overflow_weight_percent: doublePrecision("overflow_weight_percent"),
    overflow_volume_percent: doublePrecision("overflow_volume_percent"),
    /** Everything else from the full settings view (ops-data flags, sales-open, overflow limits, ...). */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    // UI settings.
    show_settings: boolean("show_settings").notNull().default(false),
    show_loadfactor_data: boolean("show_loadfactor_data").notNull().default(false),
    tax_id_required: boolean("tax_id_required").notNull().default(false),
    // Settlements rule.
    balances_enabled: boolean("balances_enabled").notNull().default(false),
    cass_link_report: boolean("cass_link_report").notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex("airlines_carrier_key").on(t.carrier), index("airlines_awb_prefix_idx").on(t.awb_prefix)],
);

export type Airline = typeof airlines.$inferSelect;
