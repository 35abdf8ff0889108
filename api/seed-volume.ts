// npm run seed:volume -- --waybills 1000000 [--days 730] [--batch 50000]
//
// Fills the PostgreSQL database named by DATABASE_URL with a shipments history for the list's volume bench
// (DESIGN §6, issue 10): waybills across the demo airlines and both forwarders over `--days` days up to the app's
// clock, their bookings on synthetic daily flights, movements, and states mixed as in real life (most issued and
// delivered, a few requested, cancelled, voided, with warnings or charter). All of it is SQL: INSERT ... SELECT
// over generate_series, one statement per batch (waybills, their bookings and movements together), with the plain
// indexes dropped during the load and built again after it (building an index once is far cheaper than keeping
// it up to date through a million inserts). Runs after the demo seed (which it runs itself on an empty database);
// run again, it adds more waybills after the ones it made.
import pg from "pg";
import { configuredClock } from "./clock";
import { loadConfig } from "./config";
import { openDatabase } from "./db/open";
import { seedDemoData } from "./seed";

/** The volume waybills' serials start here: far above the demo stock (1 000 000 + ...), so numbers never collide. */
export const VOLUME_SERIAL_BASE = 3_000_000;
const MAX_WAYBILLS = 6_000_000;

function option(name: string, fallback: number, max: number): number {
  const i = process.argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const value = Number(process.argv[i + 1]);
  if (!Number.isInteger(value) || value < 1 || value > max) {
    console.error(`--${name} must be a whole number from 1 to ${max}`);
    process.exit(2);
  }
  return value;
}

/** Each airline's daily flights of the volume history: [origin, destination, departure minute of the day (UTC)]. */
const ROUTES: Record<string, Array<[string, string, number]>> = {
  S7: [["OVB", "DME", 120], ["DME", "OVB", 600], ["OVB", "KJA", 300], ["KJA", "OVB", 420], ["OVB", "IKT", 900], ["DME", "IKT", 1000], ["OVB", "BKK", 60], ["DME", "KZN", 480], ["DME", "AER", 700], ["OVB", "TAS", 200]],
  SU: [["SVO", "LED", 360], ["LED", "SVO", 540], ["SVO", "AER", 480], ["SVO", "KJA", 1200], ["SVO", "VVO", 1100], ["SVO", "PEK", 1260], ["SVO", "IST", 600], ["SVO", "DXB", 720], ["SVO", "KHV", 1150]],
  C6: [["TAS", "SVO", 240], ["SVO", "TAS", 780], ["TAS", "DME", 300], ["TAS", "IST", 360], ["TAS", "DXB", 420], ["TAS", "ALA", 500]],
  V0: [["CCS", "MAD", 1320], ["MAD", "CCS", 720], ["CCS", "HAV", 900], ["CCS", "PTY", 600]],
};

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      "seed:volume needs DATABASE_URL=postgres://... : a million waybills are a PostgreSQL bench (the embedded PGlite would take far too long).\n" +
        "  createdb -h 127.0.0.1 -U postgres awb_volume\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/awb_volume npm run seed:volume -- --waybills 1000000",
    );
    process.exit(2);
  }
  const waybills = option("waybills", 1_000_000, MAX_WAYBILLS);
  const days = option("days", 730, 3650);
  const batch = option("batch", 50_000, 500_000);
  const now = configuredClock(loadConfig())();
  const started = performance.now();
  const lap = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;

  // migrations and the demo data (tenants, companies, accounts) first: the volume rows hang off them
  const database = await openDatabase({ databaseUrl: url });
  try {
    if (await seedDemoData(database)) console.log(`demo data seeded (${lap()})`);
  } finally {
    await database.close();
  }

  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const q = (text: string, values: unknown[] = []) => client.query(text, values);
  try {
    await q("set synchronous_commit = off");
    await q("set work_mem = '256MB'");
    await q("set maintenance_work_mem = '1GB'");
    // a stable pseudo-random number in [0, 1) per waybill and purpose: the same run gives the same history
    await q(`create function pg_temp.vr(g bigint, k int) returns double precision language sql immutable parallel safe as
      $$ select (hashint8(g * 64 + k)::float8 + 2147483648) / 4294967296.0::float8 $$`);

    const companies = new Map((await q("select short_name, id from companies where short_name in ('FWDONE', 'FWDTWO')")).rows.map((r) => [r.short_name as string, r.id as number]));
    if (companies.size < 2) throw new Error("the demo forwarders FWDONE and FWDTWO are missing: is this a Cargo Desk database?");

    const routeRows = Object.entries(ROUTES).flatMap(([carrier, list]) => list.map(([o, d, minute], i) => ({ carrier, i, o, d, minute })));
    const known = new Set((await q("select iata from airports where iata = any($1) and timezone is not null", [routeRows.flatMap((r) => [r.o, r.d])])).rows.map((r) => r.iata as string));
    const usable = routeRows.filter((r) => known.has(r.o) && known.has(r.d));
    await q("create temporary table volume_routes (carrier text, idx int, origin text, destination text, number text, minute int)");
    for (const carrier of Object.keys(ROUTES)) {
      usable.filter((r) => r.carrier === carrier).forEach((r, idx) => {
        r.i = idx;
      });
    }
    for (const r of usable) {
      await q("insert into volume_routes values ($1, $2, $3, $4, $5, $6)", [r.carrier, r.i, r.o, r.d, `${r.carrier}${9001 + r.i}`, r.minute]);
    }
    await q("create temporary table volume_carriers as select carrier, count(*)::int as routes from volume_routes group by carrier");
    await q("analyze volume_routes");
    await q("analyze volume_carriers");

    // one flight per route and day over the history and a fortnight ahead (bookings of the last days fly later)
    const from = new Date(now.getTime() - (days + 1) * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(now.getTime() + 15 * 86_400_000).toISOString().slice(0, 10);
    const seg = await q(
      `insert into segments (carrier, number, flight_date, number_with_date, origin_iata, destination_iata, origin_country_code,
         destination_country_code, origin_time_zone, destination_time_zone, std, sta, aircraft_type, notes)
       select r.carrier, r.number, d::date, r.number || '/' || upper(to_char(d, 'DDMONYY')), r.origin, r.destination,
         o.country_code, a.country_code, o.timezone, a.timezone,
         d + make_interval(mins => r.minute), d + make_interval(mins => r.minute + 240), '73H', 'volume bench'
       from volume_routes r
       join airports o on o.iata = r.origin
       join airports a on a.iata = r.destination
       cross join generate_series($1::date, $2::date, interval '1 day') d
       on conflict do nothing`,
      [from, to],
    );
    await q("analyze segments");
    console.log(`${seg.rowCount} flights added over ${from} .. ${to} (${lap()})`);

    const [{ last }] = (await q(`select coalesce(max(substr(mawb, 5, 7)::int), $1 - 1) as last from air_waybills where substr(mawb, 5, 7) ~ '^[0-9]{7}$' and substr(mawb, 5, 7)::int >= $1`, [VOLUME_SERIAL_BASE])).rows;
    const first = Number(last) - VOLUME_SERIAL_BASE + 1;
    if (VOLUME_SERIAL_BASE + first + waybills > 9_999_999) throw new Error("the volume serials would pass 9 999 999: use a fresh database");

    const dropped = await dropPlainIndexes(q);
    console.log(`${dropped.length} plain indexes dropped for the load`);
    try {
      for (let start = first; start < first + waybills; start += batch) {
        const end = Math.min(first + waybills, start + batch) - 1;
        await q("drop table if exists volume_batch");
        await q(DRAW_SQL, [start, end, first, waybills, now, days, companies.get("FWDONE"), companies.get("FWDTWO")]);
        await q("create unique index on volume_batch (mawb)");
        await q("analyze volume_batch");
        const counts: number[] = [];
        for (const statement of INSERT_SQL) counts.push((await q(statement)).rowCount ?? 0);
        console.log(`waybills ${start - first + 1}..${end - first + 1}: ${counts[0]} waybills, ${counts[2]} bookings, ${counts[3]} movements (${lap()})`);
      }
    } finally {
      for (const def of dropped) await q(def);
      console.log(`${dropped.length} indexes built again (${lap()})`);
    }
    // the flights' booked weight and volume as the confirmed bookings say
    await q(`update segments s set booked_weight = b.weight, booked_volume = b.volume
      from (select segment_id, sum(weight) as weight, sum(volume) as volume from bookings where active and response_status = 'KK' group by segment_id) b
      where b.segment_id = s.id and s.notes = 'volume bench'`);
    for (const table of ["air_waybills", "bookings", "awb_movements", "segments"]) await q(`vacuum analyze ${table}`);
    const [{ n }] = (await q("select count(*)::int as n from air_waybills")).rows;
    console.log(`done: ${n} waybills in the database (${lap()})`);
  } finally {
    await client.end();
  }
}

/** Drops the non-unique indexes of the three tables the load fills; answers the statements that build them again. */
async function dropPlainIndexes(q: (text: string) => Promise<pg.QueryResult>): Promise<string[]> {
  const { rows } = await q(`select i.relname as name, pg_get_indexdef(i.oid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relname in ('air_waybills', 'bookings', 'awb_movements') and not x.indisunique and not x.indisprimary`);
  for (const r of rows) await q(`drop index if exists "${r.name}"`);
  return rows.map((r) => r.def as string);
}

/**
 * One batch: waybills $1..$2 of a run that started at $3 and makes $4, created evenly over the $6 days up to $5
 * (ids grow with time, as in life). $7, $8: the ids of FWDONE and FWDTWO (FWDONE books SU, S7, C6; FWDTWO books
 * S7 and V0, as their permitted carriers say). The batch is drawn into a temporary table first, so that the planner
 * joins the inserted waybills to their bookings and movements by what it measured, not by a guess.
 */
const DRAW_SQL = `
create temporary table volume_batch as
with draw as (
  select g, carrier, created_at, (created_at + make_interval(days => 1 + floor(pg_temp.vr(g, 10) * 10)::int))::date as flight_date
  from (
    select g,
      case when pg_temp.vr(g, 0) < 0.40 then 'S7' when pg_temp.vr(g, 0) < 0.70 then 'SU' when pg_temp.vr(g, 0) < 0.88 then 'C6' else 'V0' end as carrier,
      $5::timestamptz - make_interval(days => $6::int) + ($6::int * 86400.0 * (g - $3::int) / $4::int + pg_temp.vr(g, 1) * 3600) * interval '1 second' as created_at
    from generate_series($1::int, $2::int) g
  ) drawn
),
routed as (
  select d.*, floor(pg_temp.vr(d.g, 9) * vc.routes)::int as route_idx from draw d join volume_carriers vc on vc.carrier = d.carrier
),
base as (
  select d.g, d.carrier, d.created_at, al.awb_prefix as prefix,
    case when d.carrier = 'V0' or (d.carrier = 'S7' and pg_temp.vr(d.g, 2) >= 0.5) then $8::int else $7::int end as forwarder_id,
    r.origin, r.destination, s.id as segment_id, s.number_with_date, s.std,
    ${VOLUME_SERIAL_BASE} + d.g as serial,
    1 + floor(pow(pg_temp.vr(d.g, 3), 2) * 40)::int as pieces,
    round((5 + pow(pg_temp.vr(d.g, 4), 3) * 3000)::numeric, 1)::float8 as weight,
    pg_temp.vr(d.g, 5) as density_draw,
    pg_temp.vr(d.g, 6) as status_draw,
    pg_temp.vr(d.g, 7) as state_draw,
    pg_temp.vr(d.g, 8) as flag_draw
  from routed d
  join airlines al on al.carrier = d.carrier
  join volume_routes r on r.carrier = d.carrier and r.idx = d.route_idx
  join segments s on s.carrier = d.carrier and s.number = r.number and s.flight_date = d.flight_date
),
status as (
  select b.*,
    case when b.std < $5 then
      case when status_draw < 0.90 then 'confirmed' when status_draw < 0.94 then 'cancelled' when status_draw < 0.97 then 'none' when status_draw < 0.98 then 'unable' else 'requested' end
    else
      case when status_draw < 0.70 then 'confirmed' when status_draw < 0.85 then 'requested' when status_draw < 0.90 then 'none' when status_draw < 0.93 then 'unable' else 'cancelled' end
    end as booking_status,
    state_draw < 0.03 as voided
  from base b
),
life as (
  select s.*,
    case when booking_status in ('confirmed', 'requested', 'unable') then std end as departure_at,
    case when voided then pg_temp.vr(g, 11) < 0.5
         when booking_status = 'confirmed' then (std < $5 and pg_temp.vr(g, 11) < 0.97) or (std >= $5 and pg_temp.vr(g, 11) < 0.3)
         else false end as issued
  from status s
),
stamped as (
  select l.*,
    case when issued then least(created_at + (std - created_at) * pg_temp.vr(g, 12) * 0.9, $5) end as issued_at,
    case when voided then least(created_at + interval '2 hours' + pg_temp.vr(g, 13) * interval '3 days', $5) end as voided_at,
    case when issued and not voided and booking_status = 'confirmed' and std < $5 then std + interval '15 minutes' end as departed_at
  from life l
),
final as (
  select s.*,
    case when departed_at is not null and std < $5 - interval '2 days' and pg_temp.vr(g, 14) < 0.92 then least(std + interval '1 day' + pg_temp.vr(g, 15) * interval '1 day', $5) end as delivered_at,
    case when issued and not voided and std < $5 - interval '5 days' and pg_temp.vr(g, 16) < 0.75 then issued_at + interval '3 days' end as verified_at,
    greatest(weight, round((weight / (90 + density_draw * 260)) * 166.67 * 2) / 2.0)::float8 as charge_weight,
    round((weight / (90 + density_draw * 260))::numeric, 2)::float8 as volume
  from stamped s
)
select f.*, null::int as id,
  prefix || '-' || lpad(serial::text, 7, '0') || (serial % 7)::text as mawb,
  case when delivered_at is not null and std < $5 - interval '20 days' and pg_temp.vr(g, 17) < 0.85 then (date_trunc('month', std) + interval '1 month')::date end as billing_date,
  case when flag_draw >= 0.04 then '{}'::text[]
    else (case floor(pg_temp.vr(g, 18) * 6)::int when 0 then '{density_exceeded}' when 1 then '{weight_differs}' when 2 then '{flight_canceled}'
      when 3 then '{shipment_duplicate,weight_differs}' when 4 then '{forwarder_iata_mismatch,missing_departure_date}' else '{unworkable_connection}' end)::text[] end as warnings,
  flag_draw between 0.5 and 0.51 as charter,
  (array['CONSOLIDATION', 'SPARE PARTS', 'ELECTRONICS', 'GENERAL CARGO', 'FISH', 'FLOWERS', 'TEXTILE', 'MEDICINES', 'DOCUMENTS', 'MACHINERY'])[1 + floor(pg_temp.vr(g, 19) * 10)::int] as commodity
from final f
`;

/** The batch's waybills, then their ids read back by number, then their bookings (none for an unbooked one) and movements. */
const INSERT_SQL = [
  `insert into air_waybills (mawb, prefix, carrier, forwarder_id, air_waybill_source, origin_iata, destination_iata, pieces, weight, volume,
    charge_weight, shcs, commodity, product_code, postal, postal_number, shipper, consignee, currency, issued_at, issue_date, verified_at,
    voided_at, void_reason, void_payment, delivered_at, departed_at, billing_date, tariff_date, charter, booking_status, departure_at,
    warnings, provisional_amount, final_amount, created_at, updated_at)
  select mawb, prefix, carrier, forwarder_id,
    case when pg_temp.vr(g, 20) < 0.8 then 'web' when pg_temp.vr(g, 20) < 0.95 then 'api' else 'fwb' end,
    origin, destination, pieces, weight, volume, charge_weight,
    case when commodity = 'FISH' then '{PER,COL}'::text[] when commodity = 'FLOWERS' then '{PEF}' when commodity = 'ELECTRONICS' then '{ELI}' when commodity = 'MEDICINES' then '{PIL}' else '{}' end,
    commodity,
    case carrier when 'S7' then (case when commodity in ('FISH', 'FLOWERS') then 'PER' else 'GEN' end) when 'SU' then 'GCR' else null end,
    flag_draw > 0.99, case when flag_draw > 0.99 then 'RR' || lpad(g::text, 9, '0') || 'RU' end,
    jsonb_build_object('name', 'Shipper ' || (g % 997), 'city', origin, 'country_code', 'RU'),
    jsonb_build_object('name', 'Consignee ' || (g % 991), 'city', destination, 'country_code', 'RU'),
    case when carrier in ('S7', 'SU') then 'RUB' else 'USD' end,
    issued_at, issued_at::date, verified_at, voided_at,
    case when voided then 'Cargo not tendered' end,
    case when voided then (case when pg_temp.vr(g, 21) < 0.4 then 'required' when pg_temp.vr(g, 21) < 0.8 then 'not_required' end) end,
    delivered_at, departed_at, billing_date, coalesce(departure_at, created_at)::date, charter, booking_status, departure_at, warnings,
    -- money in numeric from the start (issue 24): the kg as a decimal times the rate, rounded once to the currency's 2 decimals
    round(charge_weight::numeric * (case when carrier in ('S7', 'SU') then 95 else 1.2 end), 2),
    case when billing_date is not null then round(charge_weight::numeric * (case when carrier in ('S7', 'SU') then 97 else 1.25 end), 2) end,
    created_at, greatest(created_at, issued_at, voided_at, departed_at, delivered_at, verified_at)
  from volume_batch`,
  `update volume_batch b set id = a.id from air_waybills a where a.mawb = b.mawb`,
  `insert into bookings (air_waybill_id, mawb, carrier, forwarder_id, segment_id, number_with_date, origin_iata, destination_iata, std,
    pieces, weight, volume, request_status, response_status, response_reason, active, counted_weight, counted_volume, canceled_at, created_at, updated_at)
  select id, mawb, carrier, forwarder_id, segment_id, number_with_date, origin, destination, std, pieces, weight, volume, 'NN',
    case booking_status when 'confirmed' then 'KK' when 'requested' then (case when pg_temp.vr(g, 22) < 0.8 then 'NN' else 'LL' end) when 'unable' then 'UU' else 'XX' end,
    case booking_status when 'unable' then 'No capacity' when 'cancelled' then 'Cancelled by the agent' end,
    booking_status <> 'cancelled',
    case when booking_status = 'confirmed' then weight else 0 end, case when booking_status = 'confirmed' then volume else 0 end,
    case when booking_status = 'cancelled' then created_at + interval '1 hour' end,
    created_at, created_at
  from volume_batch where booking_status <> 'none'`,
  `insert into awb_movements (air_waybill_id, mawb, status_code, location_iata, segment_id, segment_number_with_date, pieces, weight, volume, time_utc, created_at)
  select j.id, j.mawb, m.code, m.location, case when m.code in ('DEP', 'ARR') then j.segment_id end, case when m.code in ('DEP', 'ARR') then j.number_with_date end,
    j.pieces, j.weight, j.volume, m.at, m.at
  from volume_batch j
  cross join lateral (values
    ('RCS', j.origin, case when j.issued and not j.voided then j.issued_at end),
    ('DEP', j.origin, j.departed_at),
    ('ARR', j.destination, case when j.delivered_at is not null then j.std + interval '4 hours' end),
    ('DLV', j.destination, j.delivered_at)
  ) m(code, location, at)
  where m.at is not null`,
];

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
