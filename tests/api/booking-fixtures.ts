import { and, eq } from "drizzle-orm";
import { awbNumberFromSerial } from "../../cargo/awb/awb-number";
import { numberWithDate, parseFlightNumber } from "../../cargo/flights/flight-number";
import { agreements, airWaybills, allotments, companies, segments } from "../../api/db/schema";
import type { DimensionRow, PartyBlock } from "../../api/db/tables/air-waybills";
import type { TestApi } from "./helpers";

// Records the bookings and warnings tests build for themselves, straight in the database: flights with a known free
// space, waybills of a given forwarder, agreements. Each flight number and waybill serial is new, so tests never
// meet the demo data's records (or each other's) by accident.

const AIRPORTS: Record<string, { zone: string; country: string }> = {
  OVB: { zone: "Asia/Novosibirsk", country: "RU" },
  DME: { zone: "Europe/Moscow", country: "RU" },
  KJA: { zone: "Asia/Krasnoyarsk", country: "RU" },
  SVO: { zone: "Europe/Moscow", country: "RU" },
  LED: { zone: "Europe/Moscow", country: "RU" },
  TAS: { zone: "Asia/Tashkent", country: "UZ" },
};

/** Max cargo of the demo aircraft capacities (api/flights/demo.ts): S7 73H 2 600 kg / 15 m3. */
export const S7_73H = { weight: 2600, volume: 15 };

export function bookingFixtures(t: TestApi) {
  let flightNo = 9000;
  let serial = 8_000_000;
  const db = () => t.database.db;

  async function companyId(shortName: string): Promise<number> {
    const [row] = await db().select({ id: companies.id }).from(companies).where(eq(companies.short_name, shortName));
    return row!.id;
  }

  /**
   * A flight leg `days` after the API's now (STD), 2 h long, whose free weight and volume are `free` (booked is the
   * rest of the aircraft's capacity; nothing estimated, no allotment).
   */
  async function flight(opts: {
    carrier?: string;
    origin?: string;
    destination?: string;
    aircraft?: string | null;
    free?: { weight: number; volume: number };
    max?: { weight: number; volume: number };
    hours?: number;
    std?: Date;
    blockMinutes?: number;
    extra?: Partial<typeof segments.$inferInsert>;
  } = {}) {
    const carrier = opts.carrier ?? "S7";
    const origin = opts.origin ?? "OVB";
    const destination = opts.destination ?? "DME";
    const max = opts.max ?? S7_73H;
    const free = opts.free ?? max;
    const std = opts.std ?? new Date(+t.clock() + (opts.hours ?? 72) * 3_600_000);
    const sta = new Date(+std + (opts.blockMinutes ?? 120) * 60_000);
    const number = `${carrier}${flightNo++}`;
    const flightDate = std.toISOString().slice(0, 10);
    const parsed = parseFlightNumber(number);
    if (!parsed.ok) throw new Error(number);
    const [row] = await db()
      .insert(segments)
      .values({
        carrier,
        number,
        flight_date: flightDate,
        number_with_date: numberWithDate(parsed.value, flightDate),
        aircraft_type: opts.aircraft === undefined ? "73H" : opts.aircraft,
        origin_iata: origin,
        destination_iata: destination,
        origin_country_code: AIRPORTS[origin]!.country,
        destination_country_code: AIRPORTS[destination]!.country,
        origin_time_zone: AIRPORTS[origin]!.zone,
        destination_time_zone: AIRPORTS[destination]!.zone,
        std,
        sta,
        booked_weight: max.weight - free.weight,
        booked_volume: max.volume - free.volume,
        ...opts.extra,
      })
      .returning();
    return row!;
  }

  async function segmentNow(id: number) {
    const [row] = await db().select().from(segments).where(eq(segments.id, id));
    return row!;
  }

  /** A waybill of `forwarder` under `carrier`'s prefix, not in any stock. */
  async function waybill(opts: {
    forwarder?: string;
    carrier?: string;
    prefix?: string;
    origin?: string;
    destination?: string;
    pieces?: number;
    weight?: number;
    volume?: number;
    shcs?: string[];
    dimensions?: DimensionRow[];
    shipper?: PartyBlock;
    consignee?: PartyBlock;
    issuing_agent?: PartyBlock | null;
    mawb?: string;
    created_at?: Date;
    /** Issued by the airline (its cargo may then be received and flown): when. */
    issued_at?: Date;
    /** The consignor's certification accepted (a booking by telegram needs the waybill's own). */
    consignor_certified?: boolean;
  } = {}) {
    const prefix = opts.prefix ?? "421";
    const [row] = await db()
      .insert(airWaybills)
      .values({
        mawb: opts.mawb ?? awbNumberFromSerial(prefix, serial++),
        prefix,
        carrier: opts.carrier ?? "S7",
        forwarder_id: await companyId(opts.forwarder ?? "FWDTWO"),
        origin_iata: opts.origin ?? "OVB",
        destination_iata: opts.destination ?? "DME",
        pieces: opts.pieces ?? 2,
        weight: opts.weight ?? 100,
        volume: opts.volume ?? 0.5,
        charge_weight: opts.weight ?? 100,
        commodity: "SPARE PARTS",
        hs_codes: ["8708"],
        shcs: opts.shcs ?? [],
        dimensions: opts.dimensions ?? [],
        shipper: opts.shipper ?? {},
        consignee: opts.consignee ?? {},
        issuing_agent: opts.issuing_agent ?? null,
        consignor_certified: opts.consignor_certified ?? false,
        ...(opts.created_at ? { created_at: opts.created_at, updated_at: opts.created_at } : {}),
        ...(opts.issued_at ? { issued_at: opts.issued_at, issue_date: opts.issued_at.toISOString().slice(0, 10) } : {}),
      })
      .returning();
    return row!;
  }

  async function waybillNow(id: number) {
    const [row] = await db().select().from(airWaybills).where(eq(airWaybills.id, id));
    return row!;
  }

  /** An agreement between an airline and a forwarder (open-ended from 2000 unless told), active unless told. */
  async function agreement(supplier: string, client: string, opts: { from?: string; to?: string | null; active?: boolean } = {}) {
    const [row] = await db()
      .insert(agreements)
      .values({
        supplier_id: await companyId(supplier),
        client_id: await companyId(client),
        account_number: `T-${supplier}-${client}`,
        contract_number: `T/${supplier}/${client}/${serial++}`,
        currency: "RUB",
        effective_from: opts.from ?? "2000-01-01",
        effective_to: opts.to ?? null,
        active: opts.active ?? true,
      })
      .returning();
    return row!;
  }

  /** No agreement of the pair is in force: every one of theirs deactivated (the demo data may hold one). */
  async function noAgreement(supplier: string, client: string) {
    await db()
      .update(agreements)
      .set({ active: false })
      .where(and(eq(agreements.supplier_id, await companyId(supplier)), eq(agreements.client_id, await companyId(client))));
  }

  async function allotment(segment: typeof segments.$inferSelect, forwarder: string, weight: number, volume: number, timelimit = 0) {
    const [row] = await db()
      .insert(allotments)
      .values({
        carrier: segment.carrier,
        segment_id: segment.id,
        segment_number_with_date: segment.number_with_date,
        origin_iata: segment.origin_iata,
        destination_iata: segment.destination_iata,
        forwarder_short_name: forwarder,
        weight,
        volume,
        timelimit_to_std: timelimit,
      })
      .returning();
    return row!;
  }

  async function allotmentNow(id: number) {
    const [row] = await db().select().from(allotments).where(eq(allotments.id, id));
    return row!;
  }

  return { companyId, flight, segmentNow, waybill, waybillNow, agreement, noAgreement, allotment, allotmentNow };
}
