import { and, eq } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import type { Db } from "../db/open";
import { airWaybills, bookings, voidRequests } from "../db/schema";
import { diff, writeChangeLog } from "../flights/common";
import { accessDenied, may } from "../settings/access";
import { cancelBooking } from "../bookings/book";
import { AWB_ACCESS, awbActions, type AirWaybillRow, type AwbActions } from "./access";
import { refreshBookingSummary } from "./booking-summary";
import { markStockNumber } from "./numbers";
import { shipmentFacts, shipmentStateRefusal } from "./shipment-state";
import { refreshWarnings } from "./warnings";

// A state change of a waybill (issue, verify, void, deliver and their cancels) in one place, so that every path to it
// — the action routes of routes.ts, an accepted void request (api/void-requests) — checks the same rights, writes the
// same change log and recomputes the same warnings.

export type AwbTx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** change_logs.record_type of a waybill. */
export const AWB_RECORD = "AirWaybill";

/** Who changed it: a user, or the sender a telegram names (only its e-mail or address is logged). */
export async function logAwbChange(tx: Pick<Db, "insert">, auth: { user: Pick<AuthContext["user"], "email"> }, row: AirWaybillRow, action: string, before: Record<string, unknown> | null, after: Record<string, unknown>) {
  const change_set = diff(before, after);
  if (!Object.keys(change_set).length) return;
  await writeChangeLog(tx, auth, { carrier: row.carrier, record_type: AWB_RECORD, record_id: row.id, action, change_set });
}

/**
 * Applies a state change to the locked waybill `current` when the caller is the airline side and its actions allow it
 * now (422 `shipment_state_forbids` otherwise), logs it and refreshes the warnings; answers the updated row.
 */
export async function applyAwbAction(
  tx: AwbTx,
  auth: AuthContext,
  now: Date,
  current: AirWaybillRow,
  action: keyof AwbActions,
  change: (row: AirWaybillRow, tx: AwbTx) => Promise<Partial<AirWaybillRow>> | Partial<AirWaybillRow>,
): Promise<AirWaybillRow> {
  if (!may(auth, AWB_ACCESS.airline)) throw accessDenied();
  const facts = await shipmentFacts(tx, current);
  if (!awbActions(auth, current, facts)[action]) throw shipmentStateRefusal(facts, action);
  const set = { ...(await change(current, tx)), updated_at: now };
  const [updated] = await tx.update(airWaybills).set(set).where(eq(airWaybills.id, current.id)).returning();
  await logAwbChange(tx, auth, current, action, current as unknown as Record<string, unknown>, set as Record<string, unknown>);
  await refreshWarnings(tx, current.id, now);
  return updated!;
}

/**
 * What voiding does besides the waybill's own columns: its bookings leave every flight (locked or closed ones too) and
 * its number is blocked in the stock for good, and a void request still open is accepted by it. Answers the columns
 * to set.
 */
export async function voidChanges(
  tx: AwbTx,
  ctx: { auth: AuthContext; now: Date },
  row: AirWaybillRow,
  v: { void_reason: string; void_payment?: string | null },
): Promise<Partial<AirWaybillRow>> {
  const active = await tx.select().from(bookings).where(and(eq(bookings.air_waybill_id, row.id), eq(bookings.active, true)));
  for (const b of active) await cancelBooking(tx, ctx, b, { ignoreFlightState: true });
  await markStockNumber(tx, row.mawb, "voided");
  await refreshBookingSummary(tx, row.id);
  // a forwarder's request still open is answered by the void itself (an accepted request sets the same values again)
  const payment = v.void_payment === "required" || v.void_payment === "not_required" ? v.void_payment : null;
  await tx
    .update(voidRequests)
    .set({ status: "accepted", resolve_reason: v.void_reason, void_payment: payment, resolved_by: ctx.auth.user.id, resolved_at: ctx.now, updated_at: ctx.now })
    .where(and(eq(voidRequests.air_waybill_id, row.id), eq(voidRequests.status, "requested")));
  return { voided_at: ctx.now, void_reason: v.void_reason, void_payment: v.void_payment ?? null };
}
