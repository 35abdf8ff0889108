import { asc, eq } from "drizzle-orm";
import type { AuthContext } from "../auth/authenticate";
import { lockSegment, type Tx } from "../bookings/space";
import { receptacles, segments } from "../db/schema";
import { HttpError } from "../http/errors";
import { addFieldError, throwIfErrors, type FieldErrors } from "../settings/common";
import { deactivateManifest, recordReceptacleMovement } from "./movements";
import type { ReceptacleInput } from "./schemas";
import { parseReceptacleUid, type ReceptacleUid } from "./uid";

// Creating and changing a receptacle: the UID is read into its parts (the offices and the weight come from it; offices
// sent beside it must be the UID's), and putting it on a flight, moving it or taking it off writes its MAN movements.
// A receptacle whose flight has left is the flight's record: it is neither changed nor deleted.

type Receptacle = typeof receptacles.$inferSelect;
type Segment = NonNullable<Awaited<ReturnType<typeof lockSegment>>>;

const DEPARTED = "Flight has departed";

/** The columns the input sets (UID parts, weight), checked; `current` is the row an update starts from. */
function columnsOf(input: ReceptacleInput, current: Receptacle | null, errors: FieldErrors) {
  let parts: ReceptacleUid | null = null;
  if (input.uid !== undefined) {
    const parsed = parseReceptacleUid(input.uid);
    if (parsed.ok) parts = parsed.value;
    else addFieldError(errors, "uid", parsed.message);
  }
  const origin = parts?.post_office_origin ?? current?.post_office_origin;
  const destination = parts?.post_office_destination ?? current?.post_office_destination;
  if (input.post_office_origin && origin && input.post_office_origin !== origin) addFieldError(errors, "post_office_origin", "does not match the receptacle UID");
  if (input.post_office_destination && destination && input.post_office_destination !== destination) {
    addFieldError(errors, "post_office_destination", "does not match the receptacle UID");
  }
  const weight = input.weight ?? (parts ? parts.weight : current?.weight);
  if (!errors.uid && !weight) addFieldError(errors, "weight", "can't be blank (the UID states no weight)");
  if (!parts) return weight !== undefined && weight !== current?.weight ? { weight } : {};
  const { year_digit: _year, ...columns } = parts;
  return { ...columns, weight: weight ?? parts.weight };
}

/** The flight a receptacle goes on, locked; 422 under segment_id when it does not exist, has left or is cancelled. */
async function targetFlight(tx: Tx, id: number): Promise<Segment> {
  const segment = await lockSegment(tx, id);
  if (!segment) throw new HttpError(422, { errors: { segment_id: ["must exist"] } });
  if (segment.atot) throw new HttpError(422, { errors: { segment_id: [DEPARTED] } });
  if (segment.canceled) throw new HttpError(422, { errors: { segment_id: ["Flight is canceled"] } });
  return segment;
}

/** 422 when the receptacle's flight has left: what went with it stays as it went. */
export async function assertChangeable(tx: Tx, r: Receptacle) {
  if (r.segment_id === null) return;
  const segment = await lockSegment(tx, r.segment_id);
  if (segment?.atot) throw new HttpError(422, { errors: { base: [DEPARTED] } });
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
  if (!leg) throw new HttpError(422, { errors: { number_with_date: ["must exist"] } });
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
