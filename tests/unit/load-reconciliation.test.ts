/**
 * The load run's reconciliation (scripts/load/reconciliation.ts) on a small fixture in the real schema (the API's
 * migrations on in-memory PGlite): what the users were told against what the database holds. Each check is shown to
 * find its defect: a lost waybill, a lost or doubled booking, a KK answer that is not KK, a number or stock number on
 * two waybills, a flight loaded past capacity plus overflow by the run (and not a flight the demo left over on purpose).
 */
import type { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../api/db/open";
import { openPreparedPglite } from "../prepared-database";
import { reconcile, reconciliationFailures, takeSnapshot, type Queryable } from "../../scripts/load/reconciliation";
import { ToldLedger } from "../../scripts/load/told-ledger";

let database: Database;
let db: Queryable;

const STD = "2030-06-10T19:00:00Z";

async function segment(number: string, opts: { booked?: number; estimated?: number } = {}): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into segments (carrier, number, flight_date, number_with_date, origin_iata, destination_iata, origin_time_zone, destination_time_zone,
                           std, sta, aircraft_type, booked_weight, estimated_weight)
     values ('S7', $1, '2030-06-10', $2, 'DME', 'OVB', 'Europe/Moscow', 'Asia/Novosibirsk', $3, $3::timestamptz + interval '4 hours', '32N', $4, $5)
     returning id`,
    [number, `S7${number}/10JUN30`, STD, opts.booked ?? 0, opts.estimated ?? 0],
  );
  return rows[0]!.id;
}

let forwarder = 0;
let serial = 1_000_000;

/** A waybill of FWDONE with a number from the S7 stock (the number row marked used), optionally booked on `segments`. */
async function waybill(bookings: Array<{ segment: number; weight: number; status: "KK" | "LL" }> = [], opts: { stock?: boolean } = {}): Promise<string> {
  const s = serial++;
  const mawb = `421-${String(s).padStart(7, "0")}${s % 7}`;
  const weight = bookings[0]?.weight ?? 100;
  const { rows } = await db.query<{ id: number }>(
    `insert into air_waybills (mawb, prefix, carrier, forwarder_id, origin_iata, destination_iata, pieces, weight, charge_weight, commodity)
     values ($1, '421', 'S7', $2, 'DME', 'OVB', 1, $3, $3, 'SPARE PARTS') returning id`,
    [mawb, forwarder, weight],
  );
  if (opts.stock !== false) {
    await db.query(`insert into awb_stock_numbers (range_id, prefix, serial, mawb, forwarder_id, state, used_at) values (1, '421', $1, $2, $3, 'used', now())`, [s, mawb, forwarder]);
  }
  for (const b of bookings) await book(rows[0]!.id, mawb, b.segment, b.weight, b.status);
  return mawb;
}

/** A booking as the API writes one: a KK counts its weight on the booking and on the segment. */
async function book(awbId: number, mawb: string, segmentId: number, weight: number, status: string): Promise<void> {
  const counted = status === "KK" ? weight : 0;
  await db.query(
    `insert into bookings (air_waybill_id, mawb, carrier, forwarder_id, segment_id, number_with_date, origin_iata, destination_iata, std, pieces, weight, response_status, counted_weight)
     select $1, $2, 'S7', $3, s.id, s.number_with_date, 'DME', 'OVB', s.std, 1, $4, $5, $6 from segments s where s.id = $7`,
    [awbId, mawb, forwarder, weight, status, counted, segmentId],
  );
  await db.query(`update segments set booked_weight = booked_weight + $1 where id = $2`, [counted, segmentId]);
}

/** The create's redirect named `mawb` and its page listed `bookings`. */
function told(ledger: ToldLedger, mawb: string, bookings: Parameters<ToldLedger["bookingsShown"]>[1]): void {
  ledger.waybillCreated(mawb);
  ledger.bookingsShown(mawb, bookings);
}

/** A run's start on one new flight: the flight, the database as the run found it, and nothing told yet. */
async function runOnOneFlight(number: string): Promise<{ flight: number; before: Awaited<ReturnType<typeof takeSnapshot>>; ledger: ToldLedger }> {
  const flight = await segment(number);
  return { flight, before: await takeSnapshot(db), ledger: new ToldLedger() };
}

const flightOf = async (segmentId: number) => (await db.query<{ n: string }>(`select number_with_date as n from segments where id = $1`, [segmentId])).rows[0]!.n;

beforeAll(async () => {
  database = await openPreparedPglite({ kind: "migrated" });
  db = (database.db as unknown as { $client: PGlite }).$client as unknown as Queryable;
  // S7 lets a flight be loaded 150 kg past its 3 000 kg (500 kg or 5 %, the smaller)
  await db.query(`insert into airlines (carrier, awb_prefix, name, overflow_weight_limit, overflow_weight_percent) values ('S7', '421', 'S7 Airlines', 500, 5)`);
  await db.query(`insert into aircraft_capacities (carrier, aircraft_type, max_cargo_weight, max_cargo_volume) values ('S7', '32N', 3000, 18)`);
  forwarder = (await db.query<{ id: number }>(`insert into companies (business_type, name, short_name) values ('forwarder', 'Forwarder One', 'FWDONE') returning id`)).rows[0]!.id;
  await db.query(`insert into awb_stock_ranges (carrier, prefix, serial_from, serial_to) values ('S7', '421', 1000000, 1999999)`);
}, 60_000);

afterAll(async () => {
  await database?.close();
});

describe("the load run's reconciliation", () => {
  it("finds nothing wrong when the database holds exactly what the users were told", async () => {
    const { flight, before, ledger } = await runOnOneFlight("0201");
    const a = await waybill([{ segment: flight, weight: 1200, status: "KK" }]);
    const b = await waybill([{ segment: flight, weight: 1500, status: "KK" }]);
    const c = await waybill([{ segment: flight, weight: 700, status: "LL" }]);
    const name = await flightOf(flight);
    for (const [mawb, status] of [[a, "KK"], [b, "KK"], [c, "LL"]] as const) told(ledger, mawb, [{ mawb, flight: name, status }]);
    // the run ended between a create's redirect and its page: the number was told, its bookings never were
    ledger.waybillCreated(await waybill([{ segment: flight, weight: 100, status: "LL" }]));

    const r = await reconcile(db, before, ledger);
    expect(r).toMatchObject({ waybillsTold: 4, bookingsTold: 3, segmentsChecked: 1 });
    expect(reconciliationFailures(r)).toEqual({ lost: 0, duplicated: 0, overBooked: 0 });
  });

  it("counts a told waybill, booking or KK answer the database does not hold as lost", async () => {
    const { flight, before, ledger } = await runOnOneFlight("0203");
    const kept = await waybill([{ segment: flight, weight: 100, status: "LL" }]);
    const name = await flightOf(flight);
    told(ledger, "421-99999990", [{ mawb: "421-99999990", flight: name, status: "KK" }]);
    told(ledger, kept, [
      { mawb: kept, flight: name, status: "LL" },
      { mawb: kept, flight: "S70103/11JUN30", status: "KK" },
    ]);
    ledger.bookingConfirmed({ mawb: kept, flight: name, status: "KK" });

    const r = await reconcile(db, before, ledger);
    expect(r.waybillsLost).toEqual(["421-99999990"]);
    expect(r.bookingsLost.sort()).toEqual([`421-99999990 on ${name}`, `${kept} on S70103/11JUN30`].sort());
    expect(r.answersLost).toEqual([`${kept} on ${name}`]);
    expect(reconciliationFailures(r).lost).toBe(4);
  });

  it("a KK answer two desk users were both told of (the second changed nothing) is one KK, not lost", async () => {
    const { flight, before, ledger } = await runOnOneFlight("0215");
    const confirmed = await waybill([{ segment: flight, weight: 100, status: "KK" }]);
    const name = await flightOf(flight);
    told(ledger, confirmed, [{ mawb: confirmed, flight: name, status: "KK" }]);
    ledger.bookingConfirmed({ mawb: confirmed, flight: name, status: "KK" });
    ledger.bookingConfirmed({ mawb: confirmed, flight: name, status: "KK" });

    const r = await reconcile(db, before, ledger);
    expect(r.answersLost).toEqual([]);
    expect(reconciliationFailures(r).lost).toBe(0);
  });

  it("counts a second active booking its page did not list, a number on two waybills and a stock number used twice as duplicated", async () => {
    const flight = await segment("0205");
    const other = await segment("0207");
    const before = await takeSnapshot(db);
    const ledger = new ToldLedger();
    const mawb = await waybill([
      { segment: flight, weight: 100, status: "KK" },
      { segment: other, weight: 100, status: "KK" },
    ]);
    told(ledger, mawb, [{ mawb, flight: await flightOf(flight), status: "KK" }]);
    // the same prefix and serial under another check digit: two waybills of one number
    const twin = `${mawb.slice(0, -1)}${(Number(mawb.slice(-1)) + 1) % 7}`;
    await db.query(
      `insert into air_waybills (mawb, prefix, carrier, forwarder_id, origin_iata, destination_iata, pieces, weight, charge_weight, commodity)
       values ($1, '421', 'S7', $2, 'DME', 'OVB', 1, 10, 10, 'SPARE PARTS')`,
      [twin, forwarder],
    );

    const r = await reconcile(db, before, ledger);
    expect(r.bookingsDuplicated).toEqual([`${mawb}: 2 active bookings, its page listed 1`]);
    expect(r.numbersDuplicated).toEqual([`S7 421-${mawb.slice(4, 11)}`]);
    expect(r.stockNumbersDuplicated).toEqual([mawb]);
    expect(reconciliationFailures(r).duplicated).toBe(3);
    await db.query(`delete from air_waybills where mawb = $1`, [twin]);
  });

  it("counts a stock number used during the run that no waybill carries as lost", async () => {
    const before = await takeSnapshot(db);
    await db.query(`insert into awb_stock_numbers (range_id, prefix, serial, mawb, forwarder_id, state, used_at) values (1, '421', 1999990, '421-19999906', $1, 'used', now())`, [forwarder]);
    const r = await reconcile(db, before, new ToldLedger());
    expect(r.stockNumbersOrphaned).toEqual(["421-19999906"]);
  });

  it("counts a flight the run confirmed past capacity plus overflow, not one that was over before and took nothing more", async () => {
    // 3 000 kg + 150 kg allowed; 200 kg estimated
    const full = await segment("0209", { estimated: 200 });
    const overAlready = await segment("0211", { booked: 3500 });
    const before = await takeSnapshot(db);
    const ledger = new ToldLedger();
    const fits = await waybill([{ segment: full, weight: 2900, status: "KK" }]);
    const past = await waybill([{ segment: full, weight: 200, status: "KK" }]);
    const onOver = await waybill([{ segment: overAlready, weight: 300, status: "LL" }]);
    for (const [mawb, segmentId, status] of [[fits, full, "KK"], [past, full, "KK"], [onOver, overAlready, "LL"]] as const) {
      told(ledger, mawb, [{ mawb, flight: await flightOf(segmentId), status }]);
    }

    const r = await reconcile(db, before, ledger);
    // 2 900 + 200 booked + 200 estimated = 3 300 kg > 3 150 kg
    expect(r.overBooked).toEqual([`${await flightOf(full)} (segment ${full})`]);
    expect(r.bookedDrift).toEqual([]);
  });

  it("counts a segment whose booked weight moved by other than its KK bookings as drift", async () => {
    const { flight, before, ledger } = await runOnOneFlight("0213");
    const mawb = await waybill([{ segment: flight, weight: 300, status: "KK" }]);
    told(ledger, mawb, [{ mawb, flight: await flightOf(flight), status: "KK" }]);
    await db.query(`update segments set booked_weight = booked_weight + 300 where id = $1`, [flight]);

    const r = await reconcile(db, before, ledger);
    expect(r.bookedDrift).toEqual([`${await flightOf(flight)}: booked +600 kg, KK bookings +300 kg`]);
  });
});
