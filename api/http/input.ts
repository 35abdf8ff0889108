import { z } from "zod";
import { INT32_MAX, MAX_YEAR, MIN_YEAR, TEXT_MAX } from "../../cargo/limits";
import { decimalRange } from "../../cargo/numbers/decimal-text";
import { numberOf, readNumberInput } from "./decimal-input";
import { said, sentenceOf } from "./refusals";

// The zod pieces every input schema builds on, so each field states its length or range once (issue 8 §4): a value
// outside them is a 422 under the field (404 for a path id) before it reaches SQL, where PostgreSQL would refuse
// it with a 500 (integer overflow, index row size) or, worse, store it. Numbers that forms send as text (weights,
// volumes, counts) are in api/settings/common.ts (optNumber, optWeight, ...), built on these limits.

export { INT32_MAX, TEXT_MAX };

export const tooLong = (max: number) => sentenceOf("too_long", { max });

/** Text of at most `max` characters. */
export const Text = (max: number) => z.string().max(max, tooLong(max));

/** A list filter's search term (`q`). */
export const SearchTerm = () => Text(TEXT_MAX.search).optional();

/**
 * A record id in a path, a query or a body: a positive int32, as a JSON number or in digits (never "0x10" or "1e1" read
 * as 16 or 10). In a path, a failure answers 404 like any id that names no record (api/http/errors.ts), so a
 * client cannot tell "too large" from "not there"; in a query, 400 invalid_number.
 */
const ID_RANGE = decimalRange(1, INT32_MAX, 0);
export const Id = () => z.preprocess(readNumberInput(ID_RANGE), numberOf(ID_RANGE));
export const IdParams = z.object({ id: Id() });
/** A waybill's route parameter: its number as typed ("421-12345675"); the handler reads it with mawbOf (422 when it is none). */
export const MawbParams = z.object({ mawb: z.string().max(TEXT_MAX.code * 4) });

const YEAR_OF = /^(\d{4})-(\d{2})-(\d{2})/;

/** Whether an ISO date or date-time's year is in MIN_YEAR..MAX_YEAR (the calendar check is the field's own). */
export const isYearInRange = (value: string) => {
  const year = Number(YEAR_OF.exec(value.trim())?.[1]);
  return year >= MIN_YEAR && year <= MAX_YEAR;
};

export const DATE_RANGE_MESSAGE = said("date_out_of_range", { min_year: MIN_YEAR, max_year: MAX_YEAR });
