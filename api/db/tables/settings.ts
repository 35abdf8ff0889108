import { sql } from "drizzle-orm";
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { carrierOwned, identity, originDestination, postalAddress, stamps, textList } from "./columns";
import { companies } from "./companies";

// Settings resources (spec 2 §3). Property names are the column names (columns.ts). `carrier` is always the
// upper-case airline code that owns the row; every query filters by it (api/settings/access.ts).

/** An airline's ground handling at a station (spec 2 "Handler"); times in minutes. */
export const handlers = pgTable(
  "handlers",
  {
    ...carrierOwned,
    location: text("location").notNull(),
    latest_acceptance_time: integer("latest_acceptance_time"),
    max_connection_time: integer("max_connection_time"),
    min_connection_time_domestic: integer("min_connection_time_domestic"),
    min_connection_time_intl: integer("min_connection_time_intl"),
    cargo_accepted: boolean("cargo_accepted").notNull().default(true),
    transfer: boolean("transfer").notNull().default(false),
    note: text("note"),
    manual_ffm: boolean("manual_ffm").notNull().default(false),
    ...stamps,
  },
  (t) => [uniqueIndex("handlers_carrier_location_key").on(t.carrier, t.location)],
);

/** A contract between an airline (supplier) and a forwarder (client) (spec 2 "Agreement"). */
export const agreements = pgTable(
  "agreements",
  {
    ...identity,
    supplier_id: integer("supplier_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    client_id: integer("client_id")
      .notNull()
      .references(() => companies.id, { onDelete: "restrict" }),
    account_number: text("account_number").notNull(),
    contract_number: text("contract_number").notNull(),
    currency: text("currency").notNull(),
    effective_from: date("effective_from", { mode: "string" }).notNull(),
    effective_to: date("effective_to", { mode: "string" }),
    sales_origins: textList("sales_origins"),
    show_tariffs: boolean("show_tariffs").notNull().default(false),
    beneficiary: text("beneficiary"),
    balance_check_disabled: boolean("balance_check_disabled").notNull().default(false),
    additional_prefixes: textList("additional_prefixes"),
    show_airline_customers: boolean("show_airline_customers").notNull().default(false),
    active: boolean("active").notNull().default(true),
    allowed_manual_routes: textList("allowed_manual_routes"),
    smart_contract: boolean("smart_contract").notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex("agreements_supplier_client_contract_key").on(t.supplier_id, t.client_id, t.contract_number),
    index("agreements_client_idx").on(t.client_id),
  ],
);

/** An airline's own customer (spec 2 "Airline customer"). */
export const airlineCustomers = pgTable(
  "airline_customers",
  {
    ...carrierOwned,
    name: text("name").notNull(),
    srn: text("srn"),
    ...postalAddress,
    tax_id: text("tax_id"),
    phone_number: text("phone_number"),
    email: text("email"),
    active: boolean("active").notNull().default(true),
    ...stamps,
  },
  (t) => [
    uniqueIndex("airline_customers_carrier_name_key").on(t.carrier, sql`lower(${t.name})`),
    uniqueIndex("airline_customers_carrier_tax_id_key").on(t.carrier, t.tax_id).where(sql`${t.tax_id} is not null`),
  ],
);

/** A forwarder's customer, a "party" (spec 2 "Forwarder customer"). */
export const forwarderCustomers = pgTable(
  "forwarder_customers",
  {
    ...identity,
    company_id: integer("company_id")
      .notNull()
      .references(() => companies.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    ...postalAddress,
    state: text("state"),
    tax_id: text("tax_id"),
    contacts: jsonb("contacts")
      .$type<Array<{ name?: string | null; phone?: string | null; email?: string | null }>>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    ...stamps,
  },
  (t) => [index("forwarder_customers_company_idx").on(t.company_id)],
);

/** A route the airline sells (to one forwarder, or to all when company_short_name is null). */
export const permittedRoutes = pgTable(
  "permitted_routes",
  {
    ...carrierOwned,
    ...originDestination,
    transfer_iata_codes: textList("transfer_iata_codes"),
    company_short_name: text("company_short_name"),
    contracted: boolean("contracted").notNull().default(false),
    direct: boolean("direct").notNull().default(true),
    ...stamps,
  },
  (t) => [index("permitted_routes_carrier_od_idx").on(t.carrier, t.origin_iata, t.destination_iata)],
);

/** Baggage statistics per O&D and period (spec 2 "Statistics"); weights in kg. */
export const baggageStats = pgTable(
  "baggage_stats",
  {
    ...carrierOwned,
    ...originDestination,
    period_start: date("period_start", { mode: "string" }).notNull(),
    period_end: date("period_end", { mode: "string" }).notNull(),
    total_baggage_weight: doublePrecision("total_baggage_weight").notNull().default(0),
    total_baggage_pcs: integer("total_baggage_pcs").notNull().default(0),
    total_pax: integer("total_pax").notNull().default(0),
    average_baggage_weight: doublePrecision("average_baggage_weight"),
    manual_average_baggage_weight: doublePrecision("manual_average_baggage_weight"),
    segments_count: integer("segments_count").notNull().default(0),
    applicable_stat_weight: doublePrecision("applicable_stat_weight"),
    external_source: boolean("external_source").notNull().default(false),
    ...stamps,
  },
  (t) => [index("baggage_stats_carrier_od_idx").on(t.carrier, t.origin_iata, t.destination_iata)],
);

/** A figure an airline keeps per aircraft type and O&D (the airports' IATA codes). */
const aircraftTypeRoute = {
  ...carrierOwned,
  aircraft_type: text("aircraft_type").notNull(),
  origin: text("origin").notNull(),
  destination: text("destination").notNull(),
};

/** Average passengers per O&D and aircraft type. */
export const paxOdAverages = pgTable(
  "pax_od_averages",
  {
    ...aircraftTypeRoute,
    quantity: doublePrecision("quantity").notNull(),
    ...stamps,
  },
  (t) => [index("pax_od_averages_carrier_od_idx").on(t.carrier, t.origin, t.destination)],
);

/** Cargo payload (kg) per segment, aircraft type and season. */
export const segmentPayloads = pgTable(
  "segment_payloads",
  {
    ...aircraftTypeRoute,
    reg_numbers: textList("reg_numbers"),
    payload: doublePrecision("payload").notNull(),
    /** summer or winter */
    season: text("season").notNull(),
    ...stamps,
  },
  (t) => [index("segment_payloads_carrier_od_idx").on(t.carrier, t.origin, t.destination)],
);
