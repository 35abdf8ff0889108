import type { BookingLeg, BookingMessage } from "../../cargo/telegrams/cimp/booking-message";
import { nearestDate, localDateAt } from "../../cargo/telegrams/cimp/status-instant";
import { numberWithDate, parseFlightNumber } from "../../cargo/flights/flight-number";
import { parseTelegram, generateTelegram } from "../../cargo/telegrams/parse-telegram";
import type { TelegramError } from "../../cargo/telegrams/telegram-error";
import { kgOf, m3Of } from "../telegrams/fwb-waybill";
import { refuseField } from "../http/errors";
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

/** The FFA answering the request: its shipment and flights, each with the status the airline answered. */
export function ffaText(m: BookingMessage, answers: ReadonlyArray<BookingStatus>): string {
  const answer: BookingMessage = {
    ...m,
    bookings: m.bookings.map((leg, i) => ({ ...leg, request_status: null, response_status: answers[i] ?? "UU" })),
  };
  return generateTelegram("FFA", answer);
}
