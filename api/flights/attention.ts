import { and, gte, inArray, sql, type SQL } from "drizzle-orm";
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
export function attentionSql(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  const booked = sql`(${segments.booked_weight} > 0 or ${segments.booked_volume} > 0)`;
  const overCapacity = sql`(not ${segments.canceled} and exists (
    select 1 from aircraft_capacities ac
    cross join lateral (
      select coalesce(sum(greatest(0, a.weight - a.used_weight)), 0) as w, coalesce(sum(greatest(0, a.volume - a.used_volume)), 0) as v
      from allotments a
      where a.segment_id = ${segments.id} and (a.timelimit_to_std = 0 or ${at} < ${segments.std} - a.timelimit_to_std * interval '1 hour')
    ) held
    where ac.carrier = ${segments.carrier} and ac.aircraft_type = ${segments.aircraft_type} and (
      round((${segments.booked_weight} + ${segments.estimated_weight} + held.w)::numeric, 1)
        > round(greatest(0, least(ac.max_cargo_weight, coalesce(${segments.payload}, ac.max_cargo_weight)))::numeric, 1)
      or round((${segments.booked_volume} + ${segments.estimated_volume} + held.v)::numeric, 2) > round(ac.max_cargo_volume::numeric, 2)
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

/** The reasons of a few segments (detail and write answers, route search): one query for all of them. */
export async function attentionOf(db: Db, ids: number[], now: Date): Promise<Map<number, AttentionCode[]>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: segments.id, attention: attentionSql(now).codes })
    .from(segments)
    .where(inArray(segments.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.attention ?? []]));
}
