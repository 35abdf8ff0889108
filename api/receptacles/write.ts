import { asc, eq } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import { lockSegment, type Tx } from "../bookings/space";
import { receptacles, segments } from "../db/schema";
import { addRefusal, refuseField } from "../http/errors";
import { throwIfErrors, type FieldErrors } from "../settings/common";
import { deactivateManifest, recordReceptacleMovement } from "./movements";
import type { ReceptacleInput } from "./schemas";
import { parseReceptacleUid, type ReceptacleUid } from "./uid";

// Creating and changing a receptacle: the UID is read into its parts (the offices and the weight come from it; offices
// sent beside it must be the UID's), and putting it on a flight, moving it or taking it off writes its MAN movements.
// A receptacle whose flight has left is the flight's record: it is neither changed nor deleted.

type Receptacle = typeof receptacles.$inferSelect;
type Segment = NonNullable<Awaited<ReturnType<typeof lockSegment>>>;

/** The columns the input sets (UID parts, weight), checked; `current` is the row an update starts from. */
function columnsOf(input: ReceptacleInput, current: Receptacle | null, errors: FieldErrors) {
  let parts: ReceptacleUid | null = null;
  if (input.uid !== undefined) {
    const parsed = parseReceptacleUid(input.uid);
    if (parsed.ok) parts = parsed.value;
    else (errors.uid ??= []).push(parsed.refusal);
  }
  const origin = parts?.post_office_origin ?? current?.post_office_origin;
  const destination = parts?.post_office_destination ?? current?.post_office_destination;
  if (input.post_office_origin && origin && input.post_office_origin !== origin) addRefusal(errors, "post_office_origin", "uid_mismatch");
  if (input.post_office_destination && destination && input.post_office_destination !== destination) {
    addRefusal(errors, "post_office_destination", "uid_mismatch");
  }
  const weight = input.weight ?? (parts ? parts.weight : current?.weight);
  if (!errors.uid && !weight) addRefusal(errors, "weight", "uid_states_no_weight");
  if (!parts) return weight !== undefined && weight !== current?.weight ? { weight } : {};
  const { year_digit: _year, ...columns } = parts;
  return { ...columns, weight: weight ?? parts.weight };
}

/** The flight a receptacle goes on, locked; 422 under segment_id when it does not exist, has left or is cancelled. */
async function targetFlight(tx: Tx, id: number): Promise<Segment> {
  const segment = await lockSegment(tx, id);
  if (!segment) throw refuseField("segment_id", "must_exist");
  if (segment.atot) throw refuseField("segment_id", "flight_departed");
  if (segment.canceled) throw refuseField("segment_id", "flight_canceled");
  return segment;
}

/** 422 when the receptacle's flight has left: what went with it stays as it went. */
export async function assertChangeable(tx: Tx, r: Receptacle) {
  if (r.segment_id === null) return;
  const segment = await lockSegment(tx, r.segment_id);
  if (segment?.atot) throw refuseField("base", "flight_departed");
}

/**
 * The flight the input names: segment_id, or number_with_date (its first leg; 422 under number_with_date when no
 * flight has that number); null takes it off; undefined leaves it.
 */
async function flightIdOf(tx: Tx, input: ReceptacleInput): Promise<number | null | undefined> {
  if (input.segment_id !== undefined || !input.number_with_date) return input.segment_id;
  const [leg] = await tx
    .select({ id: segments.id })
    .from(segments)
    .where(eq(segments.number_with_date, input.number_with_date.replace(/\s+/g, "")))
    .orderBy(asc(segments.segment_number))
    .limit(1);
  if (!leg) throw refuseField("number_with_date", "must_exist");
  return leg.id;
}

export async function createReceptacle(tx: Tx, auth: Pick<AuthContext, "user">, input: ReceptacleInput, now: Date): Promise<number> {
  const errors: FieldErrors = {};
  const columns = columnsOf(input, null, errors);
  throwIfErrors(errors);
  const flightId = await flightIdOf(tx, input);
  const segment = flightId ? await targetFlight(tx, flightId) : null;
  const [row] = await tx
    .insert(receptacles)
    .values({ ...(columns as Required<typeof columns> & Omit<ReceptacleUid, "year_digit">), segment_id: segment?.id ?? null, carrier: segment?.carrier ?? null, created_by: auth.user.id, created_at: now, updated_at: now })
    .returning();
  if (segment) await recordReceptacleMovement(tx, auth, "MAN", row!, segment, now);
  return row!.id;
}

export async function updateReceptacle(tx: Tx, auth: Pick<AuthContext, "user">, current: Receptacle, input: ReceptacleInput, now: Date) {
  await assertChangeable(tx, current);
  const errors: FieldErrors = {};
  const columns = columnsOf(input, current, errors);
  throwIfErrors(errors);
  const flightId = await flightIdOf(tx, input);
  const moves = flightId !== undefined && flightId !== current.segment_id;
  const segment = moves && flightId ? await targetFlight(tx, flightId) : null;
  const [row] = await tx
    .update(receptacles)
    .set({ ...columns, ...(moves ? { segment_id: segment?.id ?? null, carrier: segment?.carrier ?? null } : {}), updated_at: now })
    .where(eq(receptacles.id, current.id))
    .returning();
  if (moves && current.segment_id !== null) await deactivateManifest(tx, current.id, current.segment_id);
  if (segment) await recordReceptacleMovement(tx, auth, "MAN", row!, segment, now);
}
