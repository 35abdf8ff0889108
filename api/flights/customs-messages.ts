import { and, asc, eq, inArray } from "drizzle-orm";
import { FBL_BOOKING_STATUSES } from "../../cargo/bookings/booking-status";
import {
  documentName,
  type AciConsignment,
  type AciDocument,
  type CustomsFlight,
  type CustomsHouse,
  type CustomsParty,
  type PlaciDocument,
  type PlaciEntry,
} from "../../cargo/customs/advance-cargo-information";
import { isMrn } from "../../cargo/customs/mrn";
import { CSN_RELEASED_ACTION, type CsnMessage, type CsnNotification } from "../../cargo/telegrams/cimp/csn";
import { generateTelegram } from "../../cargo/telegrams/parse-telegram";
import { formatLocalIso } from "../../cargo/time/zoned-time";
import { lbToKg } from "../../cargo/units";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, bookings, houseWaybills, preManifestItems } from "../db/schema";
import type { PartyBlock } from "../db/tables/air-waybills";
import { refuse } from "../http/errors";
import type { Segment } from "./common";
import { flightDay, localDayTime, MAX_MESSAGE_SHIPMENTS, withinShipmentLimit } from "./segment-messages";

// A flight's customs filings (issue 23; spec 3 §7 POST segments/{id}/aci, /placi, /csn_list), written from what is
// stored now: the ACI from the flight's manifest (the Build-Up's pre-manifest items: what the flight carries into the
// destination's customs territory), the PLACI from its bookings (filed before loading, when the manifest is not made
// yet), the CSN from the waybills a person selects. The documents' shapes and XML are cargo's
// (cargo/customs/advance-cargo-information.ts); the CSN is Cargo-IMP (cargo/telegrams/cimp/csn.ts).

/** House waybills one filing lists at most (a master holds up to 500): a request stays within its second of work. */
export const MAX_FILING_HOUSES = 5000;
/** A CSN part's longest text: a Type-B telegram is at most 3 840 characters, and its envelope needs some of them. */
const CSN_PART_CHARS = 3200;

const text = (v: string | null | undefined) => (v?.trim() ? v.trim() : null);
const kg = (weight: number, code: string) => Math.round((code === "L" ? lbToKg(weight) : weight) * 10) / 10;

function partyOf(p: PartyBlock | null | undefined): CustomsParty {
  return { name: text(p?.name), address: text(p?.address), city: text(p?.city), state: text(p?.state), post_code: text(p?.post_code), country_code: text(p?.country_code), tax_id: text(p?.tax_id) };
}

function flightOf(segment: Segment): CustomsFlight {
  const at = (moment: Date, airport: string, country: string | null, zone: string) => ({ airport, country_code: country, scheduled_utc: moment.toISOString(), scheduled_local: formatLocalIso(moment, zone) });
  return {
    carrier: segment.carrier,
    flight_number: segment.number,
    number_with_date: segment.number_with_date,
    flight_date: segment.flight_date,
    departure: at(segment.std, segment.origin_iata, segment.origin_country_code, segment.origin_time_zone),
    arrival: at(segment.sta, segment.destination_iata, segment.destination_country_code, segment.destination_time_zone),
    aircraft_type: segment.aircraft_type,
    aircraft_registration: text(segment.aircraft_reg)?.toUpperCase() ?? null,
  };
}

/** The house waybills of these masters, by master, in serial order, and their ids; 422 past MAX_FILING_HOUSES. */
async function housesOf(db: Db, awbIds: number[]): Promise<{ byMaster: Map<number, CustomsHouse[]>; ids: number[] }> {
  if (!awbIds.length) return { byMaster: new Map(), ids: [] };
  const rows = await db
    .select()
    .from(houseWaybills)
    .where(inArray(houseWaybills.air_waybill_id, awbIds))
    .orderBy(asc(houseWaybills.air_waybill_id), asc(houseWaybills.serial_number))
    .limit(MAX_FILING_HOUSES + 1);
  if (rows.length > MAX_FILING_HOUSES) throw refuse(422, "message_too_many_shipments", { max: MAX_FILING_HOUSES });
  const byMaster = new Map<number, CustomsHouse[]>();
  for (const h of rows) {
    const list = byMaster.get(h.air_waybill_id) ?? [];
    list.push({
      house_number: h.serial_number,
      origin_iata: h.origin_iata,
      destination_iata: h.destination_iata,
      pieces: h.pieces,
      weight_kg: kg(h.weight, h.weight_code),
      goods_description: h.manifest_description_of_goods,
      hs_codes: h.hs_codes,
      shipper: partyOf(h.shipper),
      consignee: partyOf(h.consignee),
    });
    byMaster.set(h.air_waybill_id, list);
  }
  return { byMaster, ids: rows.map((h) => h.id) };
}

const ULD_NUMBER = /^[A-Z]{3}\d{4,5}[A-Z0-9]{2}$/;

/**
 * The flight's ACI: a consignment per waybill on its manifest, with the pieces and weight loaded, the ULD its MAN
 * movement names, its parties, goods, security status and MRN, and its house waybills; 422 not_enough_data before
 * the flight has a manifest (as its FFM).
 */
export async function aciDocument(db: Db, segment: Segment, now: Date): Promise<AciDocument> {
  const rows = withinShipmentLimit(
    await db
      .select({ item: preManifestItems, awb: airWaybills, uld: awbMovements.uld })
      .from(preManifestItems)
      .innerJoin(airWaybills, eq(airWaybills.id, preManifestItems.air_waybill_id))
      .leftJoin(awbMovements, eq(awbMovements.id, preManifestItems.movement_id))
      .where(eq(preManifestItems.segment_id, segment.id))
      .orderBy(asc(preManifestItems.priority), asc(preManifestItems.mawb))
      .limit(MAX_MESSAGE_SHIPMENTS + 1),
  );
  if (!rows.length) throw refuse(422, "not_enough_data", { type: "ACI" });
  const houses = (await housesOf(db, [...new Set(rows.map((r) => r.awb.id))])).byMaster;
  const consignments = rows.map(({ item, awb, uld }): AciConsignment => {
    const security = awb.security_declaration?.status;
    const uldNumber = uld?.trim().toUpperCase() ?? "";
    return {
      mawb: awb.mawb,
      origin_iata: awb.origin_iata,
      destination_iata: awb.destination_iata,
      pieces: item.pieces,
      total_pieces: awb.pieces,
      weight_kg: kg(item.weight, item.weight_code),
      volume_m3: item.volume && item.volume > 0 ? Math.round(item.volume * 1000) / 1000 : null,
      goods_description: awb.commodity,
      hs_codes: awb.hs_codes,
      shcs: item.shcs.length ? item.shcs : awb.shcs,
      uld_number: ULD_NUMBER.test(uldNumber) ? uldNumber : null,
      mrn: isMrn(awb.mrn) ? awb.mrn : null,
      security_status: typeof security === "string" && security.trim() ? security.trim() : null,
      shipper: partyOf(awb.shipper),
      consignee: partyOf(awb.consignee),
      notify: awb.notify ? partyOf(awb.notify) : null,
      house_waybills: houses.get(awb.id) ?? [],
    };
  });
  return { name: documentName("ACI", segment, now), generated_at: now, flight: flightOf(segment), consignments };
}

export interface PlaciFiling {
  document: PlaciDocument;
  /** The bookings and houses it covers: their PLACI status becomes "sent" until customs answers. */
  bookingIds: number[];
  houseIds: number[];
}

/**
 * The flight's PLACI: for each shipment booked on it (active, confirmed or requested: what its FBL lists), an entry per
 * house waybill, or one for the master when it has none; 422 nothing_booked for a flight without bookings. With
 * `awbId`, the filing of that one waybill on this flight (air_waybills/{id}/placi).
 */
export async function placiFiling(db: Db, segment: Segment, now: Date, awbId?: number): Promise<PlaciFiling> {
  const rows = withinShipmentLimit(
    await db
      .select({ booking: bookings, awb: airWaybills })
      .from(bookings)
      .innerJoin(airWaybills, eq(airWaybills.id, bookings.air_waybill_id))
      .where(
        and(
          eq(bookings.segment_id, segment.id),
          eq(bookings.active, true),
          inArray(bookings.response_status, [...FBL_BOOKING_STATUSES]),
          awbId === undefined ? undefined : eq(bookings.air_waybill_id, awbId),
        ),
      )
      .orderBy(asc(bookings.mawb))
      .limit(MAX_MESSAGE_SHIPMENTS + 1),
  );
  if (!rows.length) throw refuse(422, "nothing_booked", { type: "PLACI" });
  const { byMaster: houses, ids: houseIds } = await housesOf(db, rows.map((r) => r.awb.id));
  const entries = rows.flatMap(({ booking, awb }): PlaciEntry[] => {
    const own = houses.get(awb.id);
    if (own?.length) return own.map(({ house_number, ...house }) => ({ mawb: awb.mawb, house_number, ...house }));
    return [
      {
        mawb: awb.mawb,
        house_number: null,
        origin_iata: awb.origin_iata,
        destination_iata: awb.destination_iata,
        pieces: booking.pieces,
        weight_kg: kg(booking.weight, booking.weight_code),
        goods_description: awb.commodity,
        hs_codes: awb.hs_codes,
        shipper: partyOf(awb.shipper),
        consignee: partyOf(awb.consignee),
      },
    ];
  });
  return { document: { name: documentName("PLACI", segment, now), generated_at: now, flight: flightOf(segment), entries }, bookingIds: rows.map((r) => r.booking.id), houseIds };
}

export type Waybill = typeof airWaybills.$inferSelect;

/**
 * The CSN of waybills carried on this flight under their MRN, in parts a Type-B telegram can carry: for each, its
 * route and figures, the flight (ARR), the status "released" at this moment on the origin's clock, and its MRN.
 * Loading a waybill under an export or transit declaration means customs released it for this movement; the codec
 * writes the action code as customs defines it (CSN_RELEASED_ACTION). The caller checks every waybill has an MRN.
 */
export function csnParts(segment: Segment, waybills: Waybill[], now: Date): Array<{ text: string; model: CsnMessage; mawbs: string[] }> {
  const at = localDayTime(now, segment.origin_time_zone);
  const arrival = { carrier: segment.carrier, flight_number: segment.number, flight_day: flightDay(segment.flight_date) };
  const notifications = waybills.map(
    (awb): CsnNotification => ({
      mawb: awb.mawb,
      origin_iata: awb.origin_iata,
      destination_iata: awb.destination_iata,
      quantity: { parts_code: "T", pieces: awb.pieces, weight_code: "K", weight: kg(awb.weight, awb.weight_code), volume_code: null, volume: null, density_group: null, total_pieces: null },
      hawb: null,
      arrival,
      statuses: [{ action_code: CSN_RELEASED_ACTION, pieces: awb.pieces, date_time: `${at.day}${at.hhmm}`, entry_type: null, entry_number: null }],
      mrn: awb.mrn,
      remarks: [],
    }),
  );
  const write = (list: CsnNotification[]) => generateTelegram("CSN", { notifications: list } satisfies CsnMessage);
  const part = (list: CsnNotification[]) => ({ text: write(list), model: { notifications: list }, mawbs: list.map((c) => c.mawb) });
  const parts: ReturnType<typeof part>[] = [];
  let current: CsnNotification[] = [];
  for (const n of notifications) {
    if (current.length && write([...current, n]).length > CSN_PART_CHARS) {
      parts.push(part(current));
      current = [];
    }
    current.push(n);
  }
  if (current.length) parts.push(part(current));
  return parts;
}
