import { sql } from "drizzle-orm";
import { boolean, doublePrecision, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, stamps, textList } from "./columns";
import { businessTypeEnum } from "./enums";

/** A company: the airline, forwarder, handler, visitor or platform that user profiles belong to (spec 2 "Company"). */
export const companies = pgTable(
  "companies",
  {
    ...identity,
    business_type: businessTypeEnum("business_type").notNull(),
    name: text("name").notNull(),
    short_name: text("short_name").notNull(),
    local_name: text("local_name"),
    operations_type: text("operations_type"),
    address: text("address"),
    city: text("city"),
    local_city: text("local_city"),
    local_address: text("local_address"),
    country: text("country"),
    tax_number: text("tax_number"),
    post_code: text("post_code"),
    default_airport: text("default_airport"),
    forwarder_iata_code: text("forwarder_iata_code"),
    cass_codes: textList("cass_codes"),
    pima: text("pima"),
    pima_location: text("pima_location"),
    eori: text("eori"),
    account_number: text("account_number"),
    // Detailed view.
    access_to_all_carriers: boolean("access_to_all_carriers").notNull().default(false),
    cimp_code: text("cimp_code"),
    cimp_email: text("cimp_email"),
    cimp_sita: text("cimp_sita"),
    contacts: jsonb("contacts").$type<Array<Record<string, unknown>>>().notNull().default(sql`'[]'::jsonb`),
    customs_operational_hours: text("customs_operational_hours"),
    terminal_operational_hours: text("terminal_operational_hours"),
    dg_storage: boolean("dg_storage").notNull().default(false),
    dme_sli_token: text("dme_sli_token"),
    email: text("email"),
    interline_booking: boolean("interline_booking").notNull().default(false),
    intl_cargo_accepted: boolean("intl_cargo_accepted").notNull().default(false),
    invisible: boolean("invisible").notNull().default(false),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    location_iata: text("location_iata"),
    maildomain: text("maildomain"),
    notes: text("notes"),
    permitted_carriers: textList("permitted_carriers"),
    permitted_segments_origins: textList("permitted_segments_origins"),
    phone: text("phone"),
    service_shcs: textList("service_shcs"),
    shcs_accepted: textList("shcs_accepted"),
    web_link: text("web_link"),
    /** The airline code (upper case, e.g. "S7") when business_type is airline. */
    carrier: text("carrier"),
    // Not in the spec's company view but carried by the current profile and UI settings.
    bi_dashboard_id: text("bi_dashboard_id"),
    has_access_to_new_air_waybills_page: boolean("has_access_to_new_air_waybills_page").notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex("companies_short_name_key").on(t.short_name),
    index("companies_carrier_idx").on(t.carrier),
    index("companies_business_type_idx").on(t.business_type),
  ],
);

export type Company = typeof companies.$inferSelect;
