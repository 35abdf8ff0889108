import { sql } from "drizzle-orm";
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { stamps, textList } from "./columns";
import { airWaybills, type PartyBlock } from "./air-waybills";

// House waybills (spec 2 §3 "House waybill"; spec 3 §7 "House waybills"): the consolidator's own waybills for each
// consignment under a master. Their serial number is unique within the master; their pieces and weight should add
// up to the master's (api/air-waybills/warnings.ts "house_totals_differ").

export const houseWaybills = pgTable(
  "house_waybills",
  {
    id: integer("id").primaryKey().generatedAlwaysAsIdentity(),
    air_waybill_id: integer("air_waybill_id")
      .notNull()
      .references(() => airWaybills.id, { onDelete: "cascade" }),
    mawb: text("mawb").notNull(),
    /** The house's own number (Cargo-IMP FHL HWB serial: up to 12 letters and digits), upper case. */
    serial_number: text("serial_number").notNull(),
    origin_iata: text("origin_iata").notNull(),
    destination_iata: text("destination_iata").notNull(),
    pieces: integer("pieces").notNull(),
    weight: doublePrecision("weight").notNull(),
    weight_code: text("weight_code").notNull().default("K"),
    /** The nature of goods as the manifest lists it. */
    manifest_description_of_goods: text("manifest_description_of_goods").notNull(),
    shcs: textList("shcs"),
    free_text: text("free_text"),
    shipper: jsonb("shipper").$type<PartyBlock>().notNull().default(sql`'{}'::jsonb`),
    consignee: jsonb("consignee").$type<PartyBlock>().notNull().default(sql`'{}'::jsonb`),
    hs_codes: textList("hs_codes"),
    /** PLACI (pre-loading advance cargo information): the customs' status of the house and its comment. */
    placi_status: text("placi_status"),
    placi_comment: text("placi_comment"),
    ...stamps,
  },
  (t) => [
    uniqueIndex("house_waybills_awb_serial_key").on(t.air_waybill_id, t.serial_number),
    index("house_waybills_awb_idx").on(t.air_waybill_id, t.id),
  ],
);
