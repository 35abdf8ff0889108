import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { grossWeight, identity, originDestination, stamps, textList } from "./columns";
import { shipperConsignee, waybillLink } from "./air-waybills";

// House waybills (spec 2 §3 "House waybill"; spec 3 §7 "House waybills"): the consolidator's own waybills for each
// consignment under a master. Their serial number is unique within the master; their pieces and weight should add
// up to the master's (api/air-waybills/warnings.ts "house_totals_differ").

export const houseWaybills = pgTable(
  "house_waybills",
  {
    ...identity,
    ...waybillLink,
    /** The house's own number (Cargo-IMP FHL HWB serial: up to 12 letters and digits), upper case. */
    serial_number: text("serial_number").notNull(),
    ...originDestination,
    pieces: integer("pieces").notNull(),
    ...grossWeight,
    /** The nature of goods as the manifest lists it. */
    manifest_description_of_goods: text("manifest_description_of_goods").notNull(),
    shcs: textList("shcs"),
    free_text: text("free_text"),
    ...shipperConsignee,
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
