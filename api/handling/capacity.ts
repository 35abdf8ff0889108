import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { bookings, preManifestItems } from "../db/schema";

// Capacity counts manifested cargo (issue 11): what is on a flight's manifest takes its space whether or not it was
// booked there. A confirmed (KK) booking already counts its weight and volume on the segment (booked_weight), so a
// manifest item adds only what goes beyond its own waybill's confirmed booking on that flight: a waybill moved in from
// another flight, or one heavier than booked. Computed, never stored, so it cannot drift from the manifest.

export interface ManifestExtra {
  weight: number;
  volume: number;
}

/** Per segment: the manifested weight and volume not already counted by a confirmed booking of the same waybill. */
export async function manifestedBeyondBookings(db: Pick<Db, "select">, segmentIds: number[]): Promise<Map<number, ManifestExtra>> {
  const out = new Map<number, ManifestExtra>();
  if (!segmentIds.length) return out;
  const rows = await db
    .select({
      segment_id: preManifestItems.segment_id,
      weight: sql<number>`coalesce(sum(greatest(0, ${preManifestItems.weight} - coalesce(${bookings.counted_weight}, 0))), 0)::double precision`,
      volume: sql<number>`coalesce(sum(greatest(0, ${preManifestItems.volume} - coalesce(${bookings.counted_volume}, 0))), 0)::double precision`,
    })
    .from(preManifestItems)
    .leftJoin(
      bookings,
      and(eq(bookings.air_waybill_id, preManifestItems.air_waybill_id), eq(bookings.segment_id, preManifestItems.segment_id), eq(bookings.active, true), eq(bookings.response_status, "KK")),
    )
    .where(inArray(preManifestItems.segment_id, segmentIds))
    .groupBy(preManifestItems.segment_id);
  for (const r of rows) out.set(r.segment_id, { weight: Math.round(Number(r.weight) * 1000) / 1000, volume: Math.round(Number(r.volume) * 1000) / 1000 });
  return out;
}
