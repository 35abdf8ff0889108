import { and, eq, inArray } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import type { Tx } from "../bookings/space";
import { receptacleMovements, receptacles, type segments } from "../db/schema";
import type { MovementCode } from "../../cargo/awb/movement-codes";
import { stationOf } from "../handling/movements";

// A receptacle's movements, with the Cargo-IMP status codes and stations the waybills' movements use
// (api/handling/movements.ts): MAN at the flight's origin when it is put on a flight (taken off: that MAN is
// deactivated, kept for the history), DEP and ARR written by the flight's own departure and arrival for every
// receptacle on it, with the flight's times, and RCS/RCF/DLV recorded by hand.

type Segment = Pick<typeof segments.$inferSelect, "id" | "number_with_date" | "origin_iata" | "destination_iata">;
type Receptacle = Pick<typeof receptacles.$inferSelect, "id" | "weight">;

/** The row of one step of a receptacle on a flight, at the station where the step happens. */
export function movementRow(status: MovementCode, receptacle: Receptacle, segment: Segment, at: Date, recordedBy: string | null) {
  return {
    receptacle_id: receptacle.id,
    status_code: status,
    location_iata: stationOf(status, segment),
    segment_id: segment.id,
    segment_number_with_date: segment.number_with_date,
    weight: receptacle.weight,
    time_utc: at,
    recorded_by: recordedBy,
    created_at: at,
  };
}

export async function recordReceptacleMovement(tx: Tx, auth: Pick<AuthContext, "user">, status: MovementCode, receptacle: Receptacle, segment: Segment, at: Date) {
  const [row] = await tx.insert(receptacleMovements).values(movementRow(status, receptacle, segment, at, auth.user.email)).returning();
  return row!;
}

/** Takes a receptacle off a flight in the movements: its standing MAN there stops standing. */
export async function deactivateManifest(tx: Tx, receptacleId: number, segmentId: number) {
  await tx
    .update(receptacleMovements)
    .set({ deactivated: true })
    .where(
      and(
        eq(receptacleMovements.receptacle_id, receptacleId),
        eq(receptacleMovements.segment_id, segmentId),
        eq(receptacleMovements.status_code, "MAN"),
        eq(receptacleMovements.deactivated, false),
      ),
    );
}

/**
 * The flight's departure or arrival for the mail on it: one DEP (at its origin) or ARR (at its destination) for each
 * receptacle on the flight, at the time the flight's own event records. Called inside that event's transaction.
 */
export async function recordFlightEventOnReceptacles(tx: Tx, auth: Pick<AuthContext, "user">, segment: Segment, status: "DEP" | "ARR", at: Date) {
  const onFlight = await tx.select({ id: receptacles.id, weight: receptacles.weight }).from(receptacles).where(eq(receptacles.segment_id, segment.id));
  if (!onFlight.length) return;
  await tx.insert(receptacleMovements).values(onFlight.map((r) => movementRow(status, r, segment, at, auth.user.email)));
}

/** The movements of these receptacles, oldest first (one query for a whole page). */
export async function movementsOf(tx: Pick<Tx, "select">, ids: number[]) {
  if (!ids.length) return [];
  return tx
    .select()
    .from(receptacleMovements)
    .where(inArray(receptacleMovements.receptacle_id, ids))
    .orderBy(receptacleMovements.time_utc, receptacleMovements.id);
}
