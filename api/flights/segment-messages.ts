import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { FBL_BOOKING_STATUSES } from "../../cargo/bookings/booking-status";
import { lbToKg } from "../../cargo/units";
import { IATA_MONTHS } from "../../cargo/time/iata-date";
import { formatLocalIso } from "../../cargo/time/zoned-time";
import { type FblList, type FblPoint, splitFbl } from "../../cargo/telegrams/cimp/fbl";
import { type FfmManifest, type FfmPoint, splitFfm } from "../../cargo/telegrams/cimp/ffm";
import { manifestShcs, natureOfGoods, type ManifestItem } from "../../cargo/telegrams/cimp/manifest-lines";
import type { PartsCode, WeightCode } from "../../cargo/telegrams/cimp/consignment";
import type { UwsBulk, UwsStatement, UwsUld } from "../../cargo/telegrams/cimp/uws";
import { generateTelegram } from "../../cargo/telegrams/parse-telegram";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, bookings, preManifestItems, receptacles } from "../db/schema";
import { refuse } from "../http/errors";
import type { Segment } from "./common";

// A flight's own telegrams (issue 23; spec 3 §7 segments/{id}/fbl, /ffm, /uws.json), written from the flight's data
// with the codec of cargo/telegrams: the FBL lists what is booked on the flight, the FFM what its manifest (the
// Build-Up tab's pre-manifest items, api/handling/pre-manifest.ts) puts on board, the UWS what the ULDs and the bulk
// of that manifest weigh. One function, segmentTelegram, builds the model and its text; the routes show it, the
// documents print it, and sending (outgoing messages) writes the same text.
//
// Where a shipment sits: the ULD of its MAN movement (awb_movements.uld, as an FSU with a ULD says it), else bulk. The
// UWS weighs the mail on the flight too (its postal receptacles, load category M), which no air waybill carries.

export const SEGMENT_TELEGRAM_TYPES = ["FBL", "FFM", "UWS"] as const;
export type SegmentTelegramType = (typeof SEGMENT_TELEGRAM_TYPES)[number];

/**
 * Shipments a flight's message is written for at most: a wide-body freighter carries a few hundred waybills, and a
 * request must stay within its second of work whatever a tenant stored (DESIGN §4a).
 */
export const MAX_MESSAGE_SHIPMENTS = 2000;

/** What a shipment of a message is, beside the codec's model: where it is loaded, for the summary and the document. */
export interface MessageShipment extends ManifestItem {
  /** Its point of unloading on this flight. */
  unloading_iata: string;
  /** The ULD it is in (FFM), null for bulk and in an FBL. */
  uld_number: string | null;
  /** The booking's answer (FBL: KK or NN), null in an FFM. */
  response_status: string | null;
}

export interface MessageTotals {
  shipments: number;
  pieces: number;
  weight: number;
  volume: number;
}

export interface SegmentTelegram {
  type: SegmentTelegramType;
  /** The message as the codec reads and writes it (FblList, FfmManifest, UwsStatement). */
  message: FblList | FfmManifest | UwsStatement;
  /** The texts sent, one per part (an FFM or FBL over the Type-B length is sent in parts, CONT/LAST); CRLF line ends. */
  parts: string[];
  shipments: MessageShipment[];
  totals: MessageTotals;
  generated_at: Date;
}

const ULD_NUMBER = /^[A-Z]{3}\d{4,5}[A-Z0-9]{2}$/;
const REGISTRATION = /^[A-Z0-9-]{2,10}$/;

/** "28NOV" of "2026-11-28": the flight's day as the messages write it (no year). */
export function flightDay(isoDate: string): string {
  return `${isoDate.slice(8, 10)}${IATA_MONTHS[Number(isoDate.slice(5, 7)) - 1]}`;
}

/** "28NOV1150": a moment's local day and time at an airport. */
export function localDayTime(at: Date, zone: string): { day: string; date: string; hhmm: string } {
  const local = formatLocalIso(at, zone);
  return { day: flightDay(local.slice(0, 10)), date: local.slice(0, 10), hhmm: `${local.slice(11, 13)}${local.slice(14, 16)}` };
}

/** The flight line's elements every segment message shares (flight, its day, the point of loading). */
function flightOf(segment: Segment) {
  const departure = localDayTime(segment.std, segment.origin_time_zone);
  return {
    part_number: 1,
    carrier: segment.carrier,
    flight_number: segment.number,
    flight_day: flightDay(segment.flight_date),
    // the scheduled time belongs to the flight's day only when this leg leaves on that day (a later leg may not)
    departure_time: departure.date === segment.flight_date ? departure.hhmm : null,
    origin_iata: segment.origin_iata,
    last: true,
  };
}

/** The point of unloading's scheduled arrival, for the segment's own destination. */
function arrivalAt(segment: Segment, destination: string): string | null {
  if (destination !== segment.destination_iata) return null;
  const arrival = localDayTime(segment.sta, segment.destination_time_zone);
  return `${arrival.day}${arrival.hhmm}`;
}

interface StoredShipment {
  mawb: string;
  awb_origin: string;
  awb_destination: string;
  point: string;
  parts_code: string;
  pieces: number;
  total_pieces: number;
  weight: number;
  weight_code: string;
  volume: number | null;
  volume_code: string | null;
  commodity: string | null;
  shcs: string[];
  uld: string | null;
  response_status: string | null;
}

/** A stored row as the codec's shipment: the waybill's route, the part's figures, what a Type-B line can carry. */
function shipmentOf(row: StoredShipment): MessageShipment {
  const parts = (["T", "P", "S", "D"] as const).includes(row.parts_code as PartsCode) ? (row.parts_code as PartsCode) : "T";
  const part = parts !== "T" || row.pieces < row.total_pieces;
  const volume = row.volume !== null && row.volume > 0 ? Math.round(row.volume * 100) / 100 : null;
  const uld = row.uld?.trim().toUpperCase() ?? "";
  return {
    mawb: row.mawb,
    origin_iata: row.awb_origin,
    destination_iata: row.awb_destination,
    parts_code: part ? (parts === "T" ? "P" : parts) : "T",
    pieces: row.pieces,
    weight_code: (row.weight_code === "L" ? "L" : "K") satisfies WeightCode,
    weight: Math.round(row.weight * 10) / 10,
    volume_code: volume === null ? null : "MC",
    volume,
    density_group: null,
    total_pieces: part ? row.total_pieces : null,
    commodity: natureOfGoods(row.commodity),
    shcs: manifestShcs(row.shcs),
    dims: [],
    ssr: [],
    osi: [],
    oci: [],
    sci: null,
    unloading_iata: row.point,
    uld_number: ULD_NUMBER.test(uld) ? uld : null,
    response_status: row.response_status,
  };
}

/** The codec's shipment alone (what the message carries), without the summary's own fields. */
function itemOf({ unloading_iata: _point, uld_number: _uld, response_status: _status, ...item }: MessageShipment): ManifestItem {
  return item;
}

/** The rows read (at most one more than the limit), or 422 message_too_many_shipments when there are more. */
export function withinShipmentLimit<T>(rows: T[], max = MAX_MESSAGE_SHIPMENTS): T[] {
  if (rows.length > max) throw refuse(422, "message_too_many_shipments", { max });
  return rows;
}


/** What a booking and a manifest item both carry: the waybill's number and route, the leg's point of unloading, the figures. */
function figuresOf(t: typeof bookings | typeof preManifestItems) {
  return {
    mawb: t.mawb,
    awb_origin: airWaybills.origin_iata,
    awb_destination: airWaybills.destination_iata,
    point: t.destination_iata,
    pieces: t.pieces,
    weight: t.weight,
    weight_code: t.weight_code,
    volume: t.volume,
    volume_code: t.volume_code,
    shcs: t.shcs,
  };
}

/** The flight's bookings the FBL lists: active, confirmed or awaiting the airline's answer. */
async function bookedShipments(db: Db, segment: Segment): Promise<StoredShipment[]> {
  const rows = await db
    .select({ ...figuresOf(bookings), parts_code: bookings.parts_code, total_pieces: airWaybills.pieces, commodity: airWaybills.commodity, response_status: bookings.response_status })
    .from(bookings)
    .innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id))
    .where(and(eq(bookings.segment_id, segment.id), eq(bookings.active, true), inArray(bookings.response_status, [...FBL_BOOKING_STATUSES])))
    .orderBy(asc(bookings.mawb))
    .limit(MAX_MESSAGE_SHIPMENTS + 1);
  return withinShipmentLimit(rows).map((r) => ({ ...r, uld: null }));
}

/** The flight's manifest as loaded: the pre-manifest items, each with the ULD its MAN movement names. */
async function manifestedShipments(db: Db, segment: Segment): Promise<StoredShipment[]> {
  const rows = await db
    .select({ ...figuresOf(preManifestItems), parts_code: preManifestItems.part_code, total_pieces: preManifestItems.total_pieces, commodity: preManifestItems.commodity, uld: awbMovements.uld })
    .from(preManifestItems)
    .innerJoin(airWaybills, eq(airWaybills.id, preManifestItems.air_waybill_id))
    .leftJoin(awbMovements, eq(awbMovements.id, preManifestItems.movement_id))
    .where(eq(preManifestItems.segment_id, segment.id))
    .orderBy(asc(preManifestItems.priority), asc(preManifestItems.mawb))
    .limit(MAX_MESSAGE_SHIPMENTS + 1);
  return withinShipmentLimit(rows).map((r) => ({ ...r, response_status: null }));
}

/** Groups by point of unloading, the segment's destination first, in the order first met. */
function byPoint<T extends { point: string }>(segment: Segment, rows: T[]): Map<string, T[]> {
  const points = new Map<string, T[]>([[segment.destination_iata, []]]);
  for (const row of rows) {
    const list = points.get(row.point);
    if (list) list.push(row);
    else points.set(row.point, [row]);
  }
  return points;
}

function totalsOf(shipments: MessageShipment[]): MessageTotals {
  const kg = (s: MessageShipment) => (s.weight_code === "L" ? lbToKg(s.weight) : s.weight);
  return {
    shipments: shipments.length,
    pieces: shipments.reduce((n, s) => n + s.pieces, 0),
    weight: Math.round(shipments.reduce((n, s) => n + kg(s), 0) * 10) / 10,
    volume: Math.round(shipments.reduce((n, s) => n + (s.volume ?? 0), 0) * 100) / 100,
  };
}

function fblOf(segment: Segment, rows: StoredShipment[]) {
  const points: FblPoint[] = [];
  const shipments: MessageShipment[] = [];
  for (const [destination, list] of byPoint(segment, rows)) {
    const own = list.map((r) => ({ ...shipmentOf(r), uld_number: null }));
    shipments.push(...own);
    points.push({ destination_iata: destination, scheduled_arrival: own.length ? arrivalAt(segment, destination) : null, bookings: own.map(itemOf) });
  }
  const message: FblList = { ...flightOf(segment), points };
  return { message, parts: splitFbl(message), shipments };
}

function ffmOf(segment: Segment, rows: StoredShipment[]) {
  const points: FfmPoint[] = [];
  const shipments: MessageShipment[] = [];
  for (const [destination, list] of byPoint(segment, rows)) {
    const point: FfmPoint = { destination_iata: destination, scheduled_arrival: list.length ? arrivalAt(segment, destination) : null, bulk: [], ulds: [] };
    for (const row of list) {
      const shipment = shipmentOf(row);
      shipments.push(shipment);
      if (!shipment.uld_number) point.bulk.push(itemOf(shipment));
      else {
        let uld = point.ulds.find((u) => u.uld_number === shipment.uld_number);
        if (!uld) point.ulds.push((uld = { uld_number: shipment.uld_number, loading_indicator: null, items: [] }));
        uld.items.push(itemOf(shipment));
      }
    }
    points.push(point);
  }
  const registration = segment.aircraft_reg?.trim().toUpperCase() ?? "";
  const message: FfmManifest = { ...flightOf(segment), aircraft_registration: REGISTRATION.test(registration) ? registration : null, first_arrival: null, points };
  return { message, parts: splitFfm(message), shipments };
}

/** Load control counts whole kilograms. */
const wholeKg = (shipments: MessageShipment[]) => Math.round(totalsOf(shipments).weight);

/** The postal receptacles put on the flight: how many and what they weigh (kg). */
async function mailOn(db: Db, segment: Segment): Promise<{ receptacles: number; weight: number }> {
  const [row] = await db
    .select({ receptacles: count(), weight: sql<number>`coalesce(sum(${receptacles.weight}), 0)::double precision` })
    .from(receptacles)
    .where(eq(receptacles.segment_id, segment.id));
  return row ?? { receptacles: 0, weight: 0 };
}

function uwsOf(segment: Segment, ffm: ReturnType<typeof ffmOf>, mail: { receptacles: number; weight: number }) {
  const ulds: UwsUld[] = [];
  const bulk: UwsBulk[] = [];
  const load = (inside: MessageShipment[]) => ({ weight: wholeKg(inside), load_category: "C", shcs: manifestShcs(inside.flatMap((s) => s.shcs)) });
  for (const point of ffm.message.points) {
    const here = ffm.shipments.filter((s) => s.unloading_iata === point.destination_iata);
    for (const uld of point.ulds) {
      ulds.push({ uld_number: uld.uld_number, destination_iata: point.destination_iata, ...load(here.filter((s) => s.uld_number === uld.uld_number)), contour_code: null, position: null });
    }
    const loose = here.filter((s) => !s.uld_number);
    if (loose.length) bulk.push({ destination_iata: point.destination_iata, ...load(loose) });
  }
  if (mail.receptacles) bulk.push({ destination_iata: segment.destination_iata, weight: Math.round(mail.weight), load_category: "M", shcs: [] });
  const flight = flightOf(segment);
  const message: UwsStatement = { carrier: flight.carrier, flight_number: flight.flight_number, flight_day: flight.flight_day, origin_iata: flight.origin_iata, ulds, bulk, si: [] };
  return { message, parts: [generateTelegram("UWS", message)], shipments: ffm.shipments };
}

/**
 * The flight's FBL, FFM or UWS from what is stored now: the model, its text (in parts for a long FFM), the shipments
 * with their totals. An FBL without bookings is the NIL list (the point of unloading with NIL); an FFM without a
 * manifest is NIL only once the flight has departed (it flew without cargo), before that the manifest is not made yet:
 * 422 not_enough_data, as for a UWS with neither a manifest nor mail (it weighs nothing that can be written).
 */
export async function segmentTelegram(db: Db, segment: Segment, type: SegmentTelegramType, now: Date): Promise<SegmentTelegram> {
  const rows = type === "FBL" ? await bookedShipments(db, segment) : await manifestedShipments(db, segment);
  const mail = type === "UWS" ? await mailOn(db, segment) : { receptacles: 0, weight: 0 };
  const nothing = type === "FFM" ? !rows.length && segment.atot === null : type === "UWS" && !rows.length && !mail.receptacles;
  if (nothing) throw refuse(422, "not_enough_data", { type });
  try {
    const built = type === "FBL" ? fblOf(segment, rows) : type === "FFM" ? ffmOf(segment, rows) : uwsOf(segment, ffmOf(segment, rows), mail);
    return { type, ...built, totals: totalsOf(built.shipments), generated_at: now };
  } catch (err) {
    // stored figures the message cannot carry (a load over the UWS's six digits): the caller's data, not our failure
    if (err instanceof RangeError) throw refuse(422, "message_not_writable", { type, detail: err.message.slice(0, 200) });
    throw err;
  }
}
