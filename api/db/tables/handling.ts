import { index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { grossVolume, grossWeight, identity, originDestination, stamps, textList } from "./columns";
import { awbMovements, waybillLink } from "./air-waybills";
import { segments } from "./flights";
import { users } from "./users";

// Handling on the flight (issue 11; spec 2 §3 "Pre-manifest item", "Build-up row"): the flight's pre-manifest, the
// waybills the handling desk puts on the flight with what actually goes (pieces, weight, volume) and in which order
// (priority). Receiving, departure and arrival are movements (awb_movements); only the manifest needs a row of its own.

/** Priorities of a pre-manifest item: 1 loads first, 3 last (the Build-Up tab sorts by it). */
export const MANIFEST_PRIORITIES = [1, 2, 3] as const;
export const DEFAULT_MANIFEST_PRIORITY = 2;

export const preManifestItems = pgTable(
  "pre_manifest_items",
  {
    ...identity,
    segment_id: integer("segment_id")
      .notNull()
      .references(() => segments.id),
    /** The operating airline of the segment: every query scopes by it. */
    carrier: text("carrier").notNull(),
    ...waybillLink,
    ...originDestination,
    /** The waybill's pieces; `pieces` is what goes on this flight (part_code P when fewer). */
    total_pieces: integer("total_pieces").notNull(),
    pieces: integer("pieces").notNull(),
    part_code: text("part_code").notNull().default("T"),
    ...grossWeight,
    ...grossVolume,
    commodity: text("commodity"),
    shcs: textList("shcs"),
    priority: integer("priority").notNull().default(DEFAULT_MANIFEST_PRIORITY),
    /** The MAN movement this item wrote: deactivated when the item leaves the flight. */
    movement_id: integer("movement_id").references(() => awbMovements.id, { onDelete: "set null" }),
    created_by: integer("created_by").references(() => users.id),
    ...stamps,
  },
  (t) => [
    // a waybill is on a flight's manifest once; a second add is 422 "has already been taken"
    uniqueIndex("pre_manifest_items_segment_awb_key").on(t.segment_id, t.air_waybill_id),
    index("pre_manifest_items_awb_idx").on(t.air_waybill_id),
  ],
);
