import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { identity, stamps, timestamptz } from "./columns";
import { waybillLink } from "./air-waybills";
import { companies } from "./companies";
import { users } from "./users";

// Void requests (spec 2 §3 "Void request", §4): the forwarder asks the airline to void its waybill; the airline accepts
// (the waybill is voided and its number blocked for good) or declines. The row stays for the history in every state.

/** requested (shown as "in progress"), accepted, declined; cancelled when the forwarder withdrew it. */
export const VOID_REQUEST_STATUSES = ["requested", "accepted", "declined", "cancelled"] as const;
export type VoidRequestStatus = (typeof VOID_REQUEST_STATUSES)[number];

export const voidRequests = pgTable(
  "void_requests",
  {
    ...identity,
    ...waybillLink,
    /** The airline whose prefix the number carries: the side that resolves the request. */
    carrier: text("carrier").notNull(),
    awb_prefix: text("awb_prefix").notNull(),
    /** The forwarder that owns the waybill: the side that asks. */
    forwarder_id: integer("forwarder_id")
      .notNull()
      .references(() => companies.id),
    status: text("status").$type<VoidRequestStatus>().notNull().default("requested"),
    request_reason: text("request_reason").notNull(),
    /** The forwarder's indication that the voided waybill still needs paying. */
    payment_required: boolean("payment_required").notNull().default(false),
    /** The airline's answer: its reason, and whether the waybill must still be paid (required | not_required). */
    resolve_reason: text("resolve_reason"),
    void_payment: text("void_payment"),
    requested_by: integer("requested_by").references(() => users.id),
    resolved_by: integer("resolved_by").references(() => users.id),
    resolved_at: timestamptz("resolved_at"),
    ...stamps,
  },
  (t) => [
    // one open request per waybill: asking twice is 422 "has already been taken", whatever the race
    uniqueIndex("void_requests_open_key").on(t.air_waybill_id).where(sql`${t.status} = 'requested'`),
    // each side's list, newest first, optionally by status
    index("void_requests_carrier_idx").on(t.carrier, t.status, t.created_at, t.id),
    index("void_requests_forwarder_idx").on(t.forwarder_id, t.status, t.created_at, t.id),
    index("void_requests_awb_idx").on(t.air_waybill_id, t.created_at),
    check("void_requests_status", sql`${t.status} in ('requested', 'accepted', 'declined', 'cancelled')`),
    check("void_requests_void_payment", sql`${t.void_payment} is null or ${t.void_payment} in ('required', 'not_required')`),
  ],
);
