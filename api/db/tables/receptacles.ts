import { boolean, index, integer, numeric, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, movementRecord, movementStatus, stamps } from "./columns";
import { segments } from "./flights";
import { users } from "./users";

// Postal receptacles (issue 11; spec 2 §3 "Receptacle (postal)"): a bag or tray of mail identified by its UPU S9
// receptacle UID, carried between two offices of exchange, put on a flight by platform staff. The UID's parts are
// kept as columns so the list filters by office and the UID never has to be parsed in SQL. Its movements reuse
// the Cargo-IMP status codes of the waybills' (MAN when put on a flight, DEP and ARR with the flight's departure
// and arrival, RCS/RCF/DLV by hand) in a table of their own: a receptacle is no air waybill.

/** Weight as the UID states it: kg with one decimal (hectograms), at most 999.9. */
const weight = (name: string) => numeric(name, { precision: 5, scale: 1, mode: "number" });

export const receptacles = pgTable(
  "receptacles",
  {
    ...identity,
    /** The 29-character UPU S9 receptacle identifier, upper case; unique. */
    uid: text("uid").notNull(),
    /** Offices of exchange (IMPC, 6 characters): where the dispatch is made up and where it is opened. */
    post_office_origin: text("post_office_origin").notNull(),
    post_office_destination: text("post_office_destination").notNull(),
    /** UID parts: mail category (A air/priority, B S.A.L., C surface, D priority by surface), subclass, dispatch. */
    mail_category: text("mail_category").notNull(),
    mail_subclass: text("mail_subclass").notNull(),
    dispatch_number: text("dispatch_number").notNull(),
    receptacle_number: text("receptacle_number").notNull(),
    /** The UID's highest-numbered-receptacle flag: the last receptacle of its dispatch. */
    last_in_dispatch: boolean("last_in_dispatch").notNull().default(false),
    /** The UID's registered/insured flag: 0 none, 1 registered, 9 insured. */
    registered: text("registered").notNull().default("0"),
    weight: weight("weight").notNull(),
    /** The flight it is put on (null: accepted, waiting for a flight) and that flight's operating airline. */
    segment_id: integer("segment_id").references(() => segments.id),
    carrier: text("carrier"),
    created_by: integer("created_by").references(() => users.id),
    ...stamps,
  },
  (t) => [
    // one receptacle per UID: a second create is 422 "has already been taken" under uid
    uniqueIndex("receptacles_uid_key").on(t.uid),
    // the flight page's Receptacles tab and the list's flight filter
    index("receptacles_segment_idx").on(t.segment_id),
    index("receptacles_offices_idx").on(t.post_office_origin, t.post_office_destination),
  ],
);

export const receptacleMovements = pgTable(
  "receptacle_movements",
  {
    ...identity,
    receptacle_id: integer("receptacle_id")
      .notNull()
      .references(() => receptacles.id, { onDelete: "cascade" }),
    /** Status codes as cargo/awb/movement-codes.ts MOVEMENT_CODES. */
    ...movementStatus,
    weight: weight("weight").notNull(),
    ...movementRecord,
  },
  (t) => [index("receptacle_movements_receptacle_idx").on(t.receptacle_id, t.time_utc), index("receptacle_movements_segment_idx").on(t.segment_id, t.status_code)],
);
