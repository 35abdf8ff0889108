import { eq, sql } from "drizzle-orm";
import { checkAwbNumber } from "../../cargo";
import type { Db } from "../db/open";
import { airWaybills, awbStockNumbers, awbStockRanges } from "../db/schema";
import { refuseField } from "../http/errors";
import { type RefusalCode } from "../http/refusals";
import { takeStockNumber } from "../stocks/awb-stock-numbers";

// The number of a new waybill (issue 10 "The number"): the next free number of the forwarder's stock for the airline,
// or — on the tenants of the custom-number list (c6, su) — one the forwarder types: a valid check digit, the
// airline's prefix, and not used or voided before. Both are decided inside the creating transaction: the stock row
// is locked (SKIP LOCKED for the next free one, FOR UPDATE for a typed one) and the waybills' unique number index
// refuses a number that somebody used in the meantime, so no two waybills ever share a number and a voided one
// (its waybill row stays) is never issued again.

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/** Refusals of spec 3 §8 ("air waybill number not available / not valid", "stocks not found"), under the number. */
export const NUMBER_MESSAGES = {
  notValid: "awb_number_not_valid",
  control: "invalid_control_bit",
  notAvailable: "awb_number_not_available",
  wrongPrefix: "awb_number_other_airline",
  noStock: "no_stock",
  notHere: "number_from_stock",
} as const satisfies Record<string, RefusalCode>;

const refuse = (code: RefusalCode) => refuseField("mawb", code);



export interface AllocatedNumber {
  mawb: string;
  prefix: string;
  /** Typed by the user rather than the next of the stock. */
  custom: boolean;
  /** The number is a paper blank (BSO) of the stock; false for a typed number outside the stock. */
  bso: boolean;
}

/** Whether the number is already a waybill's (used, or voided and so blocked for good). */
async function numberTaken(tx: Tx, mawb: string): Promise<boolean> {
  const [row] = await tx.select({ id: airWaybills.id }).from(airWaybills).where(eq(airWaybills.mawb, mawb)).limit(1);
  return Boolean(row);
}

/** A typed number: checked, and taken from the stock when the stock holds it (free, this forwarder's or the pool's). */
async function typedNumber(tx: Tx, typed: string, opts: { prefix: string; forwarderId: number; at: Date }): Promise<AllocatedNumber> {
  const check = checkAwbNumber(typed);
  if (!check.valid) throw refuse(check.reason === "control" ? NUMBER_MESSAGES.control : NUMBER_MESSAGES.notValid);
  if (check.number.prefix !== opts.prefix) throw refuse(NUMBER_MESSAGES.wrongPrefix);
  const mawb = check.mawb;
  if (await numberTaken(tx, mawb)) throw refuse(NUMBER_MESSAGES.notAvailable);
  const [stock] = await tx
    .select({ id: awbStockNumbers.id, state: awbStockNumbers.state, forwarder_id: awbStockNumbers.forwarder_id, bso: awbStockRanges.bso })
    .from(awbStockNumbers)
    .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
    .where(eq(awbStockNumbers.mawb, mawb))
    .limit(1)
    .for("update", { of: awbStockNumbers });
  if (stock) {
    // in the stock: only a free number that is this forwarder's, or still the airline's pool, may be typed
    if (stock.state !== "free" || (stock.forwarder_id !== null && stock.forwarder_id !== opts.forwarderId)) throw refuse(NUMBER_MESSAGES.notAvailable);
    await tx
      .update(awbStockNumbers)
      .set({ state: "used", used_at: opts.at, forwarder_id: opts.forwarderId, updated_at: sql`now()` })
      .where(eq(awbStockNumbers.id, stock.id));
  }
  return { mawb, prefix: opts.prefix, custom: true, bso: stock?.bso ?? false };
}

/** The number for a new waybill: typed (where allowed) or the forwarder's next free one for the prefix. */
export async function allocateNumber(
  tx: Tx,
  opts: { typed: string | null | undefined; typingAllowed: boolean; prefix: string; forwarderId: number; at: Date },
): Promise<AllocatedNumber> {
  if (opts.typed) {
    if (!opts.typingAllowed) throw refuse(NUMBER_MESSAGES.notHere);
    return typedNumber(tx, opts.typed, opts);
  }
  const mawb = await takeStockNumber(tx, { forwarderId: opts.forwarderId, prefix: opts.prefix, at: opts.at });
  if (!mawb) throw refuse(NUMBER_MESSAGES.noStock);
  const [range] = await tx
    .select({ bso: awbStockRanges.bso })
    .from(awbStockNumbers)
    .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
    .where(eq(awbStockNumbers.mawb, mawb))
    .limit(1);
  return { mawb, prefix: opts.prefix, custom: false, bso: range?.bso ?? false };
}

/** A voided waybill's number is blocked in the stock for good; cancelling the void makes it the waybill's again. */
export async function markStockNumber(tx: Tx, mawb: string, state: "used" | "voided") {
  await tx.update(awbStockNumbers).set({ state, updated_at: sql`now()` }).where(eq(awbStockNumbers.mawb, mawb));
}
