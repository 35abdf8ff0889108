import { and, eq } from "drizzle-orm";
import type { Tx } from "../bookings/space";
import { airWaybills } from "../db/schema";

type Waybill = typeof airWaybills.$inferSelect;

/**
 * The telegram's airline's waybill of that number, locked for the rest of the job; null for a number that is not one
 * of its waybills (another airline's is "not found", as it is to that airline's users) or a deleted one.
 */
export async function airlineWaybill(tx: Tx, telegram: { carrier: string }, mawb: string): Promise<Waybill | null> {
  const [row] = await tx
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.mawb, mawb), eq(airWaybills.carrier, telegram.carrier), eq(airWaybills.deleted, false)))
    .for("update");
  return row ?? null;
}

/** Who a telegram's changes are recorded by: no user of ours, its sender by name (the change log and movements say so). */
export const telegramActor = (telegram: { sender: string | null }) => ({ user: { id: null, email: telegram.sender ?? "telegram" } });
