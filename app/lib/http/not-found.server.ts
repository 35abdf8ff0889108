import { INT32_MAX } from "../../../cargo/limits";
import { decimalRange, readDecimalText } from "../../../cargo/numbers/decimal-text";

/** The answer that shows the in-shell not-found page (spec 1 §2: a record the user may not see is not found). */
export const notFound = () => new Response("Not Found", { status: 404 });

const ID = decimalRange(1, INT32_MAX, 0);

/** A record id from the address: a positive int32 in digits ("0x10" is no id 16), or the not-found page (never an upstream call). */
export function recordIdOf(value: string | undefined): number {
  const read = readDecimalText(value ?? "", ID);
  if (!read.ok) throw notFound();
  return read.value;
}
