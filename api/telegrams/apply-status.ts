import { and, eq } from "drizzle-orm";
import { MOVEMENT_CODES, type MovementCode } from "../../cargo/awb/movement-codes";
import { SHIPMENT_STATE_REFUSAL, shipmentAllows, shipmentState, STATUS_UPDATE_ACTIONS } from "../../cargo/awb/shipment-state";
import { flightDateOf, statusInstant } from "../../cargo/telegrams/cimp/status-instant";
import type { StatusMessage, StatusMovement } from "../../cargo/telegrams/cimp/status-message";
import { formatIataDate } from "../../cargo/time/iata-date";
import { shipmentFacts } from "../air-waybills/shipment-state";
import { asDb, type Tx } from "../bookings/space";
import { airWaybills, awbMovements, segments } from "../db/schema";
import { airportInfo } from "../flights/common";
import { recordMovement } from "../handling/movements";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";

/**
 * An FSU or FSA applied to the waybill it is about (issue 23): each status line becomes a movement on the
 * waybill, dated at its station (status-instant.ts), on its flight when that is one of the airline's, recorded by
 * the telegram's sender. The shipment's state graph decides each line as it decides a step recorded by hand, so a
 * delivery of cargo that never left is refused, not written. Applying the same telegram again writes nothing twice.
 *
 * Only the telegram's airline's waybills are touched: a number of another airline's stock is "not found", as it is
 * to that airline's users. Booked (BKD) and manifested (MAN) come from the booking and manifest messages (FFR/FFA,
 * FFM), which carry what those records need; a status line only says they happened, so it is noted, not applied.
 * Statuses the product does not keep as movements (RCT, TFD, AWR…) are noted as read.
 */

type Waybill = typeof airWaybills.$inferSelect;
type Segment = typeof segments.$inferSelect;

const KEPT = new Set<string>(MOVEMENT_CODES);
const FROM_OTHER_MESSAGES = new Set<string>(["BKD", "MAN"]);
/** The waybill's date a status sets the first time it is recorded. */
const WAYBILL_DATE_OF = { DEP: "departed_at", DLV: "delivered_at" } as const;

/** The airline's flight a line names (number and day at the departure airport), or null. */
async function flightOf(tx: Tx, carrier: string, line: StatusMovement, received: Date, zoneOf: (iata: string) => string | null): Promise<Segment | null> {
  if (!line.flight_number || !line.flight_day) return null;
  // the day is the flight's departure day, dated at the line's station (the pair's first airport, or an arrival's)
  const origin = line.arrival_iata ? line.location_iata : null;
  const zone = zoneOf(line.location_iata);
  if (!zone) return null;
  const date = flightDateOf(line, received, zone);
  if (!date) return null;
  const number = `${line.flight_number}/${formatIataDate(date)}`;
  const rows = await tx
    .select()
    .from(segments)
    .where(and(eq(segments.carrier, carrier), eq(segments.number_with_date, number)));
  // a flight of several legs: the leg leaving the pair's first airport, or landing at an arrival's station
  return rows.find((s) => (origin ? s.origin_iata === origin : s.destination_iata === line.location_iata || s.origin_iata === line.location_iata)) ?? null;
}

async function alreadyRecorded(tx: Tx, awb: Waybill, status: MovementCode, location: string, at: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: awbMovements.id })
    .from(awbMovements)
    .where(and(eq(awbMovements.air_waybill_id, awb.id), eq(awbMovements.status_code, status), eq(awbMovements.location_iata, location), eq(awbMovements.time_utc, at)))
    .limit(1);
  return Boolean(row);
}

export async function applyStatusMessage(tx: Tx, telegram: { carrier: string; sender: string | null; received: Date }, message: StatusMessage): Promise<ProcessingOutcome> {
  const notes: ProcessingNote[] = [];
  const [awb] = await tx
    .select()
    .from(airWaybills)
    .where(and(eq(airWaybills.mawb, message.mawb), eq(airWaybills.carrier, telegram.carrier)))
    .for("update");
  if (!awb) return { status: "rejected", notes: [{ code: "telegram_awb_not_found", params: { mawb: message.mawb } }] };

  const zones = await airportInfo(asDb(tx), message.movements.flatMap((m) => [m.location_iata, m.arrival_iata ?? m.location_iata]));
  const zoneOf = (iata: string) => zones.get(iata)?.timezone ?? null;
  const by = { user: { email: telegram.sender ?? "telegram" } };
  let refused = false;
  // the first of the airline's flights a line names: the telegram is that flight's too (its Incoming messages tab)
  let segmentId: number | undefined;

  for (const [index, line] of message.movements.entries()) {
    const status = line.status_code;
    const at = { status, line: index + 1 };
    if (FROM_OTHER_MESSAGES.has(status)) {
      notes.push({ code: "telegram_status_from_other_message", params: at });
      continue;
    }
    if (!KEPT.has(status)) {
      notes.push({ code: "telegram_status_not_kept", params: at });
      continue;
    }
    const code = status as MovementCode & keyof typeof STATUS_UPDATE_ACTIONS;
    const zone = zoneOf(line.location_iata);
    if (!zone) {
      refused = true;
      notes.push({ code: "telegram_station_unknown", params: { ...at, station: line.location_iata } });
      continue;
    }
    const segment = await flightOf(tx, telegram.carrier, line, telegram.received, zoneOf);
    segmentId ??= segment?.id;
    const when = statusInstant(line, telegram.received, zone, segment?.atot ?? segment?.std ?? null);
    if (await alreadyRecorded(tx, awb, code, line.location_iata, when)) {
      notes.push({ code: "telegram_status_already_recorded", params: at });
      continue;
    }
    const facts = await shipmentFacts(tx, awb);
    const action = STATUS_UPDATE_ACTIONS[code];
    if (!shipmentAllows(facts, action)) {
      refused = true;
      notes.push({ code: SHIPMENT_STATE_REFUSAL, params: { ...at, state: shipmentState(facts), action } });
      continue;
    }
    if (code === "DIS" && !line.discrepancy_code) {
      refused = true;
      notes.push({ code: "telegram_discrepancy_code_missing", params: at });
      continue;
    }
    await recordMovement(tx, by, {
      status: code,
      awb,
      segment,
      location: line.location_iata,
      pieces: line.pieces ?? awb.pieces,
      weight: line.weight ?? awb.weight,
      volume: line.volume,
      discrepancy: line.discrepancy_code,
      at: when,
    });
    const dated = WAYBILL_DATE_OF[code as keyof typeof WAYBILL_DATE_OF];
    if (dated && !awb[dated]) {
      await tx.update(airWaybills).set({ [dated]: when, updated_at: telegram.received }).where(eq(airWaybills.id, awb.id));
      awb[dated] = when; // the next line's state reads it
    }
    notes.push({ code: "telegram_status_applied", params: at });
  }
  return { status: refused ? "rejected" : "processed", notes, ...(segmentId === undefined ? {} : { segment_id: segmentId }) };
}
