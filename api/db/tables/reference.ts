import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { carrierOwned, identity, stamps, textList, timestamptz } from "./columns";
import { companies } from "./companies";

// Reference data (spec 2 "Reference data"). Property names are the column names, as in every table (columns.ts).

/** The world's commercial airports with a 3-letter IATA code (api/reference/airports.ts builds the rows). */
export const airports = pgTable(
  "airports",
  {
    iata: text("iata").primaryKey(),
    icao: text("icao"),
    /** Short name ("Sheremetyevo"); full_name keeps the source's name ("Sheremetyevo International Airport"). */
    name: text("name").notNull(),
    full_name: text("full_name").notNull(),
    cyrillic_name: text("cyrillic_name"),
    /** Metropolitan area code (MOW for SVO/DME/VKO/ZIA), else the airport's own code. */
    city_code: text("city_code").notNull(),
    city_name: text("city_name"),
    cyrillic_city_name: text("cyrillic_city_name"),
    /** ISO 3166 alpha-2; null where the source's country is not a country (e.g. "Netherlands Antilles"). */
    country_code: text("country_code"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    /** IANA time zone, checked with Intl at load. */
    timezone: text("timezone").notNull(),
  },
  (t) => [
    index("airports_icao_idx").on(t.icao),
    index("airports_city_code_idx").on(t.city_code),
    index("airports_country_code_idx").on(t.country_code),
    index("airports_lower_name_idx").on(sql`lower(${t.name})`),
    index("airports_lower_city_name_idx").on(sql`lower(${t.city_name})`),
  ],
);

export const countries = pgTable(
  "countries",
  {
    alpha_2: text("alpha_2").primaryKey(),
    alpha_3: text("alpha_3").notNull(),
    numeric: text("numeric").notNull(),
    name: text("name").notNull(),
    cyrillic_name: text("cyrillic_name"),
    full_name: text("full_name").notNull(),
    /** EAEU, EU or null (api/reference/data/customs-regions.json). */
    customs_region: text("customs_region"),
    ...stamps,
  },
  (t) => [uniqueIndex("countries_alpha_3_key").on(t.alpha_3), index("countries_customs_region_idx").on(t.customs_region)],
);

export const currencies = pgTable("currencies", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  number: text("number").notNull(),
  digits: integer("digits").notNull(),
});

export const aircraftTypes = pgTable("aircraft_types", {
  iata: text("iata").primaryKey(),
  icao: text("icao"),
  description: text("description").notNull(),
  /** passenger, freighter or combi */
  kind: text("kind").notNull().default("passenger"),
});

export const specialHandlingCodes = pgTable(
  "special_handling_codes",
  {
    code: text("code").primaryKey(),
    description: text("description").notNull(),
    description_cyrillic: text("description_cyrillic"),
    group: text("group").notNull(),
    category: text("category"),
    hazard_classes: textList("hazard_classes"),
    /** Codes that must not travel in the same shipment or be stowed together (symmetric). */
    incompatible_codes: textList("incompatible_codes"),
    created_at: timestamptz("created_at").notNull().defaultNow(),
    created_by: text("created_by"),
    modified_at: timestamptz("modified_at").notNull().defaultNow(),
    modified_by: text("modified_by"),
  },
  (t) => [index("special_handling_codes_group_idx").on(t.group)],
);

export const chargeCodes = pgTable("charge_codes", {
  code: text("code").primaryKey(),
  description: text("description").notNull(),
});

/** A carrier's product codes (spec 2 "Product code"). */
export const productCodes = pgTable(
  "product_codes",
  {
    ...carrierOwned,
    code: text("code").notNull(),
    priority: integer("priority").notNull().default(0),
    description: text("description"),
    group: text("group"),
    shcs: textList("shcs"),
    ...stamps,
  },
  (t) => [uniqueIndex("product_codes_carrier_code_key").on(t.carrier, t.code)],
);

/** Companies a forwarder (or the platform) keeps as shippers/consignees of note (spec 2 "Notable company"). */
export const notableCompanies = pgTable(
  "notable_companies",
  {
    ...identity,
    owner_company_id: integer("owner_company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    account: text("account"),
    name: text("name").notNull(),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    country_code: text("country_code"),
    post_code: text("post_code"),
    tax_id: text("tax_id"),
    contact_identifier: text("contact_identifier"),
    contact_numbers: jsonb("contact_numbers")
      .$type<Array<{ identifier: string; number: string }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...stamps,
  },
  (t) => [index("notable_companies_owner_idx").on(t.owner_company_id)],
);
