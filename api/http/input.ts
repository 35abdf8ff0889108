import { z } from "zod";
import { INT32_MAX, MAX_VOLUME_M3, MAX_WEIGHT_KG, MAX_YEAR, MIN_YEAR, TEXT_MAX } from "../../cargo/limits";

// The zod pieces every input schema builds on, so each field states its length or range once (issue 8 §4): a value
// outside them is a 422 under the field (404 for a path id) before it reaches SQL, where PostgreSQL would refuse
// it with a 500 (integer overflow, index row size) or, worse, store it.

export { INT32_MAX, TEXT_MAX };

export const tooLong = (max: number) => `is too long (maximum is ${max} characters)`;

/** Text of at most `max` characters. */
export const Text = (max: number) => z.string().max(max, tooLong(max));

/** A list filter's search term (`q`). */
export const SearchTerm = () => Text(TEXT_MAX.search).optional();

/** An integer PostgreSQL's `integer` holds. */
export const Int32 = () =>
  z.number({ invalid_type_error: "is not a number" }).int("must be an integer").min(-INT32_MAX - 1, "is out of range").max(INT32_MAX, "is out of range");

/**
 * A record id in a path or a query: a positive int32. In a path, a failure answers 404 like any id that names no
 * record (api/http/errors.ts), so a client cannot tell "too large" from "not there".
 */
export const Id = () => z.coerce.number().int().positive().max(INT32_MAX);
export const IdParams = z.object({ id: Id() });

/** A number in [0, max]: weights, volumes, capacities. */
export const NonNegative = (max: number) =>
  z.number({ invalid_type_error: "is not a number" }).finite().min(0, "must be 0 or more").max(max, `must be at most ${max}`);
export const Weight = () => NonNegative(MAX_WEIGHT_KG).describe("kg");
export const Volume = () => NonNegative(MAX_VOLUME_M3).describe("m3");

const YEAR_OF = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whether an ISO date or date-time starts with a real calendar date in MIN_YEAR..MAX_YEAR. */
export function isDateInRange(value: string): boolean {
  const m = YEAR_OF.exec(value.trim());
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (year < MIN_YEAR || year > MAX_YEAR) return false;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day;
}

/** Whether an ISO date or date-time's year is in MIN_YEAR..MAX_YEAR (the calendar check is the field's own). */
export const isYearInRange = (value: string) => {
  const year = Number(YEAR_OF.exec(value.trim())?.[1]);
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

export const DATE_RANGE_MESSAGE = `must be a date between ${MIN_YEAR} and ${MAX_YEAR}`;

/**
 * An ISO date-time ("2025-04-10T10:00Z", or local "2025-04-10T13:00" where the route reads it in an airport's
 * zone) in MIN_YEAR..MAX_YEAR: years like 0001 or +010000 are typos or probes that Date and PostgreSQL disagree on.
 */
export const IsoDateTimeInRange = () =>
  Text(40).refine((s) => s.trim() === "" || isDateInRange(s), DATE_RANGE_MESSAGE);
