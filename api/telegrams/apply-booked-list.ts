import { and, eq } from "drizzle-orm";
import type { FblList } from "../../cargo/telegrams/cimp/fbl";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { refreshWarnings } from "../air-waybills/warnings";
import { bookLeg } from "../bookings/book";
import type { Tx } from "../bookings/space";
import { bookings } from "../db/schema";
import { HttpError, refusalOf } from "../http/errors";
import { kgOf, m3Of } from "./fwb-waybill";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";
import { telegramFlight } from "./telegram-flight";
import { airlineWaybill, telegramActor } from "./telegram-waybill";

/**
 * An FBL (one part of it) applied to the airline's flight (issue 23 "FBL the booked list"; spec 2 §9 "Processable: FBL
 * for airlines"): the list says what is booked on the flight, so each waybill it lists is made to have its booking on
 * that leg, booked as every booking is (api/bookings/book.ts bookLeg, the path POST bookings/ffr books by: agreement,
 * SHCs, the flight open, the booking rules and the space), with the pieces, weight and volume the list gives and the
 * consignor's certification the waybill has. A waybill already booked on the leg keeps its booking, so a repeat
 * changes nothing; a number that is not one of the airline's waybills, or a booking the rules refuse, is named with
 * its code and the others are applied. A waybill the list leaves out is not cancelled: a part lists only some, and
 * cancelling is the airline's act (or an FFA's XX). Each part of a multi-part FBL is applied as it arrives.
 */

type Telegram = { carrier: string; sender: string | null; received: Date };

export async function applyBookedList(tx: Tx, telegram: Telegram, message: FblList, at: Date): Promise<ProcessingOutcome> {
  const found = await telegramFlight(tx, telegram, message);
  if ("rejected" in found) return found.rejected;
  const segment = found.segment;
  const ctx = { auth: telegramActor(telegram), now: at };
  const notes: ProcessingNote[] = [];
  let refused = false;

  for (const item of message.points.flatMap((p) => p.bookings)) {
    const mawb = item.mawb;
    const awb = await airlineWaybill(tx, telegram, mawb);
    if (!awb) {
      refused = true;
      notes.push({ code: "telegram_booked_awb_unknown", params: { mawb } });
      continue;
    }
    const [booked] = await tx
      .select({ response_status: bookings.response_status })
      .from(bookings)
      .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.segment_id, segment.id), eq(bookings.active, true)))
      .limit(1);
    if (booked) {
      notes.push({ code: "telegram_booked_unchanged", params: { mawb, status: booked.response_status } });
      continue;
    }
    const figures = {
      pieces: item.pieces,
      weight: kgOf(item.weight_code, item.weight),
      volume: item.volume === null ? awb.volume : m3Of(item.volume_code, item.volume),
      shcs: item.shcs.length ? item.shcs : awb.shcs,
    };
    try {
      // bookLeg refuses before it writes anything, so a refused waybill leaves the others' bookings whole
      const row = await bookLeg(tx, ctx, awb, { segment_id: segment.id }, figures, { certified: awb.consignor_certified });
      await refreshBookingSummary(tx, awb.id);
      await refreshWarnings(tx, awb.id, at);
      notes.push({ code: "telegram_booked_added", params: { mawb, pieces: row.pieces, status: row.response_status } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refused = true;
      const refusal = refusalOf(error);
      notes.push({ code: "telegram_booked_refused", params: { ...(refusal.params as Record<string, string | number>), mawb, reason: refusal.code } });
    }
  }
  return { status: refused ? "rejected" : "processed", notes, segment_id: segment.id };
}
