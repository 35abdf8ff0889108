import { and, eq, exists, or, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { checkAwbNumber } from "../../cargo/awb/awb-number";
import type { Tx } from "../bookings/space";
import { lockSegment } from "../bookings/space";
import { airWaybills, bookings, preManifestItems, segments } from "../db/schema";
import { notFound, refuseField } from "../http/errors";
import { allow, type Who } from "../settings/access";
import { segmentScope, type Segment } from "../flights/common";

// Who handles cargo on a flight (issue 11; spec 1 §6 "Flights tabs"): the airline operating the flight, never
// another airline and never a forwarder (they follow their own waybills' movements on the shipment page). A flight of
// another airline is "not found", as everywhere. The operating airline handles every waybill booked on or manifested
// for its flight, an interline waybill of another airline's stock too: it is found through the flight, not through
// the waybill's own tenancy.

export const HANDLING_ACCESS = {
  /** The flight page's handling tabs: the flight tabs' airline roles and platform. */
  read: { platform: true, airline: ["operator", "manager", "com_cor", "billing", "ics_inspector"] },
  /** Receiving, build-up, departure, arrival, movements: the airline's handling desk (Manager, Default) and platform. */
  act: { platform: true, airline: ["operator", "manager"] },
} as const satisfies Record<string, Who>;

/** The segment the caller's airline operates (404 otherwise), locked for the transaction when `tx` is a transaction. */
export async function handledSegment(tx: Tx, request: FastifyRequest, id: number, who: Who, opts: { lock?: boolean } = {}): Promise<Segment> {
  allow(request.auth, who);
  const q = tx.select().from(segments).where(and(eq(segments.id, id), segmentScope(request))).limit(1);
  const [row] = opts.lock ? await q.for("update") : await q;
  if (!row) throw notFound("segment_not_found");
  return row;
}

/** Lock a second segment (a move's target) in the caller's scope; 422 under `field` when it is not one of theirs. */
export async function targetSegment(tx: Tx, request: FastifyRequest, id: number, field: string): Promise<Segment> {
  const [row] = await tx.select({ id: segments.id }).from(segments).where(and(eq(segments.id, id), segmentScope(request))).limit(1);
  const locked = row ? await lockSegment(tx, row.id) : null;
  if (!locked) throw refuseField(field, "must_exist");
  return locked;
}

export const isDeparted = (s: Pick<Segment, "atot">) => s.atot !== null;
export const isArrived = (s: Pick<Segment, "atl">) => s.atl !== null;

/** 422 for a change on a flight that has left: its manifest and received cargo are history now. */
export function assertNotDeparted(s: Segment) {
  if (isDeparted(s)) throw refuseField("base", "flight_departed");
  if (s.canceled) throw refuseField("base", "flight_canceled");
}

export type Waybill = typeof airWaybills.$inferSelect;

/**
 * The waybill `mawbText` names when it is booked on (an active booking) or manifested for this flight, locked for
 * the transaction; 422 under `mawb` otherwise — the same answer for a number nobody uses, so the flight tells
 * nothing about other airlines' waybills.
 */
export async function waybillOnFlight(tx: Tx, segment: Segment, mawbText: string): Promise<Waybill> {
  const check = checkAwbNumber(mawbText);
  const notOnFlight = () => refuseField("mawb", "not_booked_on_flight");
  if (!check.valid) throw notOnFlight();
  const booked = tx
    .select({ one: sql`1` })
    .from(bookings)
    .where(and(eq(bookings.air_waybill_id, airWaybills.id), eq(bookings.segment_id, segment.id), eq(bookings.active, true)));
  const manifested = tx
    .select({ one: sql`1` })
    .from(preManifestItems)
    .where(and(eq(preManifestItems.air_waybill_id, airWaybills.id), eq(preManifestItems.segment_id, segment.id)));
  const [row] = await tx
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.mawb, check.mawb), eq(airWaybills.deleted, false), or(exists(booked), exists(manifested))))
    .limit(1)
    .for("update");
  if (!row) throw notOnFlight();
  if (row.voided_at) throw refuseField("mawb", "awb_voided");
  return row;
}
