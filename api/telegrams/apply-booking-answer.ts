import { and, eq } from "drizzle-orm";
import type { BookingMessage } from "../../cargo/telegrams/cimp/booking-message";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { refreshWarnings } from "../air-waybills/warnings";
import { answerBooking, cancelBooking } from "../bookings/book";
import { legFlight } from "../bookings/ffr";
import { asDb, type Tx } from "../bookings/space";
import { bookings } from "../db/schema";
import { airportInfo } from "../flights/common";
import { HttpError, refusalCodeOf } from "../http/errors";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";
import { airlineWaybill, telegramActor } from "./telegram-waybill";

/**
 * A booking answer received as an FFA telegram (issue 23; spec 2 §9 "Processable: ... FFA for the platform"): the
 * airline's own reservation system answered the waybill's booking on each flight it names, and the booking here takes
 * that answer (response_status KK, NN, LL, UU; XX cancels it) by the same steps as the airline's answer by hand
 * (PATCH bookings: api/bookings/book.ts answerBooking, cancelBooking), which free or take the space and write or
 * withdraw the BKD movement. The airline's KK is its decision and stands even beyond the space we count (as an
 * overbooking on purpose); a locked, closed or cancelled flight still refuses it, named with the refusal's code.
 *
 * A flight the waybill has no active booking on is named, not booked: an answer is no request. A booking that already
 * has the status is left as it is, so a repeat changes nothing.
 */

type Telegram = { carrier: string; sender: string | null; received: Date };

export async function applyBookingAnswer(tx: Tx, telegram: Telegram, message: BookingMessage, at: Date): Promise<ProcessingOutcome> {
  const awb = await airlineWaybill(tx, telegram, message.mawb);
  if (!awb) return { status: "rejected", notes: [{ code: "telegram_awb_not_found", params: { mawb: message.mawb } }] };
  const ctx = { auth: telegramActor(telegram), now: at };
  const zones = await airportInfo(asDb(tx), message.bookings.map((leg) => leg.origin_iata));
  const notes: ProcessingNote[] = [];
  let refused = false;
  const refuse = (note: ProcessingNote) => {
    refused = true;
    notes.push(note);
  };

  for (const leg of message.bookings) {
    const zone = zones.get(leg.origin_iata)?.timezone;
    const flight = zone ? legFlight(leg, telegram.received, zone) : null;
    const named = { mawb: awb.mawb, flight: flight ?? leg.flight_number };
    const status = leg.response_status;
    if (!status) {
      refuse({ code: "telegram_answer_status_missing", params: named });
      continue;
    }
    const [booking] = flight
      ? await tx
          .select()
          .from(bookings)
          .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.number_with_date, flight), eq(bookings.origin_iata, leg.origin_iata), eq(bookings.active, true)))
          .limit(1)
      : [];
    if (!booking) {
      // cancelling what is not (or no longer) booked leaves nothing to do
      if (status === "XX") notes.push({ code: "telegram_answer_unchanged", params: { ...named, status } });
      else refuse({ code: "telegram_answer_booking_not_found", params: named });
      continue;
    }
    if (booking.response_status === status) {
      notes.push({ code: "telegram_answer_unchanged", params: { ...named, status } });
      continue;
    }
    try {
      if (status === "XX") await cancelBooking(tx, ctx, booking);
      else await answerBooking(tx, ctx, booking, { status, overbook: true });
      notes.push({ code: "telegram_answer_applied", params: { ...named, from: booking.response_status, status } });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      refuse({ code: "telegram_answer_refused", params: { ...named, status, reason: refusalCodeOf(error) } });
    }
  }
  await refreshBookingSummary(tx, awb.id);
  await refreshWarnings(tx, awb.id, at);
  return { status: refused ? "rejected" : "processed", notes };
}
