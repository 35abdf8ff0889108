import { and, eq, inArray } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import type { Tx } from "../bookings/space";
import { awbMovements, type airWaybills, type segments } from "../db/schema";
import { DISCREPANCY_STATIONS, type DiscrepancyCode, type MovementCode } from "../../cargo/awb/movement-codes";
import { sendMovementEvent } from "../outgoing/waybill-events";

// The one place a handling step writes a movement on a waybill (issue 11; spec 2 §3 "Movement", spec 3 §8 DIS
// states): its Cargo-IMP status code, where (the station), on which flight, how many pieces and how much weight,
// who recorded it and when. Every route of api/handling goes through recordMovement, so a movement always carries
// the same facts whichever step wrote it.

type Waybill = typeof airWaybills.$inferSelect;
type Segment = typeof segments.$inferSelect;
export type Movement = typeof awbMovements.$inferSelect;

export interface MovementFacts {
  status: MovementCode;
  awb: Pick<Waybill, "id" | "mawb" | "carrier" | "origin_iata" | "destination_iata" | "pieces" | "weight" | "weight_code" | "volume_code" | "shcs">;
  /** The flight it happened on (null for steps that are not on a flight). */
  segment: Pick<Segment, "id" | "number" | "flight_date" | "number_with_date" | "origin_iata" | "destination_iata"> | null;
  /** The station; default: the flight's origin for BKD, RCS, MAN, DEP and origin discrepancies, else its destination. */
  location?: string;
  pieces: number;
  weight: number;
  volume?: number | null;
  discrepancy?: DiscrepancyCode | null;
  /** The ULD the shipment is loaded in ("AKE12345S7"; a manifest's MAN), none for bulk. */
  uld?: string | null;
  at: Date;
}

const AT_ORIGIN = new Set<MovementCode>(["BKD", "RCS", "MAN", "DEP"]);

/** Where a step happens on its flight. */
export function stationOf(status: MovementCode, segment: Pick<Segment, "origin_iata" | "destination_iata">, discrepancy?: DiscrepancyCode | null): string {
  if (status === "DIS") return discrepancy && DISCREPANCY_STATIONS[discrepancy] === "origin" ? segment.origin_iata : segment.destination_iata;
  return AT_ORIGIN.has(status) ? segment.origin_iata : segment.destination_iata;
}

/**
 * Writes one movement inside the caller's transaction and answers it; `auth.user.email` (or a telegram's sender) is who
 * recorded it. The airline's message settings for FSU on movement_added send it in the same transaction.
 */
export async function recordMovement(tx: Tx, auth: { user: Pick<AuthContext["user"], "email"> }, f: MovementFacts): Promise<Movement> {
  const location = f.location ?? (f.segment ? stationOf(f.status, f.segment, f.discrepancy) : null);
  if (!location) throw new Error(`a ${f.status} movement needs a station or a flight`);
  const [row] = await tx
    .insert(awbMovements)
    .values({
      air_waybill_id: f.awb.id,
      mawb: f.awb.mawb,
      status_code: f.status,
      location_iata: location,
      segment_id: f.segment?.id ?? null,
      segment_number_with_date: f.segment?.number_with_date ?? null,
      parts_code: f.pieces < f.awb.pieces ? "P" : "T",
      pieces: f.pieces,
      weight: f.weight,
      weight_code: f.awb.weight_code,
      volume: f.volume ?? null,
      volume_code: f.awb.volume_code,
      shcs: f.awb.shcs,
      discrepancy_code: f.discrepancy ?? null,
      uld: f.uld ?? null,
      time_utc: f.at,
      recorded_by: auth.user.email,
      created_at: f.at,
    })
    .returning();
  await sendMovementEvent(tx, f.awb, row!, f.segment);
  return row!;
}

/** Marks movements as no longer standing (kept for the history): a waybill taken off the received list or a manifest. */
export async function deactivateMovements(tx: Tx, ids: number[]): Promise<void> {
  if (ids.length) await tx.update(awbMovements).set({ deactivated: true }).where(inArray(awbMovements.id, ids));
}

/** The waybill's standing movements of one code on one flight. */
export async function activeMovements(tx: Tx, awbId: number, segmentId: number, status: MovementCode): Promise<Movement[]> {
  return tx
    .select()
    .from(awbMovements)
    .where(and(eq(awbMovements.air_waybill_id, awbId), eq(awbMovements.segment_id, segmentId), eq(awbMovements.status_code, status), eq(awbMovements.deactivated, false)));
}
