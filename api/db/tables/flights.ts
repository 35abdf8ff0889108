import { sql } from "drizzle-orm";
import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { carrierOwned, identity, originDestination, stamps, textList, timestamptz } from "./columns";

// Flights and everything hanging off them (issue 4; spec 2 §3 "Flight / segment", "Allotment", "Booking rule",
// "Aircraft capacity"). Property names are the column names (columns.ts). Times are UTC timestamptz; the
// local times of an answer are computed from the airports' IANA zones, copied onto the segment at write time.

/**
 * A dated leg of a flight. The flight itself (carrier, number, flight_type, aircraft, code shares) is carried
 * on each of its segments: a flight is the set of segments sharing (carrier, number_with_date).
 */
export const segments = pgTable(
  "segments",
  {
    ...carrierOwned,
    /** Written form "S71234" (cargo/flights/flight-number.ts formatFlightNumber). */
    number: text("number").notNull(),
    /** Local departure date at the flight's first origin. */
    flight_date: date("flight_date", { mode: "string" }).notNull(),
    /** "S71234/22NOV26". */
    number_with_date: text("number_with_date").notNull(),
    /** 1 for the first leg of the flight, 2 for the next... */
    segment_number: integer("segment_number").notNull().default(1),
    flight_type: text("flight_type").notNull().default("J"),
    segment_type: text("segment_type"),
    code_shared: textList("code_shared"),
    aircraft_type: text("aircraft_type"),
    aircraft_reg: text("aircraft_reg"),
    ...originDestination,
    origin_country_code: text("origin_country_code"),
    destination_country_code: text("destination_country_code"),
    origin_time_zone: text("origin_time_zone").notNull(),
    destination_time_zone: text("destination_time_zone").notNull(),
    std: timestamptz("std").notNull(),
    sta: timestamptz("sta").notNull(),
    etd: timestamptz("etd"),
    eta: timestamptz("eta"),
    atot: timestamptz("atot"),
    atl: timestamptz("atl"),
    /** How the times were entered (utc or local); they are stored in UTC either way. */
    time_mode: text("time_mode").notNull().default("utc"),
    available: boolean("available").notNull().default(true),
    locked: boolean("locked").notNull().default(false),
    sales_closed: boolean("sales_closed").notNull().default(false),
    canceled: boolean("canceled").notNull().default(false),
    charter: boolean("charter").notNull().default(false),
    aci_required: boolean("aci_required").notNull().default(false),
    notation: text("notation"),
    region: text("region"),
    response_status: text("response_status"),
    forbidden_shc: textList("forbidden_shc"),
    /** Load expected but not booked (kg, m3). */
    estimated_weight: doublePrecision("estimated_weight").notNull().default(0),
    estimated_volume: doublePrecision("estimated_volume").notNull().default(0),
    /** Confirmed bookings (kg, m3); kept by the bookings feature. */
    booked_weight: doublePrecision("booked_weight").notNull().default(0),
    booked_volume: doublePrecision("booked_volume").notNull().default(0),
    /** This flight's cargo payload when known (kg); lowers the aircraft's max cargo weight. */
    payload: doublePrecision("payload"),
    /** Schedule rows: the weekdays of the regular schedule the segment came from ("1234567"). */
    days_of_week: text("days_of_week"),
    schedule_id: text("schedule_id"),
    notes: text("notes"),
    /** When the flight's FFM (manifest) arrived; set by the messaging feature. Null after departure: "ffm_missing". */
    ffm_received_at: timestamptz("ffm_received_at"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("segments_carrier_nwd_origin_key").on(t.carrier, t.number_with_date, t.origin_iata),
    index("segments_origin_std_idx").on(t.origin_iata, t.std),
    index("segments_carrier_std_idx").on(t.carrier, t.std),
    index("segments_destination_sta_idx").on(t.destination_iata, t.sta),
  ],
);

export const LOAD_FACTOR_KINDS = ["planned", "load_sheet", "ldm", "raw_data"] as const;

/** Load factor figures of a segment by source (spec 2 "Load factor set"). */
export const segmentLoadFactors = pgTable(
  "segment_load_factors",
  {
    ...identity,
    segment_id: integer("segment_id")
      .notNull()
      .references(() => segments.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    weight: doublePrecision("weight"),
    volume: doublePrecision("volume"),
    pax: integer("pax"),
    payload: doublePrecision("payload"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ...stamps,
  },
  (t) => [uniqueIndex("segment_load_factors_segment_kind_key").on(t.segment_id, t.kind)],
);

/** An airline's aircraft type capacities (spec 2 "Aircraft capacity"); kg and m3. */
export const aircraftCapacities = pgTable(
  "aircraft_capacities",
  {
    ...carrierOwned,
    aircraft_type: text("aircraft_type").notNull(),
    baggage_compartment_max_volume: doublePrecision("baggage_compartment_max_volume"),
    baggage_compartment_max_weight: doublePrecision("baggage_compartment_max_weight"),
    max_cargo_volume: doublePrecision("max_cargo_volume").notNull().default(0),
    max_cargo_weight: doublePrecision("max_cargo_weight").notNull().default(0),
    mtow: doublePrecision("mtow"),
    pax: integer("pax"),
    payload: doublePrecision("payload"),
    reg_numbers: textList("reg_numbers"),
    forbidden_shcs: textList("forbidden_shcs"),
    max_linear_load: doublePrecision("max_linear_load"),
    ...stamps,
  },
  (t) => [uniqueIndex("aircraft_capacities_carrier_type_key").on(t.carrier, t.aircraft_type)],
);

/** Space held on a segment for a forwarder (spec 2 "Allotment"). */
export const allotments = pgTable(
  "allotments",
  {
    ...carrierOwned,
    segment_id: integer("segment_id")
      .notNull()
      .references(() => segments.id, { onDelete: "cascade" }),
    segment_number_with_date: text("segment_number_with_date").notNull(),
    ...originDestination,
    forwarder_short_name: text("forwarder_short_name").notNull(),
    type: text("type").notNull().default("hard"),
    weight: doublePrecision("weight").notNull(),
    volume: doublePrecision("volume").notNull(),
    /** Hours before STD at which unused space is released; 0 = full block space. */
    timelimit_to_std: integer("timelimit_to_std").notNull().default(0),
    /** Weight and volume of the forwarder's bookings under the allotment (kept by the bookings feature). */
    used_weight: doublePrecision("used_weight").notNull().default(0),
    used_volume: doublePrecision("used_volume").notNull().default(0),
    valid_until: date("valid_until", { mode: "string" }),
    postal: boolean("postal").notNull().default(false),
    ...stamps,
  },
  (t) => [
    uniqueIndex("allotments_segment_forwarder_type_key").on(t.segment_id, t.forwarder_short_name, t.type),
    index("allotments_carrier_idx").on(t.carrier),
  ],
);

/** How a booking request is answered (spec 2 "Booking rule"); a null bound is open. */
export const bookingRules = pgTable(
  "booking_rules",
  {
    ...carrierOwned,
    ...originDestination,
    response_status: text("response_status").notNull(),
    min_percent: doublePrecision("min_percent"),
    max_percent: doublePrecision("max_percent"),
    min_weight: doublePrecision("min_weight"),
    max_weight: doublePrecision("max_weight"),
    min_volume: doublePrecision("min_volume"),
    max_volume: doublePrecision("max_volume"),
    segment_id: integer("segment_id").references(() => segments.id, { onDelete: "cascade" }),
    flight_number_with_date: text("flight_number_with_date"),
    shcs: textList("shcs"),
    ...stamps,
  },
  (t) => [index("booking_rules_carrier_od_idx").on(t.carrier, t.origin_iata, t.destination_iata)],
);

/** Who changed what (spec 3 change_logs): the change set holds { field: [before, after] }. */
export const changeLogs = pgTable(
  "change_logs",
  {
    ...identity,
    carrier: text("carrier"),
    record_type: text("record_type").notNull(),
    record_id: integer("record_id").notNull(),
    action: text("action").notNull(),
    channel_source: text("channel_source").notNull().default("api"),
    channel_type: text("channel_type").notNull().default("user"),
    channel_id: text("channel_id"),
    /**
     * The segment the changed record belongs to (a Segment's own id, an allotment's or a flight booking rule's
     * segment), kept after the record is deleted: the flight page's change log reads it (include_related).
     */
    segment_id: integer("segment_id"),
    change_set: jsonb("change_set").$type<Record<string, [unknown, unknown]>>().notNull(),
    created_at: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    index("change_logs_record_idx").on(t.record_type, t.record_id, t.created_at),
    index("change_logs_segment_idx").on(t.segment_id, t.created_at),
  ],
);
