import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../db/open";
import { awbStockNumbers, awbStockRanges } from "../db/schema";

// The stock's work on numbers, each decided inside the database: loading a range, handing numbers to a forwarder or
// taking them back, and taking a forwarder's next free number for a new waybill. None reads first and writes after
// in code, so parallel requests can neither hand out one number twice nor lose one.

/** A transaction or the database: the helpers below run inside the caller's transaction when given one. */
type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/**
 * At most this many numbers in one range or one assignment, so one request stays well inside DESIGN §4a's second:
 * on PGlite 20 000 load in 0.34 s and move in 0.56 s (50 000: 0.77 s and 1.4 s). Airlines hand out blocks of a few
 * thousand; a larger stock is loaded in several ranges.
 */
export const MAX_RANGE_SIZE = 20_000;

/** Which numbers an assign or withdraw works on: a serial range (seven digits) or the first `count` that qualify. */
export type NumberPick = { serial_from: number; serial_to: number } | { count: number };

/** Loads a range: the range row and one free, unassigned row per number (`mawb` with its check digit). */
export async function loadRange(
  tx: Tx,
  range: { carrier: string; prefix: string; serial_from: number; serial_to: number; bso: boolean; location_iata: string | null },
): Promise<number> {
  const [row] = await tx.insert(awbStockRanges).values(range).returning({ id: awbStockRanges.id });
  // one statement in the database, not 20 000 rows sent over: the number written as cargo's awbNumberFromSerial
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
 * Moves free numbers of the airline's prefix from one holder to another: `from` null is the airline's pool. The
 * numbers of `pick` among those `from` holds are locked, then handed to `to`. Returns how many moved; fewer than a
 * count asked means there were no more, and the caller decides whether that is an error.
 */
async function moveFreeNumbers(tx: Tx, opts: { carrier: string; prefix: string; pick: NumberPick; from: number | null; to: number | null }): Promise<number> {
  // one statement: the picked rows are locked by the subquery and moved by the update (a list of ids sent back
  // would outgrow a statement's parameters at 65 535 numbers)
  const picked = pickedIds(
    tx,
    and(
      eq(awbStockNumbers.prefix, opts.prefix),
      eq(awbStockNumbers.state, "free"),
      opts.from === null ? sql`${awbStockNumbers.forwarder_id} is null` : eq(awbStockNumbers.forwarder_id, opts.from),
      sql`${awbStockNumbers.range_id} in (select ${awbStockRanges.id} from ${awbStockRanges} where ${awbStockRanges.carrier} = ${opts.carrier})`,
    ),
    opts.pick,
  );
  const moved = await tx
    .update(awbStockNumbers)
    .set({ forwarder_id: opts.to, updated_at: sql`now()` })
    .where(inArray(awbStockNumbers.id, picked))
    .returning({ id: awbStockNumbers.id });
  return moved.length;
}

type Move = { carrier: string; prefix: string; forwarderId: number; pick: NumberPick };

/** Gives free numbers of the airline's pool (not yet any forwarder's) to `forwarderId`; how many. */
export const assignNumbers = (tx: Tx, opts: Move) => moveFreeNumbers(tx, { ...opts, from: null, to: opts.forwarderId });

/** Takes a forwarder's free numbers back into the airline's pool (used and voided ones stay); how many. */
export const withdrawNumbers = (tx: Tx, opts: Move) => moveFreeNumbers(tx, { ...opts, from: opts.forwarderId, to: null });

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
