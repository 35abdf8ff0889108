import { and, asc, count, desc, eq, exists, inArray, not, or, sql, type SQL } from "drizzle-orm";
import { z } from "zod";
import { SHIPMENT_STATES, shipmentState } from "../../cargo/awb/shipment-state";
import { shipmentFactsOf } from "../air-waybills/shipment-state";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, bookings, companies, preManifestItems } from "../db/schema";
import { pageMeta, pageOffset } from "../http/pagination";
import { IsoDateTime } from "../http/schemas";
import type { Segment } from "../flights/common";

// The rows of a flight's handling tabs (spec 2 §3 "Build-up row", "Ready-to-go list"): every waybill booked on the
// flight or manifested for it, with its booking, what was received at the origin (the standing RCS), what is on the
// manifest, and its latest movement on the flight. One page of waybill ids first, then four batched reads for that
// page: the cost follows the page, not the flight.

export const FLIGHT_ROW_STATES = ["all", "to_receive", "received", "manifested", "not_manifested"] as const;
export type FlightRowState = (typeof FLIGHT_ROW_STATES)[number];

const Figures = z.object({ pieces: z.number().int(), weight: z.number(), volume: z.number() });

export const FlightRowSchema = z.object({
  mawb: z.string(),
  /** booking: booked on this flight; manifest: on its manifest without a booking here (moved from another flight). */
  source: z.enum(["booking", "manifest"]),
  origin_iata: z.string(),
  destination_iata: z.string(),
  commodity: z.string(),
  shcs: z.array(z.string()),
  /** The customs MRN of the declaration the goods move under (spec 2 "Shipment ... mrn"): a CSN names it. */
  mrn: z.string().nullable(),
  charter: z.boolean(),
  forwarder_short_name: z.string(),
  awb: Figures,
  booking: z
    .object({ id: z.number().int(), response_status: z.string(), priority: z.boolean(), created_at: IsoDateTime })
    .merge(Figures)
    .nullable(),
  booked: Figures.nullable(),
  received: z.object({ movement_id: z.number().int(), pieces: z.number().int(), weight: z.number(), time_utc: IsoDateTime, recorded_by: z.string().nullable() }).nullable(),
  manifested: z.object({ id: z.number().int(), priority: z.number().int() }).merge(Figures).nullable(),
  first_booking_time: IsoDateTime.nullable(),
  last_movement: z.object({ status_code: z.string(), location_iata: z.string(), discrepancy_code: z.string().nullable(), time_utc: IsoDateTime }).nullable(),
  /** The shipment's state (cargo/awb/shipment-state): the handling tabs offer only the steps it allows. */
  shipment_state: z.enum(SHIPMENT_STATES),
});
/** A row as built (times as Dates; the answer schema writes them as ISO text). */
export type FlightRow = z.input<typeof FlightRowSchema>;

/** The waybills on the flight: an active booking on it, or a manifest item. */
export function onFlight(segmentId: number): SQL {
  return or(
    exists(
      sql`(select 1 from ${bookings} where ${bookings.air_waybill_id} = ${airWaybills.id} and ${bookings.segment_id} = ${segmentId} and ${bookings.active})`,
    ),
    exists(sql`(select 1 from ${preManifestItems} where ${preManifestItems.air_waybill_id} = ${airWaybills.id} and ${preManifestItems.segment_id} = ${segmentId})`),
  )!;
}

const received = (segmentId: number) =>
  exists(
    sql`(select 1 from ${awbMovements} where ${awbMovements.air_waybill_id} = ${airWaybills.id} and ${awbMovements.segment_id} = ${segmentId} and ${awbMovements.status_code} = 'RCS' and not ${awbMovements.deactivated})`,
  );
const manifested = (segmentId: number) =>
  exists(sql`(select 1 from ${preManifestItems} where ${preManifestItems.air_waybill_id} = ${airWaybills.id} and ${preManifestItems.segment_id} = ${segmentId})`);

const STATE_FILTERS: Record<FlightRowState, (segmentId: number) => SQL | undefined> = {
  all: () => undefined,
  to_receive: (id) => not(received(id)),
  received,
  manifested,
  not_manifested: (id) => not(manifested(id)),
};

/** One page of the flight's rows in a state, by waybill number. */
export async function flightRowPage(db: Db, segment: Segment, state: FlightRowState, page: number, perPage: number) {
  const where = and(onFlight(segment.id), eq(airWaybills.deleted, false), STATE_FILTERS[state](segment.id));
  const [{ n }] = (await db.select({ n: count() }).from(airWaybills).where(where)) as [{ n: number }];
  const ids = await db
    .select({ id: airWaybills.id })
    .from(airWaybills)
    .where(where)
    .orderBy(asc(airWaybills.mawb))
    .limit(perPage)
    .offset(pageOffset(page, perPage));
  return { data: await flightRows(db, segment, ids.map((r) => r.id)), meta: pageMeta(n, page, perPage) };
}

const figuresOf = (r: { pieces: number; weight: number; volume: number | null }) => ({ pieces: r.pieces, weight: r.weight, volume: r.volume ?? 0 });

/** The rows of these waybills on the flight, in the order of `ids`. */
export async function flightRows(db: Db, segment: Segment, ids: number[]): Promise<FlightRow[]> {
  if (!ids.length) return [];
  const [awbs, bookingRows, items, moves] = await Promise.all([
    db
      .select({ awb: airWaybills, forwarder: companies.short_name })
      .from(airWaybills)
      .innerJoin(companies, eq(companies.id, airWaybills.forwarder_id))
      .where(inArray(airWaybills.id, ids)),
    db
      .select()
      .from(bookings)
      .where(and(inArray(bookings.air_waybill_id, ids), eq(bookings.segment_id, segment.id)))
      .orderBy(desc(bookings.active), desc(bookings.id)),
    db.select().from(preManifestItems).where(and(inArray(preManifestItems.air_waybill_id, ids), eq(preManifestItems.segment_id, segment.id))),
    db
      .select()
      .from(awbMovements)
      .where(and(inArray(awbMovements.air_waybill_id, ids), eq(awbMovements.segment_id, segment.id), eq(awbMovements.deactivated, false)))
      .orderBy(asc(awbMovements.time_utc), asc(awbMovements.id)),
  ]);
  const byId = new Map(awbs.map((a) => [a.awb.id, a]));
  const facts = await shipmentFactsOf(db, awbs.map((a) => a.awb));
  return ids.flatMap((id) => {
    const found = byId.get(id);
    if (!found) return [];
    const { awb } = found;
    const booking = bookingRows.find((b) => b.air_waybill_id === id && b.active) ?? null;
    const first = bookingRows.filter((b) => b.air_waybill_id === id).reduce<Date | null>((min, b) => (min && min < b.created_at ? min : b.created_at), null);
    const item = items.find((i) => i.air_waybill_id === id) ?? null;
    const mine = moves.filter((m) => m.air_waybill_id === id);
    const rcs = mine.filter((m) => m.status_code === "RCS").at(-1) ?? null;
    const last = mine.at(-1) ?? null;
    return [
      {
        mawb: awb.mawb,
        source: booking ? ("booking" as const) : ("manifest" as const),
        origin_iata: awb.origin_iata,
        destination_iata: awb.destination_iata,
        commodity: awb.commodity,
        shcs: awb.shcs,
        mrn: awb.mrn,
        charter: awb.charter,
        forwarder_short_name: found.forwarder,
        awb: figuresOf(awb),
        booking: booking ? { id: booking.id, response_status: booking.response_status, priority: booking.priority, created_at: booking.created_at, ...figuresOf(booking) } : null,
        booked: booking && booking.response_status === "KK" ? figuresOf(booking) : null,
        received: rcs ? { movement_id: rcs.id, pieces: rcs.pieces, weight: rcs.weight, time_utc: rcs.time_utc, recorded_by: rcs.recorded_by } : null,
        manifested: item ? { id: item.id, priority: item.priority, ...figuresOf(item) } : null,
        first_booking_time: first,
        last_movement: last ? { status_code: last.status_code, location_iata: last.location_iata, discrepancy_code: last.discrepancy_code, time_utc: last.time_utc } : null,
        shipment_state: shipmentState(facts.get(id)!),
      } satisfies FlightRow,
    ];
  });
}
