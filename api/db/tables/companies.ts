import { sql } from "drizzle-orm";
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { businessTypeEnum } from "./enums";

const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** A company: the airline, forwarder, handler, visitor or platform that user profiles belong to (spec 2 "Company"). */
export const companies = pgTable(
  "companies",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    businessType: businessTypeEnum("business_type").notNull(),
    name: text("name").notNull(),
    shortName: text("short_name").notNull(),
    localName: text("local_name"),
    operationsType: text("operations_type"),
    address: text("address"),
    city: text("city"),
    localCity: text("local_city"),
    localAddress: text("local_address"),
    country: text("country"),
    taxNumber: text("tax_number"),
    postCode: text("post_code"),
    defaultAirport: text("default_airport"),
    forwarderIataCode: text("forwarder_iata_code"),
    cassCodes: textList("cass_codes"),
    pima: text("pima"),
    pimaLocation: text("pima_location"),
    eori: text("eori"),
    accountNumber: text("account_number"),
    // Detailed view.
    accessToAllCarriers: boolean("access_to_all_carriers").notNull().default(false),
    cimpCode: text("cimp_code"),
    cimpEmail: text("cimp_email"),
    cimpSita: text("cimp_sita"),
    contacts: jsonb("contacts").$type<Array<Record<string, unknown>>>().notNull().default(sql`'[]'::jsonb`),
    customsOperationalHours: text("customs_operational_hours"),
    terminalOperationalHours: text("terminal_operational_hours"),
    dgStorage: boolean("dg_storage").notNull().default(false),
    dmeSliToken: text("dme_sli_token"),
    email: text("email"),
    interlineBooking: boolean("interline_booking").notNull().default(false),
    intlCargoAccepted: boolean("intl_cargo_accepted").notNull().default(false),
    invisible: boolean("invisible").notNull().default(false),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    locationIata: text("location_iata"),
    maildomain: text("maildomain"),
    notes: text("notes"),
    permittedCarriers: textList("permitted_carriers"),
    permittedSegmentsOrigins: textList("permitted_segments_origins"),
    phone: text("phone"),
    serviceShcs: textList("service_shcs"),
    shcsAccepted: textList("shcs_accepted"),
    webLink: text("web_link"),
    /** The airline code (upper case, e.g. "S7") when business_type is airline. */
    carrier: text("carrier"),
    // Not in the spec's company view but carried by the current profile and UI settings.
    biDashboardId: text("bi_dashboard_id"),
    hasAccessToNewAirWaybillsPage: boolean("has_access_to_new_air_waybills_page").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("companies_short_name_key").on(t.shortName),
    index("companies_carrier_idx").on(t.carrier),
    index("companies_business_type_idx").on(t.businessType),
  ],
);

export type Company = typeof companies.$inferSelect;
