import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgEnum, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { carrierOwned, identity, stamps, timestamptz } from "./columns";
import { companies } from "./companies";

// Air waybill number stock (spec 2 "AWB stock", spec 3 "AWB stocks"). An airline loads ranges of serials under one
// of its prefixes and hands numbers to forwarders; a forwarder's new waybill takes its next free number. Every
// number is a row of its own, so taking one is a row lock (FOR UPDATE SKIP LOCKED), never a read-then-write, and
// a number used or voided keeps that state for good: it never returns to the stock.

export const awbStockState = pgEnum("awb_stock_state", ["free", "used", "voided"]);
export type AwbStockState = (typeof awbStockState.enumValues)[number];

/** One range an airline loaded: serials `serial_from`..`serial_to` (seven digits, the check digit not counted). */
export const awbStockRanges = pgTable(
  "awb_stock_ranges",
  {
    ...carrierOwned,
    prefix: text("prefix").notNull(),
    serial_from: integer("serial_from").notNull(),
    serial_to: integer("serial_to").notNull(),
    /** Paper blanks of strict accounting (BSO) rather than electronic numbers (a product may need one kind). */
    bso: boolean("bso").notNull().default(false),
    location_iata: text("location_iata"),
    ...stamps,
  },
  (t) => [
    index("awb_stock_ranges_carrier_idx").on(t.carrier, t.prefix),
    check("awb_stock_ranges_serials", sql`${t.serial_from} >= 0 and ${t.serial_to} <= 9999999 and ${t.serial_from} <= ${t.serial_to}`),
  ],
);

/** One number of a range: free (with a forwarder when assigned), used by a waybill, or voided. */
export const awbStockNumbers = pgTable(
  "awb_stock_numbers",
  {
    ...identity,
    range_id: integer("range_id")
      .notNull()
      .references(() => awbStockRanges.id, { onDelete: "cascade" }),
    prefix: text("prefix").notNull(),
    serial: integer("serial").notNull(),
    /** "421-12345675": the number as waybills carry it. */
    mawb: text("mawb").notNull(),
    forwarder_id: integer("forwarder_id").references(() => companies.id),
    state: awbStockState("state").notNull().default("free"),
    used_at: timestamptz("used_at"),
    ...stamps,
  },
  (t) => [
    // a serial exists once per prefix, whichever range loaded it: overlapping ranges are refused by the database
    uniqueIndex("awb_stock_numbers_prefix_serial_key").on(t.prefix, t.serial),
    uniqueIndex("awb_stock_numbers_mawb_key").on(t.mawb),
    // the next free number of a forwarder for a prefix: the allocation's index
    index("awb_stock_numbers_take_idx").on(t.forwarder_id, t.prefix, t.state, t.serial),
    index("awb_stock_numbers_range_idx").on(t.range_id, t.serial),
  ],
);
