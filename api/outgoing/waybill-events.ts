import { eq } from "drizzle-orm";
import type { Tx } from "../bookings/space";
import { airWaybills } from "../db/schema";
import type { Movement } from "../handling/movements";
import { sendOnEvent } from "./record-outgoing";
import { fsuOfMovement, fwbOfWaybill } from "./waybill-messages";

// The message settings' events that have a record today (cargo MESSAGE_EVENTS): a waybill created or changed sends
// its FWB, a movement recorded sends its FSU, each where the airline's active settings say, in the transaction of
// the change. The other events (flight_departed, manifest_changed, customs_status_changed, booking_*) are wired
// where their records are written.

/** FWB on awb_created / awb_changed: the waybill as it stands in the transaction (its bookings included). */
export async function sendWaybillEvent(tx: Tx, now: Date, awbId: number, event: "awb_created" | "awb_changed", createdBy: number | null): Promise<void> {
  const [awb] = await tx.select().from(airWaybills).where(eq(airWaybills.id, awbId));
  if (!awb) return;
  await sendOnEvent(tx, now, {
    carrier: awb.carrier,
    messageType: "FWB",
    event,
    station: awb.origin_iata,
    awb: { id: awb.id, mawb: awb.mawb },
    origin: awb.origin_iata,
    destination: awb.destination_iata,
    createdBy,
    model: () => fwbOfWaybill(tx, awb),
  });
}

type MovementWaybill = Parameters<typeof fsuOfMovement>[0] & { carrier: string };
type MovementSegment = Parameters<typeof fsuOfMovement>[2] & { id: number };

/** FSU on movement_added, at the movement's station. */
export async function sendMovementEvent(tx: Tx, awb: MovementWaybill, movement: Movement, segment: MovementSegment | null): Promise<void> {
  await sendOnEvent(tx, movement.created_at, {
    carrier: awb.carrier,
    messageType: "FSU",
    event: "movement_added",
    station: movement.location_iata,
    awb: { id: movement.air_waybill_id, mawb: movement.mawb },
    segmentId: segment?.id ?? null,
    origin: awb.origin_iata,
    destination: awb.destination_iata,
    model: () => fsuOfMovement(awb, movement, segment),
  });
}
