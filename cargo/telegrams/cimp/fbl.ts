import type { TelegramCodec } from "../telegram-codec";
import { telegramError, type TelegramError } from "../telegram-error";
import { joinContinuations, type TelegramLine } from "../telegram-lines";
import { readPartFlightLine, writePartFlightLine } from "./flight-line";
import { noContinuations, readPartBody, writeManifestItem, writePointLine, type ManifestItem } from "./manifest-lines";
import { appendAll, mergeParts, type MergedParts, type MessagePart, type PartLineGroup, splitIntoParts, TYPE_B_MAX_MESSAGE_CHARS } from "./multi-part";

/**
 * FBL/4, the freight booked list: what is booked on a flight, per point of unloading, sent in parts like the FFM.
 *
 *   FBL/4
 *   1/S70101/28NOV/DME                       part 1, flight S7 101 of 28 November (no year), from DME
 *   LED                                      point of unloading
 *   421-12345675DMELED/T2K50.0MC0.5/BOOKS    a booking: the waybill, its pieces, weight, volume, nature of goods
 *   /EAP/SPX                                 its special handling codes
 *   SSR/KEEP DRY
 *   LAST
 *
 * A booking speaks the names of the product's bookings (api/db/tables/air-waybills.ts): mawb, origin_iata,
 * destination_iata, parts_code, pieces, weight, volume, shcs, commodity (the waybill's nature of goods).
 */
export type FblBooking = ManifestItem;

export interface FblPoint {
  destination_iata: string;
  scheduled_arrival: string | null;
  bookings: FblBooking[];
}

export interface FblList extends MessagePart {
  departure_time: string | null;
  points: FblPoint[];
}

export function parseFbl(body: readonly TelegramLine[]): { message: FblList | null; errors: TelegramError[] } {
  const errors: TelegramError[] = [];
  const [first, ...lines] = joinContinuations(body);
  if (!first) return { message: null, errors: [telegramError(0, "cut_short", { what: "the flight line" })] };
  const flight = readPartFlightLine(first.no, first.text, errors);
  if (!flight) return { message: null, errors };
  const { rest, ...header } = flight;
  if (rest.length) errors.push(telegramError(first.no, "unexpected_line", { tag: rest.join("/").slice(0, 12) }));
  noContinuations(first, errors);
  const read = readPartBody<FblPoint>(
    lines,
    first.no,
    {
      newPoint: (line) => ({ destination_iata: line.destination_iata, scheduled_arrival: line.scheduled_arrival, bookings: [] }),
      addItem: (point, booking) => point.bookings.push(booking),
    },
    errors,
  );
  return { message: { ...header, points: read.points, last: read.last ?? false }, errors };
}

/** A point's lines in groups that stay together in one part: its point line, then each booking (after the point line when it opens a part). */
function pointGroups(point: FblPoint): PartLineGroup[] {
  const pointLine = writePointLine(point.destination_iata, point.scheduled_arrival, !point.bookings.length);
  return [{ lines: [pointLine], context: [] }, ...point.bookings.map((booking) => ({ lines: writeManifestItem(booking), context: [pointLine] }))];
}

function fblLines(list: FblList): string[] {
  return [writePartFlightLine(list), ...list.points.flatMap((point) => pointGroups(point).flatMap((group) => group.lines)), list.last ? "LAST" : "CONT"];
}

/**
 * Writes a booked list as the parts that carry it, as splitFfm does a manifest: each under `maxChars` characters, CONT
 * on all but the last, the point of unloading repeated at the top of a part that goes on with it. The list's own
 * part_number and last are not used.
 */
export function splitFbl(list: FblList, maxChars = TYPE_B_MAX_MESSAGE_CHARS): string[] {
  return splitIntoParts("FBL/4", (part_number) => writePartFlightLine({ ...list, part_number }), list.points.flatMap(pointGroups), maxChars);
}

/** One flight's FBL parts, in any order, as one list (a point of unloading that goes on in the next part continues). */
export function mergeFblParts(parts: readonly FblList[]): MergedParts<FblList> {
  return mergeParts(parts, (ordered) => {
    const points = new Map<string, FblPoint>();
    for (const point of ordered.flatMap((part) => part.points)) {
      const same = points.get(point.destination_iata);
      if (same) appendAll(same.bookings, point.bookings);
      else points.set(point.destination_iata, { ...point, bookings: [...point.bookings] });
    }
    return { ...ordered[0]!, points: [...points.values()] };
  });
}

export const fblCodec: TelegramCodec<FblList> = {
  type: "FBL",
  family: "cimp",
  versions: ["4"],
  parse: (body) => parseFbl(body),
  generate: (list) => fblLines(list).join("\n"),
};
