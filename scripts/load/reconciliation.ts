/**
 * After the run, the database against what the users were told (issue 12 "Load"): every waybill told exists exactly
 * once, no number exists twice (prefix and serial per airline) and no stock number went to two waybills, every
 * booking a waybill page listed exists exactly once, every KK the desk was told of is KK, and no flight the run
 * booked is loaded beyond its capacity plus the airline's overflow allowance.
 *
 * Capacity is the API's own rule (cargo/flights/capacity.ts segmentCapacity, fed as api/flights/capacity.ts feeds it):
 * booked (KK, segments.booked_weight/volume) + estimated + held unused allotments against the cargo limit plus the
 * overflow allowance; cargo manifested beyond its bookings is left out, it is the handling desk's decision and not a
 * booking. The demo data holds flights that are over on purpose (the "action required" list), so a flight counts as
 * over-booked by the run when it is over at the end and was not before, or was and took more confirmed weight since.
 * The snapshot taken before the run also gives the drift check: what the run added to a segment's booked figures
 * equals what it added to its confirmed bookings' counted figures.
 *
 * Plain SQL over anything with pg's `query` (a pg Pool, PGlite), so a unit test runs it on a small fixture.
 */
import { cargoLimit, segmentCapacity } from "../../cargo/flights/capacity";
import type { ToldLedger } from "./told-ledger";

export interface Queryable {
  query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

interface SegmentState {
  id: number;
  number_with_date: string;
  booked_weight: number;
  booked_volume: number;
  kk_weight: number;
  kk_volume: number;
  over: boolean;
}

export interface Snapshot {
  /** The database's clock when the snapshot was taken: "used since the run started". */
  at: Date;
  segments: Map<number, SegmentState>;
}

export interface Reconciliation {
  waybillsTold: number;
  waybillsLost: string[];
  waybillsDuplicated: string[];
  /** Numbers (carrier prefix-serial) held by two waybills anywhere in the database. */
  numbersDuplicated: string[];
  /** Stock numbers that went to two waybills. */
  stockNumbersDuplicated: string[];
  /** Stock numbers used since the run started that no waybill carries (taken and lost). */
  stockNumbersOrphaned: string[];
  bookingsTold: number;
  bookingsLost: string[];
  /** Told bookings found more than once, and waybills holding active bookings their page did not list. */
  bookingsDuplicated: string[];
  answersTold: number;
  /** KK answers the desk was told of whose booking is not KK (or not there). */
  answersLost: string[];
  segmentsChecked: number;
  overBooked: string[];
  /** Segments whose booked figures moved by other than their confirmed bookings' counted figures. */
  bookedDrift: string[];
}

/** Lost + duplicated + over-booked, the figures that fail a run. */
export function reconciliationFailures(r: Reconciliation): { lost: number; duplicated: number; overBooked: number } {
  return {
    lost: r.waybillsLost.length + r.bookingsLost.length + r.answersLost.length + r.stockNumbersOrphaned.length,
    duplicated: r.waybillsDuplicated.length + r.numbersDuplicated.length + r.stockNumbersDuplicated.length + r.bookingsDuplicated.length,
    overBooked: r.overBooked.length + r.bookedDrift.length,
  };
}

const num = (v: unknown) => Number(v ?? 0);
const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** Each segment's booked and confirmed figures and whether it is loaded beyond its limit (all segments, or `ids`). */
async function segmentStates(db: Queryable, ids: number[] | null, now: Date): Promise<Map<number, SegmentState>> {
  const where = ids ? "where s.id = any($1::int[])" : "";
  const { rows } = await db.query<Record<string, unknown>>(
    `select s.id, s.number_with_date, s.carrier, s.aircraft_type, s.payload, s.std, s.booked_weight, s.booked_volume,
            s.estimated_weight, s.estimated_volume,
            coalesce(k.weight, 0) as kk_weight, coalesce(k.volume, 0) as kk_volume,
            c.max_cargo_weight, c.max_cargo_volume,
            a.overflow_weight_limit, a.overflow_volume_limit, a.overflow_weight_percent, a.overflow_volume_percent
       from segments s
       left join (select segment_id, sum(counted_weight) as weight, sum(counted_volume) as volume
                    from bookings where active and response_status = 'KK' group by segment_id) k on k.segment_id = s.id
       left join aircraft_capacities c on c.carrier = s.carrier and c.aircraft_type = s.aircraft_type
       left join airlines a on a.carrier = s.carrier
       ${where}`,
    ids ? [ids] : [],
  );
  const allotments = await db.query<Record<string, unknown>>(
    `select segment_id, weight, volume, used_weight, used_volume, timelimit_to_std from allotments ${ids ? "where segment_id = any($1::int[])" : ""}`,
    ids ? [ids] : [],
  );
  const allotmentsOf = new Map<number, Array<Record<string, unknown>>>();
  for (const a of allotments.rows) {
    const id = num(a.segment_id);
    allotmentsOf.set(id, [...(allotmentsOf.get(id) ?? []), a]);
  }
  const out = new Map<number, SegmentState>();
  for (const s of rows) {
    const id = num(s.id);
    const known = s.max_cargo_weight !== null && s.max_cargo_weight !== undefined;
    const capacity = segmentCapacity({
      maxWeightKg: known ? cargoLimit(num(s.max_cargo_weight), s.payload === null ? null : num(s.payload)) : 0,
      maxVolumeM3: known ? num(s.max_cargo_volume) : 0,
      bookedWeightKg: num(s.booked_weight),
      bookedVolumeM3: num(s.booked_volume),
      estimatedWeightKg: num(s.estimated_weight),
      estimatedVolumeM3: num(s.estimated_volume),
      allotments: (allotmentsOf.get(id) ?? []).map((a) => ({
        timelimitToStdHours: num(a.timelimit_to_std),
        weightKg: num(a.weight),
        volumeM3: num(a.volume),
        usedWeightKg: num(a.used_weight),
        usedVolumeM3: num(a.used_volume),
      })),
      now,
      std: new Date(s.std as string | Date),
      overflow: {
        weightKg: s.overflow_weight_limit as number | null,
        volumeM3: s.overflow_volume_limit as number | null,
        weightPercent: s.overflow_weight_percent as number | null,
        volumePercent: s.overflow_volume_percent as number | null,
      },
    });
    out.set(id, {
      id,
      number_with_date: String(s.number_with_date),
      booked_weight: num(s.booked_weight),
      booked_volume: num(s.booked_volume),
      kk_weight: num(s.kk_weight),
      kk_volume: num(s.kk_volume),
      // a flight without a known capacity confirms nothing by itself; it cannot be over a limit it does not have
      over: known && capacity.loadFactorOverflow,
    });
  }
  return out;
}

async function databaseNow(db: Queryable): Promise<Date> {
  const { rows } = await db.query<{ now: string | Date }>("select now() as now");
  return new Date(rows[0]!.now);
}

/** Every segment's state before the run. */
export async function takeSnapshot(db: Queryable): Promise<Snapshot> {
  const at = await databaseNow(db);
  return { at, segments: await segmentStates(db, null, at) };
}

export async function reconcile(db: Queryable, before: Snapshot, ledger: ToldLedger): Promise<Reconciliation> {
  const told = [...ledger.waybills];
  const waybills = await db.query<{ mawb: string; n: number }>(
    `select t.mawb, count(w.id)::int as n from unnest($1::text[]) as t(mawb) left join air_waybills w on w.mawb = t.mawb group by t.mawb`,
    [told],
  );
  const numbers = await db.query<{ number: string }>(
    `select carrier || ' ' || prefix || '-' || substr(mawb, 5, 7) as number from air_waybills
      group by carrier, prefix, substr(mawb, 5, 7) having count(*) > 1`,
  );
  const stockTwice = await db.query<{ mawb: string }>(
    `select s.mawb from awb_stock_numbers s join air_waybills w on w.prefix = s.prefix and substr(w.mawb, 5, 7) = lpad(s.serial::text, 7, '0')
      group by s.id, s.mawb having count(w.id) > 1`,
  );
  const orphans = await db.query<{ mawb: string }>(
    `select s.mawb from awb_stock_numbers s where s.state = 'used' and s.used_at >= $1
        and not exists (select 1 from air_waybills w where w.mawb = s.mawb)`,
    [before.at],
  );

  const toldBookings = ledger.allBookings();
  const bookings = await db.query<{ mawb: string; flight: string; n: number }>(
    `select t.mawb, t.flight, count(b.id)::int as n from unnest($1::text[], $2::text[]) as t(mawb, flight)
       left join bookings b on b.mawb = t.mawb and b.number_with_date = t.flight and b.active
      group by t.mawb, t.flight`,
    [toldBookings.map((b) => b.mawb), toldBookings.map((b) => b.flight)],
  );
  const perWaybill = await db.query<{ mawb: string; n: number }>(
    `select mawb, count(*)::int as n from bookings where active and mawb = any($1::text[]) group by mawb`,
    [[...ledger.bookings.keys()]],
  );
  // only waybills whose page was read: one the run ended before has told no bookings at all
  const listed = new Map<string, number>();
  for (const b of toldBookings) listed.set(b.mawb, (listed.get(b.mawb) ?? 0) + 1);

  const answers = await db.query<{ mawb: string; flight: string; kk: number }>(
    // distinct: two desk users may both be told their KK of one request succeeded (the second answer changes nothing)
    `select t.mawb, t.flight, count(b.id) filter (where b.response_status = 'KK')::int as kk from (select distinct * from unnest($1::text[], $2::text[]) as u(mawb, flight)) as t
       left join bookings b on b.mawb = t.mawb and b.number_with_date = t.flight and b.active
      group by t.mawb, t.flight`,
    [ledger.answers.map((a) => a.mawb), ledger.answers.map((a) => a.flight)],
  );

  // the segments the run booked or confirmed on: every active booking of a told waybill
  const touched = await db.query<{ segment_id: number }>(`select distinct segment_id from bookings where active and mawb = any($1::text[])`, [
    [...new Set([...told, ...ledger.answers.map((a) => a.mawb)])],
  ]);
  const ids = touched.rows.map((r) => num(r.segment_id));
  const after = await segmentStates(db, ids, await databaseNow(db));
  const overBooked: string[] = [];
  const bookedDrift: string[] = [];
  for (const [id, now] of after) {
    const then = before.segments.get(id);
    const tookMore = !then || now.kk_weight > then.kk_weight + 0.001 || now.kk_volume > then.kk_volume + 0.001;
    if (now.over && (!then?.over || tookMore)) overBooked.push(`${now.number_with_date} (segment ${id})`);
    if (then) {
      const bookedMoved = round3(now.booked_weight - then.booked_weight);
      const confirmedMoved = round3(now.kk_weight - then.kk_weight);
      if (Math.abs(bookedMoved - confirmedMoved) > 0.001) bookedDrift.push(`${now.number_with_date}: booked ${bookedMoved > 0 ? "+" : ""}${bookedMoved} kg, KK bookings ${confirmedMoved > 0 ? "+" : ""}${confirmedMoved} kg`);
    }
  }

  return {
    waybillsTold: told.length,
    waybillsLost: waybills.rows.filter((r) => r.n === 0).map((r) => r.mawb),
    waybillsDuplicated: waybills.rows.filter((r) => r.n > 1).map((r) => r.mawb),
    numbersDuplicated: numbers.rows.map((r) => r.number),
    stockNumbersDuplicated: stockTwice.rows.map((r) => r.mawb),
    stockNumbersOrphaned: orphans.rows.map((r) => r.mawb),
    bookingsTold: toldBookings.length,
    bookingsLost: bookings.rows.filter((r) => r.n === 0).map((r) => `${r.mawb} on ${r.flight}`),
    bookingsDuplicated: [
      ...bookings.rows.filter((r) => r.n > 1).map((r) => `${r.mawb} on ${r.flight} ×${r.n}`),
      ...perWaybill.rows.filter((r) => r.n > (listed.get(r.mawb) ?? 0)).map((r) => `${r.mawb}: ${r.n} active bookings, its page listed ${listed.get(r.mawb) ?? 0}`),
    ],
    answersTold: ledger.answers.length,
    answersLost: answers.rows.filter((r) => r.kk !== 1).map((r) => `${r.mawb} on ${r.flight}`),
    segmentsChecked: after.size,
    overBooked,
    bookedDrift,
  };
}
