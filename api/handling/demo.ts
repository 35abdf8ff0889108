import { and, asc, eq, gte } from "drizzle-orm";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, bookings, preManifestItems, segments } from "../db/schema";

// Handling in the demo (issue 11): on S7's first coming flights some confirmed waybills are already received at the
// origin (RCS, a little lighter than booked, as scales say) and the first of each flight is on its build-up (MAN),
// so a newcomer opens a flight and finds every handling tab alive. Bookings, not positions, pick them: the first
// confirmed booking of each of the first flights. Written by the seed, never by a user (recorded_by is null).

type Tx = Pick<Db, "select" | "insert" | "update">;

/** How many of S7's coming flights with confirmed bookings get received and built-up cargo. */
const DEMO_HANDLED_FLIGHTS = 3;

/**
 * `today` is the seed's date (YYYY-MM-DD): only flights from then on are handled, and every movement is dated before
 * its midnight (received the evening before at the latest), so none lies in the future of the day the demo starts.
 */
export async function seedDemoHandling(tx: Tx, today: string) {
  const dayStart = new Date(`${today}T00:00:00Z`);
  const confirmed = await tx
    .select({ booking: bookings, segment: segments, awb: airWaybills })
    .from(bookings)
    .innerJoin(segments, eq(segments.id, bookings.segment_id))
    .innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id))
    .where(and(eq(bookings.carrier, "S7"), eq(bookings.active, true), eq(bookings.response_status, "KK"), gte(segments.std, dayStart)))
    .orderBy(asc(segments.std), asc(bookings.id));
  const flights = [...new Set(confirmed.map((c) => c.segment.id))].slice(0, DEMO_HANDLED_FLIGHTS);
  const picked = confirmed.filter((c) => flights.includes(c.segment.id));
  if (!picked.length) return;
  const movement = (c: (typeof picked)[number], status: "RCS" | "MAN", weight: number, hoursBeforeStd: number) => ({
    air_waybill_id: c.awb.id,
    mawb: c.awb.mawb,
    status_code: status,
    location_iata: c.segment.origin_iata,
    segment_id: c.segment.id,
    segment_number_with_date: c.segment.number_with_date,
    pieces: c.booking.pieces,
    weight,
    volume: c.booking.volume,
    shcs: c.awb.shcs,
    time_utc: new Date(Math.min(+c.segment.std, +dayStart) - hoursBeforeStd * 3_600_000),
  });
  const received = picked.map((c) => movement(c, "RCS", Math.round(c.booking.weight * 0.98 * 10) / 10, 20));
  // cargo is received only under an issued waybill (cargo/awb/shipment-state): the airline issued these before
  for (const c of picked.filter((p) => !p.awb.issued_at)) {
    const issuedAt = new Date(+received.find((r) => r.air_waybill_id === c.awb.id)!.time_utc - 3_600_000);
    await tx.update(airWaybills).set({ issued_at: issuedAt, issue_date: issuedAt.toISOString().slice(0, 10) }).where(eq(airWaybills.id, c.awb.id));
  }
  await tx.insert(awbMovements).values(received);
  const firstOfFlight = flights.map((id) => picked.find((c) => c.segment.id === id)!);
  const mans = await tx
    .insert(awbMovements)
    .values(firstOfFlight.map((c) => movement(c, "MAN", Math.round(c.booking.weight * 0.98 * 10) / 10, 8)))
    .returning({ id: awbMovements.id, awb: awbMovements.air_waybill_id });
  await tx.insert(preManifestItems).values(
    firstOfFlight.map((c) => ({
      segment_id: c.segment.id,
      carrier: c.segment.carrier,
      air_waybill_id: c.awb.id,
      mawb: c.awb.mawb,
      origin_iata: c.segment.origin_iata,
      destination_iata: c.segment.destination_iata,
      total_pieces: c.awb.pieces,
      pieces: c.booking.pieces,
      part_code: c.booking.parts_code,
      weight: Math.round(c.booking.weight * 0.98 * 10) / 10,
      volume: c.booking.volume,
      commodity: c.awb.commodity,
      shcs: c.awb.shcs,
      priority: 1,
      movement_id: mans.find((m) => m.awb === c.awb.id)?.id ?? null,
    })),
  );
}
