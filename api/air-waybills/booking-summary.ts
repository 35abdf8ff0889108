import { asc, eq } from "drizzle-orm";
import { airWaybills, bookings } from "../db/schema";
import type { Tx } from "../bookings/space";

// The waybill keeps a summary of its bookings in its own columns (booking_status, departure_at), so that the shipments
// list filters and sorts by an indexed column instead of joining bookings for every row (api/air-waybills/list.ts).

export type BookingStatus = "none" | "requested" | "confirmed" | "unable" | "cancelled";

/**
 * From the bookings' response statuses: none without any booking; cancelled when every one is cancelled; requested
 * while any active one waits for an answer (NN) or space (LL); unable when an active one was refused (UU) and none
 * waits; confirmed when every active one is KK.
 */
export function bookingStatusOf(list: ReadonlyArray<{ active: boolean; response_status: string }>): BookingStatus {
  if (!list.length) return "none";
  const active = list.filter((b) => b.active);
  if (!active.length) return "cancelled";
  if (active.some((b) => b.response_status === "NN" || b.response_status === "LL")) return "requested";
  if (active.some((b) => b.response_status === "UU")) return "unable";
  return "confirmed";
}

/** Sets air_waybills.booking_status and departure_at from its bookings (call after any booking change). */
export async function refreshBookingSummary(tx: Tx, awbId: number): Promise<void> {
  const list = await tx
    .select({ active: bookings.active, response_status: bookings.response_status, std: bookings.std })
    .from(bookings)
    .where(eq(bookings.air_waybill_id, awbId))
    .orderBy(asc(bookings.std), asc(bookings.id));
  // the first leg that still flies: an active booking the airline has not refused, else any active one
  const active = list.filter((b) => b.active);
  const first = active.find((b) => b.response_status !== "UU") ?? active[0];
  await tx
    .update(airWaybills)
    .set({ booking_status: bookingStatusOf(list), departure_at: first?.std ?? null })
    .where(eq(airWaybills.id, awbId));
}
