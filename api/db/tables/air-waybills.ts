import { sql } from "drizzle-orm";
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { carrierOwned, grossVolume, grossWeight, identity, movementRecord, movementStatus, originDestination, stamps, textList, timestamptz } from "./columns";
import { amount } from "./billing";
import { companies } from "./companies";
import { segments } from "./flights";
import { users } from "./users";

// The air waybill and what hangs off it (issue 10; spec 2 §3 "Air waybill and shipment"): the waybill itself, its
// bookings (one per flight leg) and its movements. The waybill's document blocks (parties, charges, declarations)
// are JSON columns: they are read and written with the waybill, never queried on their own. What the shipments list
// filters and sorts by is a column of its own with an index (api/air-waybills/list.ts, the volume bench).

/** A party block of the waybill (shipper, consignee, notify, issuing agent). */
export interface PartyBlock {
  name?: string | null;
  account_number?: string | null;
  iata_code?: string | null;
  address?: string | null;
  city?: string | null;
  state?: string | null;
  country_code?: string | null;
  post_code?: string | null;
  tax_id?: string | null;
  contacts?: Array<{ type: string; value: string }>;
}

/** One row of dimensions: cm and kg. */
export interface DimensionRow {
  pieces: number;
  weight?: number | null;
  length: number;
  width: number;
  height: number;
}

/** One item of goods (spec 2 "Goods item"). */
export interface GoodsItem {
  description: string;
  hs_code?: string | null;
  marks?: string | null;
  packing?: string | null;
  pieces?: number | null;
  weight?: number | null;
}

/**
 * One other charge: its code (e.g. "AWC"), who it is due to (A agent, C carrier), prepaid or collect. Money in the
 * JSON blocks is decimal text ("1200.25"), never a JSON number (issue 24: a number is a binary float to every reader).
 */
export interface OtherCharge {
  code: string;
  due: "A" | "C";
  payment: "P" | "C";
  amount: string;
}

/** The rating block: one line per rate (spec 2 "Rate line" as the waybill prints it). */
export interface RatingLine {
  pieces: number;
  gross_weight: number;
  rate_class_code: string;
  commodity_item_number?: string | null;
  chargeable_weight: number;
  /** Decimal text, per kg or for the line (class M). */
  rate: string;
  /** Decimal text, as the line bills it (unrounded: the documents round the sum once, api/documents/charges.ts). */
  total: string;
  nature_of_goods?: string | null;
}

/** The waybill's charge totals by name (weight_charge, valuation_charge, tax, ...): decimal text, or null. */
export type AwbTotals = Record<string, string | null>;

/**
 * The two sides of a waybill, on the waybill and on the rows each side's list reads: the airline whose prefix the
 * number carries (upper-case code) and the forwarder that owns the waybill.
 */
export const waybillSides = {
  carrier: text("carrier").notNull(),
  forwarder_id: integer("forwarder_id")
    .notNull()
    .references(() => companies.id),
};

/** The shipper and consignee blocks of a waybill (master or house); {} until filled in. */
export const shipperConsignee = {
  shipper: jsonb("shipper").$type<PartyBlock>().notNull().default(sql`'{}'::jsonb`),
  consignee: jsonb("consignee").$type<PartyBlock>().notNull().default(sql`'{}'::jsonb`),
};

export const airWaybills = pgTable(
  "air_waybills",
  {
    ...identity,
    /** "421-12345675": the number as the waybill carries it. Unique for good: a voided number is never used again. */
    mawb: text("mawb").notNull(),
    prefix: text("prefix").notNull(),
    ...waybillSides,
    created_by: integer("created_by").references(() => users.id),
    /** Where the waybill came from: web (our form), api, fwb (a telegram). */
    air_waybill_source: text("air_waybill_source").notNull().default("web"),
    /** Number typed by the forwarder (c6, su) rather than taken from its stock. */
    custom_number: boolean("custom_number").notNull().default(false),
    bso: boolean("bso").notNull().default(false),
    ...originDestination,
    /** Airports the forwarder names when it gives the route by hand (no flights chosen). */
    manual_route: textList("manual_route"),
    pieces: integer("pieces").notNull(),
    ...grossWeight,
    ...grossVolume,
    density_group: integer("density_group"),
    /** Chargeable weight: computed (cw_auto_calculation) unless the airline set its own (airline_defined_cw). */
    charge_weight: doublePrecision("charge_weight").notNull(),
    charge_weight_source: text("charge_weight_source").notNull().default("auto"),
    airline_defined_cw: doublePrecision("airline_defined_cw"),
    shcs: textList("shcs"),
    commodity: text("commodity").notNull(),
    hs_codes: textList("hs_codes"),
    product_code: text("product_code"),
    postal: boolean("postal").notNull().default(false),
    postal_number: text("postal_number"),
    dimensions: jsonb("dimensions").$type<DimensionRow[]>().notNull().default(sql`'[]'::jsonb`),
    goods_items: jsonb("goods_items").$type<GoodsItem[]>().notNull().default(sql`'[]'::jsonb`),
    ...shipperConsignee,
    notify: jsonb("notify").$type<PartyBlock>(),
    issuing_agent: jsonb("issuing_agent").$type<PartyBlock>(),
    airline_customer_id: integer("airline_customer_id"),
    accounting_information: text("accounting_information"),
    currency: text("currency"),
    chgs_code: text("chgs_code"),
    /** Weight/valuation and other charges: P prepaid or C collect. */
    wt_val: text("wt_val").notNull().default("P"),
    other_charges_payment: text("other_charges_payment").notNull().default("P"),
    declared_value_carriage: text("declared_value_carriage").notNull().default("NVD"),
    declared_value_customs: text("declared_value_customs").notNull().default("NCV"),
    insurance_amount: text("insurance_amount").notNull().default("XXX"),
    handling_information: text("handling_information"),
    sci: text("sci"),
    rating: jsonb("rating").$type<RatingLine[]>().notNull().default(sql`'[]'::jsonb`),
    other_charges: jsonb("other_charges").$type<OtherCharge[]>().notNull().default(sql`'[]'::jsonb`),
    /** Charge totals as the waybill prints them, prepaid and collect: weight_charge, valuation, tax, due_agent, due_carrier, total. */
    totals: jsonb("totals").$type<AwbTotals>().notNull().default(sql`'{}'::jsonb`),
    executed_on: date("executed_on", { mode: "string" }),
    executed_at: text("executed_at"),
    signature: text("signature"),
    customs_declaration: jsonb("customs_declaration").$type<Record<string, unknown>>(),
    security_declaration: jsonb("security_declaration").$type<Record<string, unknown>>(),
    sli: jsonb("sli").$type<Record<string, unknown>>(),
    placi: jsonb("placi").$type<Record<string, unknown>>(),
    notation: text("notation"),
    mrn: text("mrn"),
    /** The consignor certification text was accepted when booking. */
    consignor_certified: boolean("consignor_certified").notNull().default(false),
    // ---- state (spec 2 §4 "Air waybill actions", "Shipment flags") ----
    issued_at: timestamptz("issued_at"),
    issue_date: date("issue_date", { mode: "string" }),
    verified_at: timestamptz("verified_at"),
    voided_at: timestamptz("voided_at"),
    void_reason: text("void_reason"),
    /** required | not_required, set by the airline when it voids. */
    void_payment: text("void_payment"),
    delivered_at: timestamptz("delivered_at"),
    departed_at: timestamptz("departed_at"),
    billing_date: date("billing_date", { mode: "string" }),
    tariff_date: date("tariff_date", { mode: "string" }),
    charter: boolean("charter").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    // ---- kept from the bookings, so that the list filters on a column (api/air-waybills/booking-summary.ts) ----
    /** none | requested (some NN or LL) | confirmed (every active booking KK) | unable (UU) | cancelled (every booking cancelled). */
    booking_status: text("booking_status").notNull().default("none"),
    /** STD of the first active booking's flight: the list's "departure" date. */
    departure_at: timestamptz("departure_at"),
    /** Warning codes (api/air-waybills/warnings.ts); the list's warning tab is those with any. */
    warnings: textList("warnings"),
    /** Estimated revenue the booking priced, and the airline's billed amount: decimal text in the waybill's currency. */
    provisional_amount: amount("provisional_amount"),
    final_amount: amount("final_amount"),
    ...stamps,
  },
  (t) => {
    // The shipments list (api/air-waybills/list-query.ts; api/README.md "Shipments list"), measured on 1 000 000
    // waybills (tests/bench/awb-list.ts). Three kinds of caller scope the rows: an airline (carrier), a forwarder
    // (forwarder_id), platform (none). For each scope:
    // - one index in the list's default order (created_at, id) whose trailing key columns are every state a tab or
    //   flag filter tests: the page walks it newest first, and the capped count is an index-only scan that never
    //   reads the table;
    // - one per date type (departure, issued, departed, tariff date): a date filter walks its range in date order;
    // - one per other sortable value (weight, charge_weight, mawb, origin, destination): a page of the whole scope
    //   in that order is the index's first rows, not a sort of up to 680 000 (p95 160-940 ms without; the
    //   platform's mawb order walks air_waybills_mawb_key). About 20-40 MB each per million waybills.
    // Predicates few rows meet (the rare tabs and switches) have a partial index each, shared by all scopes (the
    // scope columns trail its key), so that their count reads only the rows that qualify; the sortable values trail
    // too, so that a rare tab sorted by one is sorted from the index alone (the page's ids first: list.ts awbRows),
    // however deep the page, instead of reading each of its rows (the voided tab's page 400 by weight: 126 ms -> 9 ms).
    const sortValues = ["weight", "charge_weight", "mawb", "origin_iata", "destination_iata"] as const;
    const states = [t.voided_at, t.issued_at, t.departed_at, t.delivered_at, t.verified_at, t.billing_date, t.booking_status, t.charter, t.warnings, t.void_payment, t.origin_iata, t.destination_iata] as const;
    const rare = (name: string, where: ReturnType<typeof sql>, ...more: Array<typeof t.void_payment>) =>
      index(`air_waybills_${name}_idx`)
        .on(t.created_at, t.id, t.carrier, t.forwarder_id, ...more, ...sortValues.map((key) => t[key]))
        .where(where);
    return [
      uniqueIndex("air_waybills_mawb_key").on(t.mawb),
      index("air_waybills_carrier_list_idx").on(t.carrier, t.created_at, t.id, ...states, t.forwarder_id),
      index("air_waybills_forwarder_list_idx").on(t.forwarder_id, t.created_at, t.id, ...states, t.carrier),
      index("air_waybills_all_list_idx").on(t.created_at, t.id, ...states, t.carrier, t.forwarder_id),
      ...(["departure_at", "issued_at", "departed_at", "tariff_date"] as const).flatMap((date) => [
        index(`air_waybills_carrier_${date}_idx`).on(t.carrier, t[date], t.id),
        index(`air_waybills_forwarder_${date}_idx`).on(t.forwarder_id, t[date], t.id),
        index(`air_waybills_${date}_idx`).on(t[date], t.id),
      ]),
      ...sortValues.flatMap((key) => [
        index(`air_waybills_carrier_${key}_idx`).on(t.carrier, t[key], t.id),
        index(`air_waybills_forwarder_${key}_idx`).on(t.forwarder_id, t[key], t.id),
        ...(key === "mawb" ? [] : [index(`air_waybills_${key}_idx`).on(t[key], t.id)]),
      ]),
      // a forwarder on an airline's site (forwarder_id and carrier) by a value that follows the airline: its number
      // prefix, its routes. Walking the forwarder's own index would skip every other airline's rows first
      ...(["mawb", "origin_iata", "destination_iata"] as const).map((key) => index(`air_waybills_forwarder_carrier_${key}_idx`).on(t.forwarder_id, t.carrier, t[key], t.id)),
      // the same predicates as list-query.ts's TABS, BOOKED and FLAGS, word for word (a partial index serves a query
      // only when PostgreSQL can prove the query's WHERE implies the index's)
      rare("tab_booking", sql`(${t.voided_at} is null and ${t.issued_at} is null and ${t.departed_at} is null)`),
      rare("tab_tracking", sql`(${t.voided_at} is null and ${t.delivered_at} is null and (${t.departed_at} is not null or ${t.booking_status} in ('requested', 'confirmed')))`),
      // (not cardinality(warnings) > 0: the planner has no figure for that and guessed a third of the rows)
      rare("warning", sql`${t.warnings} <> '{}'`),
      rare("voided", sql`${t.voided_at} is not null`, t.void_payment),
      rare("requested", sql`${t.booking_status} = 'requested'`),
      rare("cancelled", sql`${t.booking_status} = 'cancelled'`),
      rare("not_booked", sql`${t.booking_status} in ('none', 'unable')`),
      rare("charter", sql`${t.charter}`),
      // a number's prefix and serial: the number search (mawb is unique, a prefix search uses text_pattern_ops)
      index("air_waybills_mawb_pattern_idx").using("btree", sql`${t.mawb} text_pattern_ops`),
    ];
  },
);

/** The waybill a row belongs to (the row goes with it) and the waybill's number, which its answers carry. */
export const waybillLink = {
  air_waybill_id: integer("air_waybill_id")
    .notNull()
    .references(() => airWaybills.id, { onDelete: "cascade" }),
  mawb: text("mawb").notNull(),
};

/**
 * A booking of (part of) a waybill on one flight leg. Response status (Cargo-IMP): KK confirmed, NN requested (for the
 * airline to answer), LL waitlisted, UU unable, XX cancelled. An active booking holds a place; a cancelled one stays
 * for the history.
 */
export const bookings = pgTable(
  "bookings",
  {
    ...identity,
    ...waybillLink,
    ...waybillSides,
    segment_id: integer("segment_id")
      .notNull()
      .references(() => segments.id),
    number_with_date: text("number_with_date").notNull(),
    ...originDestination,
    std: timestamptz("std").notNull(),
    /** T: the whole waybill; P: a part of it. */
    parts_code: text("parts_code").notNull().default("T"),
    pieces: integer("pieces").notNull(),
    ...grossWeight,
    ...grossVolume,
    density_group: integer("density_group"),
    shcs: textList("shcs"),
    request_status: text("request_status").notNull().default("NN"),
    response_status: text("response_status").notNull(),
    response_reason: text("response_reason"),
    source: text("source").notNull().default("web"),
    /** The weight and volume this booking takes from the forwarder's allotment (the rest is free space). */
    allotment_id: integer("allotment_id"),
    allotment_weight: doublePrecision("allotment_weight").notNull().default(0),
    allotment_volume: doublePrecision("allotment_volume").notNull().default(0),
    /** Confirmed space counted on the segment (booked_weight/volume) by this booking. */
    counted_weight: doublePrecision("counted_weight").notNull().default(0),
    counted_volume: doublePrecision("counted_volume").notNull().default(0),
    active: boolean("active").notNull().default(true),
    /** Priority kept while true; PATCH bookings/touch drops it. */
    priority: boolean("priority").notNull().default(true),
    /** PLACI (pre-loading advance cargo information) of the booked shipment: customs' status of it and its comment ("sent" until customs answers). */
    placi_status: text("placi_status"),
    placi_comment: text("placi_comment"),
    created_by: integer("created_by").references(() => users.id),
    canceled_at: timestamptz("canceled_at"),
    ...stamps,
  },
  (t) => [
    // one active booking of a waybill per flight leg: the second is 422 "has already been taken"
    uniqueIndex("bookings_awb_segment_active_key").on(t.air_waybill_id, t.segment_id).where(sql`${t.active}`),
    index("bookings_awb_idx").on(t.air_waybill_id, t.std),
    index("bookings_segment_idx").on(t.segment_id, t.active),
    index("bookings_carrier_status_idx").on(t.carrier, t.response_status, t.std),
    index("bookings_forwarder_idx").on(t.forwarder_id, t.std),
  ],
);

/** A status of the shipment at a station (Cargo-IMP FSU codes: BKD, RCS, MAN, DEP, ARR, RCF, NFD, DLV, DIS); written by api/handling/movements.ts. */
export const awbMovements = pgTable(
  "awb_movements",
  {
    ...identity,
    ...waybillLink,
    ...movementStatus,
    parts_code: text("parts_code").notNull().default("T"),
    pieces: integer("pieces").notNull(),
    ...grossWeight,
    volume: doublePrecision("volume"),
    volume_code: text("volume_code").notNull().default("MC"),
    shcs: textList("shcs"),
    discrepancy_code: text("discrepancy_code"),
    uld: text("uld"),
    ...movementRecord,
  },
  // the flight page's handling tabs read a segment's movements by status (api/handling)
  (t) => [index("awb_movements_awb_idx").on(t.air_waybill_id, t.time_utc), index("awb_movements_segment_idx").on(t.segment_id, t.status_code)],
);

/**
 * The accounting information presets (spec 2 §9): 22 client presets, return to origin and seven templates, kept
 * per airline (the airline edits them); a new airline starts with the platform's defaults.
 */
export const accountingPresets = pgTable(
  "accounting_presets",
  {
    ...carrierOwned,
    /** client | return_to_origin | template */
    kind: text("kind").notNull(),
    code: text("code").notNull(),
    name: text("name").notNull(),
    text: text("text").notNull(),
    position: integer("position").notNull().default(0),
    ...stamps,
  },
  (t) => [uniqueIndex("accounting_presets_carrier_code_key").on(t.carrier, t.code)],
);
