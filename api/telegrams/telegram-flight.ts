import { and, eq } from "drizzle-orm";
import { flightNumberWithDate } from "../../cargo/telegrams/cimp/flight-line";
import type { MessagePart } from "../../cargo/telegrams/cimp/multi-part";
import { localDateAt } from "../../cargo/telegrams/cimp/status-instant";
import { asDb, type Tx } from "../bookings/space";
import { segments } from "../db/schema";
import type { Segment } from "../flights/common";
import { airportInfo } from "../flights/common";
import type { ProcessingOutcome } from "./processing-note";

/**
 * The airline's flight leg a flight-level message (FFM, FBL) is about, locked for the rest of the job: its number, its
 * day (the year nearest the day the telegram arrived, dated at the point of loading) and its point of loading. A
 * flight of another airline, or one not in the schedule, is the outcome that rejects the telegram, said with its code.
 */
export async function telegramFlight(
  tx: Tx,
  telegram: { carrier: string; received: Date },
  message: Pick<MessagePart, "carrier" | "flight_number" | "flight_day" | "origin_iata">,
): Promise<{ segment: Segment } | { rejected: ProcessingOutcome }> {
  const flight = `${message.flight_number}/${message.flight_day}`;
  if (message.carrier !== telegram.carrier) return { rejected: { status: "rejected", notes: [{ code: "telegram_flight_other_airline", params: { flight, carrier: telegram.carrier } }] } };
  const zone = (await airportInfo(asDb(tx), [message.origin_iata])).get(message.origin_iata)?.timezone;
  const numberWithDate = zone ? flightNumberWithDate(message, localDateAt(telegram.received, zone)) : null;
  const [segment] = numberWithDate
    ? await tx
        .select()
        .from(segments)
        .where(and(eq(segments.carrier, telegram.carrier), eq(segments.number_with_date, numberWithDate), eq(segments.origin_iata, message.origin_iata)))
        .for("update")
    : [];
  if (!segment) return { rejected: { status: "rejected", notes: [{ code: "telegram_flight_not_found", params: { flight, origin: message.origin_iata } }] } };
  return { segment };
}
