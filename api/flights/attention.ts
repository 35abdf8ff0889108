import { and, getTableColumns, gte, inArray, sql, type SQL } from "drizzle-orm";
import type { Db } from "../db/open";
import { segments } from "../db/schema";

// Why a flight needs attention (the action_required tab; spec 1 §2, issue 4): the reasons are computed in SQL
// so that the list filters on them and answers them in the same query as its rows.

export const ATTENTION_CODES = ["over_capacity", "ffm_missing", "cancelled_with_bookings"] as const;
export type AttentionCode = (typeof ATTENTION_CODES)[number];

/**
 * A flight needs attention from now on until this long after its STD: an FFM is expected within it, and an older
 * flight's capacity or cancellation can no longer be acted upon (it also bounds the tab to an index range).
 */
export const ATTENTION_WINDOW_HOURS = 72;

/**
 * The reasons, as SQL over a row of `segments`, at `now`:
 * - over_capacity: not cancelled, and booked + estimated + held allotment space (unused, not released: the
 *   arithmetic of cargo/flights/capacity.ts, compared on weights rounded to 0.1 kg and volumes to 0.01 m3) beyond
 *   the aircraft capacity (max cargo lowered to the flight's payload). A flight without an aircraft capacity row
 *   has nothing to compare with and is not flagged.
 * - ffm_missing: not cancelled, departed (STD passed or ATOT set) and no FFM received.
 * - cancelled_with_bookings: cancelled while it still carries booked weight or volume.
 */
/**
 * The capacity arithmetic of cargo/flights/capacity.ts as SQL over a row of `segments` (alias `ac` the aircraft
 * capacity): held allotment space (unused, not released at `now`: timelimit_to_std 0 never is), the weight limit
 * (max cargo lowered to the flight's payload) and the space taken. Route search and attention read it in their
 * own queries, so neither loads allotments row by row.
 */
export function capacitySql(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const held = (field: "weight" | "volume") =>
    sql`(select coalesce(sum(greatest(0, a.${sql.raw(field)} - a.used_${sql.raw(field)})), 0) from allotments a
      where a.segment_id = ${segments.id} and (a.timelimit_to_std = 0 or ${at} < ${segments.std} - a.timelimit_to_std * interval '1 hour'))`;
  const takenWeight = sql`(${segments.booked_weight} + ${segments.estimated_weight} + ${held("weight")})`;
  const takenVolume = sql`(${segments.booked_volume} + ${segments.estimated_volume} + ${held("volume")})`;
  const maxWeight = sql`greatest(0, least(ac.max_cargo_weight, coalesce(${segments.payload}, ac.max_cargo_weight)))`;
  const capacityRow = sql`aircraft_capacities ac where ac.carrier = ${segments.carrier} and ac.aircraft_type = ${segments.aircraft_type}`;
  return {
    takenWeight,
    takenVolume,
    maxWeight,
    capacityRow,
    /** Available weight and volume (negative when overbooked; no aircraft capacity: nothing available). */
    availableWeight: sql<number>`(coalesce((select ${maxWeight} from ${capacityRow}), 0) - ${takenWeight})`.mapWith(Number),
    availableVolume: sql<number>`(coalesce((select ac.max_cargo_volume from ${capacityRow}), 0) - ${takenVolume})`.mapWith(Number),
  };
}

export function attentionSql(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const booked = sql`(${segments.booked_weight} > 0 or ${segments.booked_volume} > 0)`;
  const c = capacitySql(now);
  const overCapacity = sql`(not ${segments.canceled} and exists (select 1 from ${c.capacityRow} and (
      round(${c.takenWeight}::numeric, 1) > round(${c.maxWeight}::numeric, 1)
      or round(${c.takenVolume}::numeric, 2) > round(ac.max_cargo_volume::numeric, 2)
    )))`;
  const ffmMissing = sql`(not ${segments.canceled} and ${segments.ffm_received_at} is null and (${segments.std} <= ${at} or ${segments.atot} is not null))`;
  const cancelledWithBookings = sql`(${segments.canceled} and ${booked})`;
  const since = new Date(+now - ATTENTION_WINDOW_HOURS * 3_600_000);
  const inWindow = gte(segments.std, since);
  return {
    /** The segment's reasons, a text[] (empty outside the window). */
    codes: sql<AttentionCode[]>`case when ${segments.std} >= ${since.toISOString()}::timestamptz then array_remove(array[
      case when ${overCapacity} then 'over_capacity' end,
      case when ${ffmMissing} then 'ffm_missing' end,
      case when ${cancelledWithBookings} then 'cancelled_with_bookings' end
    ]::text[], null) else '{}'::text[] end`,
    /** The action_required filter: within the window (an index range on std) and at least one reason. */
    filter: and(inWindow, sql`(${cancelledWithBookings} or ${ffmMissing} or ${overCapacity})`) as SQL,
  };
}

/** Whole segment rows with their reasons (detail and write answers, route search results): one query. */
export function segmentsWithAttention(db: Db, ids: number[], now: Date) {
  if (!ids.length) return Promise.resolve([]);
  return db
    .select({ ...getTableColumns(segments), attention: attentionSql(now).codes })
    .from(segments)
    .where(inArray(segments.id, [...new Set(ids)]));
}
