import { count, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database, Db } from "../db/open";
import { aircraftTypes, airports, chargeCodes, countries, currencies, specialHandlingCodes } from "../db/schema";
import {
  buildAircraftTypes,
  buildAirports,
  buildChargeCodes,
  buildCountries,
  buildCurrencies,
  buildSpecialHandlingCodes,
} from "./sources";

/** Arbitrary constant: two instances starting on one empty database must not both load the lists. */
const REFERENCE_LOCK_ID = 727_274_003;
const BATCH = 1000;

const LISTS: Array<{ table: PgTable; rows: () => Array<Record<string, unknown>> }> = [
  { table: airports, rows: buildAirports },
  { table: countries, rows: buildCountries },
  { table: currencies, rows: buildCurrencies },
  { table: aircraftTypes, rows: buildAircraftTypes },
  { table: specialHandlingCodes, rows: buildSpecialHandlingCodes },
  { table: chargeCodes, rows: buildChargeCodes },
];

async function isEmpty(db: Db, table: PgTable) {
  const [row] = await db.select({ n: count() }).from(table);
  return (row?.n ?? 0) === 0;
}

/**
 * Loads each reference list whose table is empty. Reference data is not demo data: this runs at every start,
 * also on a production database without demo accounts. Returns the names of the lists it loaded.
 */
export async function seedReferenceData(database: Database): Promise<string[]> {
  const loaded: string[] = [];
  const { db } = database;
  // Cheap check first, outside any lock: on a filled database this is six count(*) queries.
  const pending: typeof LISTS = [];
  for (const list of LISTS) if (await isEmpty(db, list.table)) pending.push(list);
  if (pending.length === 0) return loaded;
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local statement_timeout = 0`); // start-up work, not a request: see seedDemoData
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_LOCK_ID})`);
    for (const { table, rows } of pending) {
      if (!(await isEmpty(tx as unknown as Db, table))) continue;
      const all = rows();
      for (let i = 0; i < all.length; i += BATCH) await tx.insert(table).values(all.slice(i, i + BATCH));
      loaded.push(getTableName(table));
    }
  });
  return loaded;
}
