import { and, eq, sql } from "drizzle-orm";
import type { BookingMessage } from "../../cargo/telegrams/cimp/booking-message";
import { checkAddress } from "../../cargo/telegrams/message-setting";
import { refreshBookingSummary } from "../air-waybills/booking-summary";
import { refreshWarnings } from "../air-waybills/warnings";
import type { Booking } from "../bookings/access";
import { bookLeg } from "../bookings/book";
import { bookFfrFlights, ffaModel, ffrAnswers, ffrFigures, type FfrLegOutcome } from "../bookings/ffr";
import { asDb, type Tx } from "../bookings/space";
import { bookings, outgoingMessages } from "../db/schema";
import { airportInfo } from "../flights/common";
import { sendOnEvent } from "../outgoing/record-outgoing";
import type { ProcessingNote, ProcessingOutcome } from "./processing-note";
import type { TelegramContext } from "./apply-schedule";
import { airlineWaybill, telegramActor } from "./telegram-waybill";

/**
 * A booking request received as an FFR telegram (issue 23: "FFR becomes a booking request that gets an FFA"): the
 * airline's waybill it names is booked on each flight it asks for exactly as POST bookings/ffr books it
 * (api/bookings/ffr.ts bookFfrFlights → bookLeg: agreement, SHCs, the flight open, the booking rules and the space),
 * the consignor's certification being the waybill's own. A flight the waybill is already booked on keeps its
 * booking (a repeat books nothing twice); a flight that cannot be booked is named with the refusal's code.
 *
 * The answer is the FFA those decisions make (KK, NN, LL per flight, UU for a refused one), recorded as an outgoing
 * message when the airline's message settings send FFA on booking_answered at the waybill's origin: to the request's
 * sender (its REF address, else the telegram's origin, when it is an address) and the setting's own addresses. It is
 * recorded once per telegram (tagged with it), so a restart does not answer twice.
 */

type Telegram = TelegramContext;

/** Tags the FFA answering a telegram, so the same telegram applied again does not answer twice. */
const answerTag = (telegram: Telegram) => `telegram:${telegram.id}`;

/** Where the answer goes back to: the request's REF address, else its envelope's origin (or e-mail sender). */
function senderAddress(message: BookingMessage, telegram: Telegram): string[] {
  const candidate = message.reference?.address ?? telegram.sender;
  const read = candidate ? checkAddress(candidate) : null;
  return read?.ok ? [read.address] : [];
}

async function answerOnce(tx: Tx, telegram: Telegram, awb: { id: number; mawb: string; carrier: string; origin_iata: string; destination_iata: string }, message: BookingMessage, legs: FfrLegOutcome[], at: Date): Promise<ProcessingNote> {
  const tag = answerTag(telegram);
  const [sent] = await tx
    .select({ id: outgoingMessages.id })
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.carrier, awb.carrier), eq(outgoingMessages.air_waybill_id, awb.id), sql`${outgoingMessages.meta_tags} @> array[${tag}]::text[]`))
    .limit(1);
  if (sent) return { code: "telegram_answer_already_sent", params: { mawb: awb.mawb } };
  const rows = await sendOnEvent(tx, at, {
    carrier: awb.carrier,
    messageType: "FFA",
    event: "booking_answered",
    station: awb.origin_iata,
    awb: { id: awb.id, mawb: awb.mawb },
    origin: awb.origin_iata,
    destination: awb.destination_iata,
    replyTo: senderAddress(message, telegram),
    metaTags: [tag],
    model: () => ffaModel(message, ffrAnswers(legs)),
  });
  if (!rows.length) return { code: "telegram_answer_no_setting", params: { mawb: awb.mawb } };
  return { code: "telegram_answer_recorded", params: { mawb: awb.mawb, count: rows.length, to: [...new Set(rows.flatMap((r) => r.to))].join(", ") } };
}

export async function applyBookingRequest(tx: Tx, telegram: Telegram, message: BookingMessage, at: Date): Promise<ProcessingOutcome> {
  const awb = await airlineWaybill(tx, telegram, message.mawb);
  if (!awb) return { status: "rejected", notes: [{ code: "telegram_awb_not_found", params: { mawb: message.mawb } }] };
  const ctx = { auth: telegramActor(telegram), now: at };
  const zones = await airportInfo(asDb(tx), message.bookings.map((leg) => leg.origin_iata));
  const standing = new Set<number>();
  const legs = await bookFfrFlights(message, telegram.received, (iata) => zones.get(iata)?.timezone, async (leg): Promise<Booking> => {
    const [booked] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.air_waybill_id, awb.id), eq(bookings.number_with_date, leg.number_with_date), eq(bookings.origin_iata, leg.origin_iata), eq(bookings.active, true)))
      .limit(1);
    if (booked) {
      standing.add(booked.id);
      return booked;
    }
    // bookLeg refuses before it writes anything, so a refused flight leaves the others' bookings in this transaction whole
    return bookLeg(tx, ctx, awb, leg, ffrFigures(message, awb.shcs), { certified: awb.consignor_certified });
  });
  await refreshBookingSummary(tx, awb.id);
  await refreshWarnings(tx, awb.id, at);

  const notes: ProcessingNote[] = legs.map((leg) => {
    if (!leg.booking) return { code: "telegram_booking_refused", params: { mawb: awb.mawb, flight: leg.flight, reason: leg.code } };
    const params = { mawb: awb.mawb, flight: leg.flight, status: leg.booking.response_status };
    return { code: standing.has(leg.booking.id) ? "telegram_booking_exists" : "telegram_booking_made", params };
  });
  notes.push(await answerOnce(tx, telegram, awb, message, legs, at));
  return { status: legs.some((l) => !l.booking) ? "rejected" : "processed", notes };
}
