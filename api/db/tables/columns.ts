import { sql } from "drizzle-orm";
import { text, timestamp } from "drizzle-orm/pg-core";

// Column helpers every table file uses. Property names are the column names (snake_case), which are also the
// wire names: a row is answered as it is, without a mapping layer.

/** A list of codes: text[], never null, empty by default. */
export const textList = (name: string) => text(name).array().notNull().default(sql`'{}'::text[]`);

/** Every moment is stored with its time zone (UTC). */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** When the row was written and last changed. */
export const stamps = {
  created_at: timestamptz("created_at").notNull().defaultNow(),
  updated_at: timestamptz("updated_at").notNull().defaultNow(),
};
