import { and, eq, inArray } from "drizzle-orm";
import type { Correspondence } from "../documents/flight-manifest-pdf";
import type { Db } from "../db/open";
import { airWaybills, bookings, handlers } from "../db/schema";
import type { Segment } from "./common";
import type { SegmentTelegram } from "./segment-messages";

// The correspondence FBL (spec 3 §7 segments/{id}/fbl/correspondence.pdf, default name correspondence.pdf): the
// flight's booked list as the airline's letter to the cargo handling at the point of loading, which accepts the
// cargo. It lists what the FBL lists, and under each shipment what the station must know to accept it and that the
// telegram cannot say: the parties it comes from and goes to, the waybill's handling information (its SSR/OSI), and
// why a booking is not confirmed yet. The letter is addressed to the airline's handler there, with its latest
// acceptance time when the airline keeps one (settings → handlers).

/** Whitespace of stored free text as single spaces (a remark is one printed line). */
const oneLine = (text: string | null | undefined) => text?.replace(/\s+/g, " ").trim() ?? "";

export async function fblCorrespondence(db: Db, segment: Segment, telegram: SegmentTelegram): Promise<Correspondence> {
  const mawbs = [...new Set(telegram.shipments.map((s) => s.mawb))];
  const [waybills, booked, [handler]] = await Promise.all([
    mawbs.length
      ? db
          .select({ mawb: airWaybills.mawb, handling: airWaybills.handling_information, shipper: airWaybills.shipper, consignee: airWaybills.consignee })
          .from(airWaybills)
          .where(and(inArray(airWaybills.mawb, mawbs), eq(airWaybills.deleted, false)))
      : [],
    mawbs.length
      ? db
          .select({ mawb: bookings.mawb, status: bookings.response_status, reason: bookings.response_reason })
          .from(bookings)
          .where(and(eq(bookings.segment_id, segment.id), eq(bookings.active, true), inArray(bookings.mawb, mawbs)))
      : [],
    db
      .select({ latest: handlers.latest_acceptance_time })
      .from(handlers)
      .where(and(eq(handlers.carrier, segment.carrier), eq(handlers.location, segment.origin_iata)))
      .limit(1),
  ]);
  const remarks = new Map<string, string>();
  for (const awb of waybills) {
    const booking = booked.find((b) => b.mawb === awb.mawb);
    const parts = [
      [oneLine(awb.shipper.name), oneLine(awb.consignee.name)].some(Boolean) ? `${oneLine(awb.shipper.name) || "?"} > ${oneLine(awb.consignee.name) || "?"}` : "",
      oneLine(awb.handling) ? `Handling: ${oneLine(awb.handling)}` : "",
      booking && booking.status !== "KK" ? `Booking ${booking.status}${oneLine(booking.reason) ? `: ${oneLine(booking.reason)}` : ""}` : "",
    ].filter(Boolean);
    if (parts.length) remarks.set(awb.mawb, parts.join("; "));
  }
  const latest = handler?.latest ?? null;
  const to = `Cargo handling ${segment.origin_iata}${latest !== null ? ` (latest acceptance ${latest} min before STD)` : ""}`;
  return { to, remarks };
}
