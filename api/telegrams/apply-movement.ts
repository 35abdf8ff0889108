import { and, between, eq } from "drizzle-orm";
import type { MovementMessage } from "../../cargo/telegrams/ahm/mvt";
import { movementInstant } from "../../cargo/telegrams/ahm/movement-instant";
import { type Tx } from "../bookings/space";
import { segments } from "../db/schema";
import type { Segment } from "../flights/common";
import { patchSegment, type TelegramContext } from "./apply-schedule";
import type { ProcessingOutcome } from "./processing-note";

/**
 * An AHM MVT applied to the airline's flight it names (issue 23): AD sets the leg's actual take-off (ATOT: the
 * airborne time, or the off-blocks time when the station gives no other), AA its actual landing (ATL: touchdown, or
 * on-blocks), EA the estimated arrival and ED the estimated departure. Delays, passengers and supplementary
 * information are kept on the telegram, not on the flight (the product has no field for them).
 *
 * The flight is the airline's segment of that number whose STD falls on the message's day of month (UTC) nearest
 * the day the telegram arrived, leaving the reporting station (AD, ED) or landing there (AA). A time is on the
 * flight's day unless the message writes another; one more than half a day before its reference (the STD, the STA)
 * is the next day's. The same message again changes nothing.
 */

const DAY_MS = 86_400_000;
/** How far from the day received a flight's STD may be, either way: a month names its day, no more. */
const SEARCH_DAYS = 20;

/** The segment the message reports: leaving `station` (a departure) or landing there (an arrival). */
async function reportedSegment(tx: Tx, ctx: TelegramContext, m: MovementMessage, arrival: boolean): Promise<Segment | null> {
  const rows = await tx
    .select()
    .from(segments)
    .where(
      and(
        eq(segments.carrier, ctx.carrier),
        eq(segments.number, m.number),
        arrival ? eq(segments.destination_iata, m.station) : eq(segments.origin_iata, m.station),
        between(segments.std, new Date(+ctx.received - SEARCH_DAYS * DAY_MS), new Date(+ctx.received + SEARCH_DAYS * DAY_MS)),
      ),
    )
    .for("update");
  const onDay = rows.filter((s) => s.std.getUTCDate() === m.day);
  onDay.sort((a, b) => Math.abs(+a.std - +ctx.received) - Math.abs(+b.std - +ctx.received));
  return onDay[0] ?? null;
}

export async function applyMovementMessage(tx: Tx, ctx: TelegramContext, m: MovementMessage): Promise<ProcessingOutcome> {
  const flight = `${m.number}/${String(m.day).padStart(2, "0")}`;
  if (m.carrier !== ctx.carrier) return { status: "rejected", notes: [{ code: "telegram_movement_other_airline", params: { carrier: m.carrier, flight } }] };
  const arrival = Boolean(m.touchdown_utc ?? m.ata_utc) && !m.atd_utc;
  const segment = await reportedSegment(tx, ctx, m, arrival);
  if (!segment) return { status: "rejected", notes: [{ code: "telegram_movement_flight_not_found", params: { flight, station: m.station } }] };

  const values: Partial<Segment> = {};
  if (arrival) {
    const landed = m.touchdown_utc ?? m.ata_utc;
    if (landed) values.atl = movementInstant(landed, segment.sta);
  } else {
    const left = m.airborne_utc ?? m.atd_utc;
    if (left) values.atot = movementInstant(left, segment.std);
    if (m.etd_utc) values.etd = movementInstant(m.etd_utc, segment.std);
    if (m.eta_utc && (m.eta_station === null || m.eta_station === segment.destination_iata)) values.eta = movementInstant(m.eta_utc, segment.sta);
  }
  const by = { channel: { source: "telegram", type: "ahm", id: `telegram:${ctx.id}` } };
  const params = { flight: segment.number_with_date, origin: segment.origin_iata };
  if (!Object.keys(values).length) return { status: "processed", notes: [{ code: "telegram_movement_nothing_kept", params }], segment_id: segment.id };
  const fields = await patchSegment(tx, ctx, by, segment, values, "movement");
  const note = fields.length ? { code: "telegram_movement_applied", params: { ...params, fields: fields.join(", ") } } : { code: "telegram_movement_unchanged", params };
  return { status: "processed", notes: [note], segment_id: segment.id };
}
