import { and, eq, sql, type AnyColumn } from "drizzle-orm";
import { allotmentHeld, type SegmentCapacity } from "../../cargo/flights/capacity";
import { roundVolume, roundWeight } from "../../cargo/units";
import type { Db } from "../db/open";
import { allotments, segments } from "../db/schema";
import { capacitiesOf } from "../flights/capacity";
import type { Segment } from "../flights/common";

// The space a confirmed (KK) booking takes on its segment, and gives back. Decided with the segment row locked
// (SELECT ... FOR UPDATE), so two parallel bookings for the last free space queue on that lock and the second reads
// what the first took: never both confirmed. The forwarder's own allotment is used first, then free space; what was
// added is stored on the booking (allotment_*, counted_*) so a cancel or change subtracts exactly that.

/** A transaction (or the database): the query builder methods the booking code uses. */
export type Tx = Pick<Db, "select" | "insert" | "update" | "delete" | "execute">;

/** Helpers typed on Db (capacitiesOf, writeChangeLog) only call the builder methods a transaction has too. */
export const asDb = (tx: Tx) => tx as unknown as Db;

export interface Space {
  allotment_id: number | null;
  allotment_weight: number;
  allotment_volume: number;
  counted_weight: number;
  counted_volume: number;
}

export const NO_SPACE: Space = { allotment_id: null, allotment_weight: 0, allotment_volume: 0, counted_weight: 0, counted_volume: 0 };

/** The segment, locked until the transaction ends; null when there is none. */
export async function lockSegment(tx: Tx, id: number): Promise<Segment | null> {
  const [row] = await tx.select().from(segments).where(eq(segments.id, id)).for("update");
  return row ?? null;
}

type AllotmentRow = typeof allotments.$inferSelect;

/** Answer of planSpace: what the booking would take, or why it does not fit. */
export type SpacePlan =
  | { fits: true; space: Space }
  | { fits: false; reason: string; space: Space };

const amount = (n: number, unit: string) => `${n} ${unit}`;

/**
 * Where `ask` fits: first in `allotment` (the forwarder's, still held: the caller checked), the rest in the free
 * space of `cap`. `allowance` widens the free space (the airline's overflow allowance when it confirms by hand).
 * The refusal reason is English and stable: "Not enough capacity: 120 kg free, 500 kg asked".
 */
export function planSpace(
  cap: SegmentCapacity,
  allotment: Pick<AllotmentRow, "id" | "weight" | "volume" | "used_weight" | "used_volume"> | null,
  ask: { weight: number; volume: number },
  allowance: { weight: number; volume: number } = { weight: 0, volume: 0 },
): SpacePlan {
  const allotW = allotment ? Math.min(ask.weight, Math.max(0, roundWeight(allotment.weight - allotment.used_weight))) : 0;
  const allotV = allotment ? Math.min(ask.volume, Math.max(0, roundVolume(allotment.volume - allotment.used_volume))) : 0;
  const space: Space = {
    allotment_id: allotW > 0 || allotV > 0 ? allotment!.id : null,
    allotment_weight: allotW,
    allotment_volume: allotV,
    counted_weight: ask.weight,
    counted_volume: ask.volume,
  };
  const freeW = roundWeight(cap.availableWeightKg + allowance.weight);
  const freeV = roundVolume(cap.availableVolumeM3 + allowance.volume);
  const restW = roundWeight(ask.weight - allotW);
  const restV = roundVolume(ask.volume - allotV);
  if (restW > freeW) return { fits: false, space, reason: `Not enough capacity: ${amount(Math.max(0, roundWeight(freeW + allotW)), "kg")} free, ${amount(ask.weight, "kg")} asked` };
  if (restV > freeV) return { fits: false, space, reason: `Not enough capacity: ${amount(Math.max(0, roundVolume(freeV + allotV)), "m3")} free, ${amount(ask.volume, "m3")} asked` };
  return { fits: true, space };
}

/** The forwarder's allotment on the segment that still holds space at `now` (hard before soft). */
export async function heldAllotment(tx: Tx, segment: Segment, forwarderShortName: string, now: Date): Promise<AllotmentRow | null> {
  const rows = await tx
    .select()
    .from(allotments)
    .where(and(eq(allotments.segment_id, segment.id), eq(allotments.forwarder_short_name, forwarderShortName)));
  const held = rows
    .filter((a) => allotmentHeld({ timelimitToStdHours: a.timelimit_to_std }, now, segment.std))
    .filter((a) => a.weight - a.used_weight > 0 || a.volume - a.used_volume > 0)
    .sort((a, b) => Number(a.type !== "hard") - Number(b.type !== "hard") || a.id - b.id);
  return held[0] ?? null;
}

/** The capacity of a locked segment now (the arithmetic of segments/{id}/capacity). */
export async function capacityOf(tx: Tx, segment: Segment, now: Date): Promise<SegmentCapacity> {
  return (await capacitiesOf(asDb(tx), [segment], now)).get(segment.id)!;
}

/** Whether the flight's capacity is known at all: without an aircraft capacity nothing can be confirmed by itself. */
export const capacityKnown = (cap: SegmentCapacity) => cap.maxWeightKg > 0 || cap.maxVolumeM3 > 0;

// Sums are rounded in SQL (3 decimals) so that adding and subtracting 0.1s never leaves floating-point dust behind.
const plus = (column: AnyColumn, n: number) => sql`round((${column} + ${n})::numeric, 3)::double precision`;
const minus = (column: AnyColumn, n: number) => sql`greatest(0, round((${column} - ${n})::numeric, 3))::double precision`;

/** Adds `space` to the segment's booked figures and the allotment's used ones. */
export async function takeSpace(tx: Tx, segmentId: number, space: Space): Promise<void> {
  if (space.counted_weight > 0 || space.counted_volume > 0) {
    await tx
      .update(segments)
      .set({ booked_weight: plus(segments.booked_weight, space.counted_weight), booked_volume: plus(segments.booked_volume, space.counted_volume) })
      .where(eq(segments.id, segmentId));
  }
  if (space.allotment_id !== null) {
    await tx
      .update(allotments)
      .set({ used_weight: plus(allotments.used_weight, space.allotment_weight), used_volume: plus(allotments.used_volume, space.allotment_volume) })
      .where(eq(allotments.id, space.allotment_id));
  }
}

/** Subtracts exactly what takeSpace added (never below zero). */
export async function releaseSpace(tx: Tx, segmentId: number, space: Space): Promise<void> {
  if (space.counted_weight > 0 || space.counted_volume > 0) {
    await tx
      .update(segments)
      .set({ booked_weight: minus(segments.booked_weight, space.counted_weight), booked_volume: minus(segments.booked_volume, space.counted_volume) })
      .where(eq(segments.id, segmentId));
  }
  if (space.allotment_id !== null) {
    await tx
      .update(allotments)
      .set({ used_weight: minus(allotments.used_weight, space.allotment_weight), used_volume: minus(allotments.used_volume, space.allotment_volume) })
      .where(eq(allotments.id, space.allotment_id));
  }
}
