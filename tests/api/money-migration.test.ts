import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../api/db/open";
import { openPreparedDatabase } from "../prepared-database";

// Issue 24: migration 0024 turns the waybill's money from doubles and JSON numbers into numeric and decimal strings.
// A database of the old form is the migrated one with the money columns put back as migration 0006 made them (double
// precision) and old-form values written in; then the migration's own statements run, and every value is read back.
// (The prepared database, not initdb and 22 migrations: the same SQL, seconds faster; DESIGN §5.)

const MIGRATION = new URL("../../api/db/migrations/0024_money_decimals.sql", import.meta.url);
const statements = () =>
  readFileSync(MIGRATION, "utf8")
    .split("--> statement-breakpoint")
    .map((s) => s.trim())
    .filter(Boolean);

let database: Database;
const run = (text: string) => database.db.execute(sql.raw(text));
const rowsOf = async <T>(text: string) => (await run(text)).rows as T[];

/** Old-form waybills: doubles in the columns, numbers in the JSON blocks, and what each must read back as. */
const OLD = [
  {
    mawb: "421-00000011",
    provisional: "0.1",
    final: "1234.5",
    rating: `[{"pieces": 1, "gross_weight": 10, "rate_class_code": "N", "chargeable_weight": 10, "rate": 0.1, "total": 1.005, "nature_of_goods": "TOYS"}, {"pieces": 2, "gross_weight": 20, "rate_class_code": "Q", "chargeable_weight": 20, "rate": 1.50, "total": 99999999.99}]`,
    other_charges: `[{"code": "AWC", "due": "C", "payment": "P", "amount": 1.005}, {"code": "CHA", "due": "A", "payment": "C", "amount": 99999999.99}]`,
    totals: `{"weight_charge": 1234.5, "tax": null, "total": 0.1}`,
  },
  { mawb: "421-00000022", provisional: "1.005", final: "99999999.99", rating: "[]", other_charges: "[]", totals: "{}" },
  { mawb: "421-00000033", provisional: null, final: null, rating: `[{"rate": null, "total": "12.5"}, 7]`, other_charges: `[{"code": "MY", "amount": null}]`, totals: `{"due_agent": "3.25"}` },
];

beforeAll(async () => {
  database = await openPreparedDatabase({ kind: "migrated" });
  const [company] = await rowsOf<{ id: number }>(`insert into companies (business_type, name, short_name) values ('forwarder', 'Money Test', 'MONEYTEST') returning id`);
  await run(`alter table air_waybills alter column provisional_amount type double precision, alter column final_amount type double precision`);
  for (const w of OLD) {
    const amount = (v: string | null) => (v === null ? "null" : `${v}::float8`);
    await run(`insert into air_waybills (mawb, prefix, carrier, forwarder_id, origin_iata, destination_iata, pieces, weight, charge_weight, commodity, rating, other_charges, totals, provisional_amount, final_amount)
      values ('${w.mawb}', '421', 'S7', ${company!.id}, 'DME', 'OVB', 1, 10, 10, 'TOYS', '${w.rating}', '${w.other_charges}', '${w.totals}', ${amount(w.provisional)}, ${amount(w.final)})`);
  }
  for (const statement of statements()) await run(statement);
}, 60_000);

afterAll(() => database?.close());

type Row = { mawb: string; provisional_amount: string | null; final_amount: string | null; rating: unknown; other_charges: unknown; totals: unknown };
const read = async (mawb: string) => (await rowsOf<Row>(`select mawb, provisional_amount::text, final_amount::text, rating, other_charges, totals from air_waybills where mawb = '${mawb}'`))[0]!;

describe("migration 0024: the waybill's money as decimals", () => {
  it("makes both amount columns numeric(21, 6)", async () => {
    const columns = await rowsOf<{ column_name: string; data_type: string; numeric_precision: number; numeric_scale: number }>(
      `select column_name, data_type, numeric_precision, numeric_scale from information_schema.columns where table_name = 'air_waybills' and column_name in ('provisional_amount', 'final_amount') order by column_name`,
    );
    expect(columns).toEqual([
      { column_name: "final_amount", data_type: "numeric", numeric_precision: 21, numeric_scale: 6 },
      { column_name: "provisional_amount", data_type: "numeric", numeric_precision: 21, numeric_scale: 6 },
    ]);
  });

  it("reads each double back as the decimal it was written as (1.005 is not 1.00499999...)", async () => {
    expect(await read("421-00000011")).toMatchObject({ provisional_amount: "0.100000", final_amount: "1234.500000" });
    expect(await read("421-00000022")).toMatchObject({ provisional_amount: "1.005000", final_amount: "99999999.990000" });
    expect(await read("421-00000033")).toMatchObject({ provisional_amount: null, final_amount: null });
  });

  it("turns every JSON amount into a decimal string with its exact text, and leaves everything else as it was", async () => {
    const first = await read("421-00000011");
    expect(first.rating).toEqual([
      { pieces: 1, gross_weight: 10, rate_class_code: "N", chargeable_weight: 10, rate: "0.1", total: "1.005", nature_of_goods: "TOYS" },
      { pieces: 2, gross_weight: 20, rate_class_code: "Q", chargeable_weight: 20, rate: "1.50", total: "99999999.99" },
    ]);
    expect(first.other_charges).toEqual([
      { code: "AWC", due: "C", payment: "P", amount: "1.005" },
      { code: "CHA", due: "A", payment: "C", amount: "99999999.99" },
    ]);
    expect(first.totals).toEqual({ weight_charge: "1234.5", tax: null, total: "0.1" });
    expect(await read("421-00000022")).toMatchObject({ rating: [], other_charges: [], totals: {} });
    expect(await read("421-00000033")).toMatchObject({ rating: [{ rate: null, total: "12.5" }, 7], other_charges: [{ code: "MY", amount: null }], totals: { due_agent: "3.25" } });
  });

  it("changes nothing when it runs on values already converted", async () => {
    const before = await rowsOf<Row>(`select mawb, rating, other_charges, totals from air_waybills order by mawb`);
    for (const statement of statements().slice(2)) await run(statement);
    expect(await rowsOf<Row>(`select mawb, rating, other_charges, totals from air_waybills order by mawb`)).toEqual(before);
  });
});
