import { sql } from "drizzle-orm";
import { check, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { amount } from "./billing";
import { identity, originDestination, stamps, textList, timestamptz } from "./columns";
import { companies } from "./companies";
import { users } from "./users";

// Offers (issue 24; spec 2 §3 "Offer", "Offer rate", "Offer dimension"; §4 its statuses): a forwarder's quotation to
// its customer. The offer's customer block and chosen flights are JSON columns, read and written with the offer only
// (as air_waybills keeps its parties); rates and dimensions are rows of their own, each with its id, because the API
// adds and removes them one by one (offers/{id}/rates, /dimensions). Money is numeric(21, 6): 15 integer digits and
// 6 decimals (billing.ts amount), what cargo/money's parseAmount admits, so every accepted amount is stored exactly.

/** The offer's customer as the forwarder quotes it (spec 2: name, address, city, country, postCode, taxId, contacts). */
export interface OfferCustomer {
  name?: string | null;
  address?: string | null;
  city?: string | null;
  country_code?: string | null;
  post_code?: string | null;
  tax_id?: string | null;
  contacts?: Array<{ type: string; value: string }>;
}

/** One leg of the trip the offer quotes: the segment and its flight as they were when chosen. */
export interface OfferSegment {
  segment_id: number;
  number_with_date: string;
  origin_iata: string;
  destination_iata: string;
  /** The departure, ISO UTC. */
  std: string;
}

export const OFFER_STATUS_VALUES = ["created", "sent", "accepted", "closed"] as const;

export const offers = pgTable(
  "offers",
  {
    ...identity,
    /** "OF-000123": the forwarder's own sequence (offer_numbers), unique per forwarder. */
    number: text("number").notNull(),
    forwarder_id: integer("forwarder_id")
      .notNull()
      .references(() => companies.id),
    status: text("status").$type<(typeof OFFER_STATUS_VALUES)[number]>().notNull().default("created"),
    /** The airline quoted (upper-case code); null until the forwarder picks one. */
    carrier: text("carrier"),
    /** The forwarder's customer (forwarder_customers), when quoted for one of its saved customers. */
    customer_id: integer("customer_id"),
    customer_name: text("customer_name"),
    customer: jsonb("customer").$type<OfferCustomer>().notNull().default(sql`'{}'::jsonb`),
    ...originDestination,
    /** The departure date asked for (spec 2 "departure date (date_toa)"). */
    date_toa: date("date_toa", { mode: "string" }),
    pieces: integer("pieces").notNull(),
    weight: doublePrecision("weight").notNull(),
    volume: doublePrecision("volume").notNull().default(0),
    shcs: textList("shcs"),
    commodity: text("commodity"),
    /** The last day the price stands (an offer is not sent or accepted after it). */
    valid_until: date("valid_until", { mode: "string" }),
    comment: text("comment"),
    pickup_address: text("pickup_address"),
    pickup_city: text("pickup_city"),
    pickup_post_code: text("pickup_post_code"),
    delivery_address: text("delivery_address"),
    delivery_city: text("delivery_city"),
    delivery_post_code: text("delivery_post_code"),
    /** The chosen trip, legs in order: what "book" fills in on the create page. */
    segments: jsonb("segments").$type<OfferSegment[]>().notNull().default(sql`'[]'::jsonb`),
    /** Waybills created from the offer (mawb numbers, oldest first). */
    air_waybills: textList("air_waybills"),
    created_by: integer("created_by").references(() => users.id),
    sent_at: timestamptz("sent_at"),
    accepted_at: timestamptz("accepted_at"),
    closed_at: timestamptz("closed_at"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("offers_forwarder_number_key").on(t.forwarder_id, t.number),
    // the list: a forwarder's offers, newest first, by status tab or all
    index("offers_forwarder_status_idx").on(t.forwarder_id, t.status, t.created_at, t.id),
    index("offers_forwarder_created_idx").on(t.forwarder_id, t.created_at, t.id),
    check("offers_status", sql`${t.status} in ('created', 'sent', 'accepted', 'closed')`),
  ],
);

/** The last offer number each forwarder was given: one row per forwarder, counted up in the offer's transaction. */
export const offerNumbers = pgTable(
  "offer_numbers",
  {
    forwarder_id: integer("forwarder_id")
      .notNull()
      .references(() => companies.id),
    last_number: integer("last_number").notNull(),
  },
  (t) => [primaryKey({ columns: [t.forwarder_id] })],
);

export const offerRates = pgTable(
  "offer_rates",
  {
    ...identity,
    offer_id: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    /** airfreight | charge */
    type: text("type").notNull(),
    /** The charge code (e.g. "AWC", "PUP"); the product or "FRT" for airfreight. */
    code: text("code").notNull(),
    rate_class_code: text("rate_class_code"),
    description: text("description"),
    rate: amount("rate").notNull(),
    /** The rate's quantity (kg; 1 for one amount). */
    base_value: amount("base_value").notNull(),
    /** rate × base_value, rounded to the currency. */
    amount: amount("amount").notNull(),
    incoming_amount: amount("incoming_amount").notNull(),
    outgoing_amount: amount("outgoing_amount").notNull(),
    currency: text("currency").notNull(),
    /** weight | charge | fixed_value */
    basis: text("basis").notNull(),
    vat_percent: amount("vat_percent"),
    /** agent | carrier: whose charge it is. */
    company: text("company").notNull().default("carrier"),
    /** Who entered it (the user's e-mail, as the change logs name people). */
    added_by: text("added_by"),
    ...stamps,
  },
  (t) => [
    index("offer_rates_offer_idx").on(t.offer_id, t.id),
    check("offer_rates_type", sql`${t.type} in ('airfreight', 'charge')`),
    check("offer_rates_basis", sql`${t.basis} in ('weight', 'charge', 'fixed_value')`),
    check("offer_rates_company", sql`${t.company} in ('agent', 'carrier')`),
    check("offer_rates_class", sql`${t.rate_class_code} is null or ${t.rate_class_code} in ('M', 'N', 'Q')`),
  ],
);

export const offerDimensions = pgTable(
  "offer_dimensions",
  {
    ...identity,
    offer_id: integer("offer_id")
      .notNull()
      .references(() => offers.id, { onDelete: "cascade" }),
    pieces: integer("pieces").notNull(),
    /** kg, of the row's pieces together; null when not weighed apart. */
    weight: doublePrecision("weight"),
    /** cm, one piece's sides. */
    length: doublePrecision("length").notNull(),
    width: doublePrecision("width").notNull(),
    height: doublePrecision("height").notNull(),
    /** m3 of the row's pieces together, from the sides. */
    volume: doublePrecision("volume").notNull(),
    ...stamps,
  },
  (t) => [index("offer_dimensions_offer_idx").on(t.offer_id, t.id)],
);
