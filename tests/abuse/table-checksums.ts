/**
 * "Nothing bad is stored": an md5 of every table's rows (ordered by their text, so row order does not matter),
 * taken before and after a route's property run and compared.
 */
import { sql } from "drizzle-orm";
import type { Database } from "../../api/db/open";

export type TableChecksums = Map<string, string>;

export async function tableNames(database: Database): Promise<string[]> {
  const result = await database.db.execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  return result.rows.map((row) => row.table_name);
}

/** One query for all tables: a row count plus the md5 of all rows' text. */
export async function tableChecksums(database: Database, tables: readonly string[]): Promise<TableChecksums> {
  const parts = tables.map(
    (table) =>
      `select '${table}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as checksum from "${table}" t`,
  );
  const result = await database.db.execute<{ name: string; checksum: string }>(sql.raw(parts.join(" union all ")));
  return new Map(result.rows.map((row) => [row.name, row.checksum]));
}

/** Tables whose checksum differs. */
export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  return [...after.keys()].filter((table) => before.get(table) !== after.get(table));
}
