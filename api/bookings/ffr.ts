import type { BookingLeg, BookingMessage } from "../../cargo/telegrams/cimp/booking-message";
import { nearestDate, localDateAt } from "../../cargo/telegrams/cimp/status-instant";
import { numberWithDate, parseFlightNumber } from "../../cargo/flights/flight-number";
import { parseTelegram, generateTelegram } from "../../cargo/telegrams/parse-telegram";
import type { TelegramError } from "../../cargo/telegrams/telegram-error";
import { kgOf, m3Of } from "../telegrams/fwb-waybill";
import { HttpError, refusalCodeOf, refuseField } from "../http/errors";
import type { Booking } from "./access";
import type { BookingStatus } from "../../cargo/bookings/booking-status";

/**
 * A booking request sent as Cargo-IMP FFR text (spec 3 §7 "POST bookings/ffr (body cimp_text)", issue 23): the
 * shipment it names is booked on each flight it asks for, as the booking form books it, and the answer is the FFA the
 * airline's decisions make (KK, NN, LL, UU per flight). A flight that cannot be booked is answered UU with the
 * refusal's code, so one closed flight does not lose the others.
 */

/** What the text asks, or 422 under cimp_text: not an FFR, or an FFR with faults (each with its line). */
export function readFfr(text: string): BookingMessage {
  const parsed = parseTelegram(text);
  if (parsed.type !== "FFR") throw refuseField("cimp_text", "ffr_expected", { type: parsed.type ?? "" });
  if (parsed.errors.length || !parsed.message) {
    const first: TelegramError | undefined = parsed.errors[0];
    throw refuseField("cimp_text", "cimp_has_errors", { count: parsed.errors.length, line: first?.line ?? 0, code: first?.code ?? "" });
  }
  return parsed.message as BookingMessage;
}

/** The flight a request line names ("S70101" on the 28th: "S70101/28NOV26"), its year the nearest to the day at its origin. */
export function legFlight(leg: BookingLeg, now: Date, zone: string): string | null {
  const parsed = parseFlightNumber(leg.flight_number);
  const date = nearestDate(leg.flight_day, localDateAt(now, zone));
  if (!parsed.ok || !date) return null;
  return numberWithDate(parsed.value, date);
}

/** The shipment's figures a request books on each flight: the whole consignment, in kg and m3. */
export function ffrFigures(m: BookingMessage, shcs: string[]) {
  return { pieces: m.pieces, weight: kgOf(m.weight_code, m.weight), volume: m.volume === null ? 0 : m3Of(m.volume_code, m.volume), shcs: m.shcs.length ? m.shcs : shcs };
}

/** The FFA answering the request (the model the codec writes): its shipment and flights, each with the status the airline answered. */
export function ffaModel(m: BookingMessage, answers: ReadonlyArray<BookingStatus>): BookingMessage {
  return {
    ...m,
    bookings: m.bookings.map((leg, i) => ({ ...leg, request_status: null, response_status: answers[i] ?? "UU" })),
  };
}

/** The FFA's text. */
export const ffaText = (m: BookingMessage, answers: ReadonlyArray<BookingStatus>): string => generateTelegram("FFA", ffaModel(m, answers));

/** What booking one flight of an FFR came to: its booking (made or, for a telegram, found), or the refusal's code. */
export type FfrLegOutcome = { flight: string; booking: Booking; code: null } | { flight: string; booking: null; code: string };

/** The FFA's answer of each flight, in the request's order: the booking's response status, UU for a refused flight. */
export const ffrAnswers = (legs: readonly FfrLegOutcome[]): BookingStatus[] => legs.map((l) => (l.booking ? (l.booking.response_status as BookingStatus) : "UU"));

/**
 * Books each flight an FFR asks for through `bookOne` (bookLeg in the caller's transaction), one after the other: the
 * flight is the one the line names in the year nearest `now` at its origin; a flight that cannot be found or booked
 * keeps the refusal's code (its answer is UU), so one closed flight does not lose the others. POST bookings/ffr and a
 * received FFR telegram (api/telegrams/apply-booking-request.ts) book through this.
 */
export async function bookFfrFlights(
  message: BookingMessage,
  now: Date,
  zoneOf: (iata: string) => string | undefined,
  bookOne: (leg: { number_with_date: string; origin_iata: string }) => Promise<Booking>,
): Promise<FfrLegOutcome[]> {
  const out: FfrLegOutcome[] = [];
  for (const leg of message.bookings) {
    const zone = zoneOf(leg.origin_iata);
    const flight = zone ? legFlight(leg, now, zone) : null;
    if (!flight) {
      out.push({ flight: leg.flight_number, booking: null, code: "segment_not_found" });
      continue;
    }
    try {
      out.push({ flight, booking: await bookOne({ number_with_date: flight, origin_iata: leg.origin_iata }), code: null });
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      // the booking form's "must exist" under segment: here, the flight the text names is not there
      const code = refusalCodeOf(error);
      out.push({ flight, booking: null, code: code === "must_exist" ? "segment_not_found" : code });
    }
  }
  return out;
}
