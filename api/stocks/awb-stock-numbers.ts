import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { awbStockNumbers, awbStockRanges } from "../db/schema";

// The stock's work on numbers, each decided inside the database: loading a range, handing numbers to a forwarder or
// taking them back, and taking a forwarder's next free number for a new waybill. None reads first and writes after
// in code, so parallel requests can neither hand out one number twice nor lose one.

/** A transaction or the database: the helpers below run inside the caller's transaction when given one. */
type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/** At most this many numbers in one range: loading it is one INSERT of that many rows. */
export const MAX_RANGE_SIZE = 100_000;

/** Which numbers an assign or withdraw works on: a serial range (seven digits) or the first `count` that qualify. */
export type NumberPick = { serial_from: number; serial_to: number } | { count: number };

/** Loads a range: the range row and one free, unassigned row per number (`mawb` with its check digit). */
export async function loadRange(
  tx: Tx,
  range: { carrier: string; prefix: string; serial_from: number; serial_to: number; bso: boolean; location_iata: string | null },
): Promise<number> {
  const [row] = await tx.insert(awbStockRanges).values(range).returning({ id: awbStockRanges.id });
  // one statement in the database, not 100 000 rows sent over: the number written as cargo's awbNumberFromSerial
  // writes it (prefix, hyphen, seven digits, the check digit = serial mod 7); the stock tests compare the two
  await tx.execute(sql`
    insert into ${awbStockNumbers} (range_id, prefix, serial, mawb)
    select ${row!.id}, ${range.prefix}, s, ${range.prefix} || '-' || lpad(s::text, 7, '0') || (s % 7)::text
    from generate_series(${range.serial_from}::int, ${range.serial_to}::int) as s`);
  return row!.id;
}

/** The numbers of `pick` among those `where` selects, locked, in serial order (a count picks the lowest serials). */
function pickedIds(tx: Tx, where: ReturnType<typeof and>, pick: NumberPick) {
  const inRange = "count" in pick ? undefined : sql`${awbStockNumbers.serial} between ${pick.serial_from} and ${pick.serial_to}`;
  const query = tx
    .select({ id: awbStockNumbers.id })
    .from(awbStockNumbers)
    .where(and(where, inRange))
    .orderBy(asc(awbStockNumbers.serial))
    .for("update");
  return "count" in pick ? query.limit(pick.count) : query;
}

/**
 * Gives free numbers of the airline's pool (not yet any forwarder's) to `forwarderId`. Returns how many; fewer
 * than asked for a count means the pool had no more, and the caller decides whether that is an error.
 */
export async function assignNumbers(tx: Tx, opts: { carrier: string; prefix: string; forwarderId: number; pick: NumberPick }): Promise<number> {
  const rows = await pickedIds(
    tx,
    and(
      eq(awbStockNumbers.prefix, opts.prefix),
      eq(awbStockNumbers.state, "free"),
      sql`${awbStockNumbers.forwarder_id} is null`,
      sql`${awbStockNumbers.range_id} in (select ${awbStockRanges.id} from ${awbStockRanges} where ${awbStockRanges.carrier} = ${opts.carrier})`,
    ),
    opts.pick,
  );
  if (!rows.length) return 0;
  const ids = rows.map((r) => r.id);
  await tx
    .update(awbStockNumbers)
    .set({ forwarder_id: opts.forwarderId, updated_at: sql`now()` })
    .where(sql`${awbStockNumbers.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return ids.length;
}

/** Takes a forwarder's free numbers back into the airline's pool; used and voided ones stay where they are. */
export async function withdrawNumbers(tx: Tx, opts: { carrier: string; prefix: string; forwarderId: number; pick: NumberPick }): Promise<number> {
  const rows = await pickedIds(
    tx,
    and(
      eq(awbStockNumbers.prefix, opts.prefix),
      eq(awbStockNumbers.state, "free"),
      eq(awbStockNumbers.forwarder_id, opts.forwarderId),
      sql`${awbStockNumbers.range_id} in (select ${awbStockRanges.id} from ${awbStockRanges} where ${awbStockRanges.carrier} = ${opts.carrier})`,
    ),
    opts.pick,
  );
  if (!rows.length) return 0;
  const ids = rows.map((r) => r.id);
  await tx
    .update(awbStockNumbers)
    .set({ forwarder_id: null, updated_at: sql`now()` })
    .where(sql`${awbStockNumbers.id} in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return ids.length;
}

/**
 * The forwarder's next free number for a prefix, marked used in the same statement; null when its stock is empty.
 * `SKIP LOCKED`: a request that finds the lowest number taken by another (not yet committed) takes the next one
 * instead of waiting, so fifty parallel waybills get fifty distinct numbers without queueing on one row.
 */
export async function takeStockNumber(tx: Tx, opts: { forwarderId: number; prefix: string; at: Date }): Promise<string | null> {
  const taken = await tx.execute<{ mawb: string }>(sql`
    update ${awbStockNumbers} set state = 'used', used_at = ${opts.at.toISOString()}, updated_at = now()
    where ${awbStockNumbers.id} = (
      select ${awbStockNumbers.id} from ${awbStockNumbers}
      where ${awbStockNumbers.forwarder_id} = ${opts.forwarderId} and ${awbStockNumbers.prefix} = ${opts.prefix} and ${awbStockNumbers.state} = 'free'
      order by ${awbStockNumbers.serial}
      limit 1
      for update skip locked
    )
    returning ${awbStockNumbers.mawb}`);
  const rows = "rows" in taken ? (taken.rows as Array<{ mawb: string }>) : (taken as unknown as Array<{ mawb: string }>);
  return rows[0]?.mawb ?? null;
}
