import { sql } from "drizzle-orm";
import { boolean, customType, doublePrecision, integer, text, timestamp } from "drizzle-orm/pg-core";

// Column helpers every table file uses. Property names are the column names (snake_case), which are also the
// wire names: a row is answered as it is, without a mapping layer.
//
// The groups below are columns that recur together with one meaning; a table spreads a group where its columns
// stand (`...stamps`), so the order of a table's columns, and so of its answers' keys, stays as written. A builder
// may be shared: each table builds its own column from it. Groups that refer to another table live beside that
// table (air-waybills.ts waybillLink, users.ts ownedByUser), so that this file imports no table.

/** A list of codes: text[], never null, empty by default. */
export const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** Every moment is stored with its time zone (UTC). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Raw bytes, kept byte for byte whatever their type (node-postgres gives a Buffer, PGlite a Uint8Array). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

/** The row's own key: an integer identity. */
export const identity = {
  id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
};

/**
 * A row that belongs to one airline: its key and the owner's upper-case airline code, which every query of the row
 * filters by (api/settings/access.ts).
 */
export const carrierOwned = {
  ...identity,
  carrier: text("carrier").notNull(),
};

/** When the row was written. */
export const createdStamp = {
  created_at: timestamptz("created_at").notNull().defaultNow(),
};

/** When the row was written and last changed. */
export const stamps = {
  ...createdStamp,
  updated_at: timestamptz("updated_at").notNull().defaultNow(),
};

/** Where a shipment or flight leg starts and ends: airports' IATA codes. */
export const originDestination = {
  origin_iata: text("origin_iata").notNull(),
  destination_iata: text("destination_iata").notNull(),
};

/** Gross weight and its unit code (K kilograms, as Cargo-IMP writes it). */
export const grossWeight = {
  weight: doublePrecision("weight").notNull(),
  weight_code: text("weight_code").notNull().default("K"),
};

/** Volume and its unit code (MC cubic metres), 0 when not given. */
export const grossVolume = {
  volume: doublePrecision("volume").notNull().default(0),
  volume_code: text("volume_code").notNull().default("MC"),
};

/** A postal address of a customer: street, city, ISO country code, post code. */
export const postalAddress = {
  address: text("address"),
  city: text("city"),
  country_code: text("country_code"),
  post_code: text("post_code"),
};

/**
 * What a movement (a Cargo-IMP status of a waybill or a postal receptacle) says and where: its status code, the
 * station, and the flight when it has one (kept by number too, for the history after the flight is gone).
 */
export const movementStatus = {
  status_code: text("status_code").notNull(),
  location_iata: text("location_iata").notNull(),
  segment_id: integer("segment_id"),
  segment_number_with_date: text("segment_number_with_date"),
};

/** When a movement happened, whether it still stands, and who recorded it. */
export const movementRecord = {
  time_utc: timestamptz("time_utc").notNull(),
  /** A movement undone (e.g. the MAN of a flight the shipment was taken off): kept for the history, no longer standing. */
  deactivated: boolean("deactivated").notNull().default(false),
  /** Who recorded it (the user's e-mail, as the change log names people); null for telegrams and demo history. */
  recorded_by: text("recorded_by"),
  ...createdStamp,
};
