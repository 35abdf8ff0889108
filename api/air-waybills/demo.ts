import { and, asc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { addDays, chargeableWeight, densityGroup, densityKgPerM3 } from "../../cargo";
import type { Db } from "../db/open";
import { airWaybills, awbMovements, awbStockNumbers, awbStockRanges, bookings, companies, segments } from "../db/schema";

// A living history on a fresh install (issue 10 "Demo data"): about 200 waybills over the last 60 days for S7, SU, C6
// and V0 with both forwarders, in every state — requested, confirmed, waitlisted and unable bookings on the coming
// flights, issued, verified, departed and delivered ones with their movements, voided ones (their numbers blocked in
// the stock), some with warnings and some charters. Everything is relative to the seed date and decided by each
// waybill's index, so two installs on the same date hold the same history. Rows are written in a few bulk statements:
// every test API seeds this.

type Tx = Pick<Db, "select" | "insert" | "update" | "execute">;

/** The forwarder–airline pairs that work together (the forwarders' permitted carriers), and the routes they ship on. */
const PAIRS: Array<{ forwarder: string; carrier: string; routes: Array<[string, string]> }> = [
  { forwarder: "FWDONE", carrier: "S7", routes: [["DME", "OVB"], ["OVB", "KJA"]] },
  { forwarder: "FWDONE", carrier: "SU", routes: [["SVO", "LED"], ["SVO", "AER"]] },
  { forwarder: "FWDONE", carrier: "C6", routes: [["TAS", "SVO"], ["TAS", "DME"]] },
  { forwarder: "FWDTWO", carrier: "S7", routes: [["OVB", "KJA"], ["DME", "OVB"]] },
  { forwarder: "FWDTWO", carrier: "V0", routes: [["CCS", "MAD"], ["CCS", "HAV"]] },
];
export const DEMO_WAYBILLS_PER_PAIR = 40;

const GOODS: Array<[string, string]> = [
  ["SPARE PARTS", "847330"],
  ["CONSOLIDATION", "980100"],
  ["FROZEN FISH", "030389"],
  ["ELECTRONICS", "851762"],
  ["TEXTILES", "620342"],
  ["MEDICINES", "300490"],
  ["HONEY", "040900"],
  ["BOOKS", "490199"],
];
const SHIPPERS = ["Volga Machinery", "Baikal Water", "Ob River Foods", "Siberian Fish Export", "Tashkent Textile", "Moscow Pharma Logistics"];
const CONSIGNEES = ["Nord Trade", "Kama Logistics", "Ural Retail", "Don Medical", "Amur Fisheries", "Pacific Books"];
const BOOKING_ANSWERS = ["KK", "NN", "LL", "KK", "UU", "KK"] as const;
const REASONS: Record<string, string | null> = { KK: null, NN: "Awaiting airline confirmation", LL: "Not enough capacity: waitlisted", UU: "Embargo on the route" };

const at = (date: string, minutes: number) => new Date(Date.parse(`${date}T06:00:00Z`) + minutes * 60_000);

export async function seedDemoAirWaybills(tx: Tx, today: string) {
  const companyRows = await tx.select({ id: companies.id, short_name: companies.short_name }).from(companies).where(inArray(companies.short_name, ["FWDONE", "FWDTWO"]));
  const companyId = new Map(companyRows.map((c) => [c.short_name, c.id]));
  // the coming flights from the day after the seed date (the schedule starts on it, but today's flights leave during
  // the day, and a request on a flight that has left is no longer one to answer): bookings of the recent waybills
  // go on them
  const coming = await tx
    .select({ id: segments.id, carrier: segments.carrier, origin: segments.origin_iata, destination: segments.destination_iata, nwd: segments.number_with_date, std: segments.std })
    .from(segments)
    .where(and(gte(segments.flight_date, addDays(today, 1)), lte(segments.flight_date, addDays(today, 21)), eq(segments.canceled, false)))
    .orderBy(asc(segments.std), asc(segments.id));

  const waybills: Array<typeof airWaybills.$inferInsert> = [];
  const legs: Array<{ index: number; segment: (typeof coming)[number]; answer: string }> = [];
  const voidedNumbers: string[] = [];
  const usedNumbers: string[] = [];
  for (const [p, pair] of PAIRS.entries()) {
    const forwarderId = companyId.get(pair.forwarder)!;
    const numbers = await tx
      .select({ mawb: awbStockNumbers.mawb, prefix: awbStockNumbers.prefix })
      .from(awbStockNumbers)
      .innerJoin(awbStockRanges, eq(awbStockRanges.id, awbStockNumbers.range_id))
      .where(and(eq(awbStockNumbers.forwarder_id, forwarderId), eq(awbStockNumbers.state, "free"), eq(awbStockRanges.carrier, pair.carrier)))
      .orderBy(sql`${awbStockNumbers.serial} desc`)
      .limit(DEMO_WAYBILLS_PER_PAIR);
    for (const [j, number] of numbers.entries()) {
      const daysAgo = (j * 3 + p * 7) % 60;
      const created = at(addDays(today, -daysAgo), j * 7 + p);
      const [origin, destination] = pair.routes[j % pair.routes.length]!;
      const [commodity, hs] = GOODS[(j + p) % GOODS.length]!;
      const pieces = 1 + ((j * 5 + p) % 12);
      const weight = 40 + ((j * 137 + p * 59) % 1400);
      const volume = Math.round((weight / (120 + ((j * 31) % 200))) * 100) / 100;
      const cw = chargeableWeight({ grossWeightKg: weight, volumeM3: volume });
      const currency = pair.carrier === "V0" ? "USD" : "RUB";
      const voided = j % 13 === 5;
      const recent = daysAgo <= 2;
      const issued = !recent && j % 7 !== 1;
      // a voided waybill never flew (a manifested or departed one is not voided: cargo/awb/shipment-state)
      const departed = issued && !voided && daysAgo >= 4;
      const delivered = departed && daysAgo >= 6 && j % 2 === 0;
      // never route_not_permitted: every pair's routes are permitted routes of its airline (DEMO_PERMITTED_ROUTES)
      const warnings = j % 11 === 3 ? ["weight_differs"] : j % 19 === 9 ? ["density_exceeded"] : [];
      const flight = recent && !voided ? coming.find((s, k) => s.carrier === pair.carrier && s.origin === origin && s.destination === destination && k >= (j % 5)) : undefined;
      const answer = BOOKING_ANSWERS[(j + p) % BOOKING_ANSWERS.length]!;
      if (flight) legs.push({ index: waybills.length, segment: flight, answer });
      (voided ? voidedNumbers : usedNumbers).push(number.mawb);
      const departedAt = departed ? new Date(created.getTime() + 26 * 3_600_000) : null;
      waybills.push({
        mawb: number.mawb,
        prefix: number.prefix,
        carrier: pair.carrier,
        forwarder_id: forwarderId,
        origin_iata: origin,
        destination_iata: destination,
        pieces,
        weight,
        volume,
        density_group: densityGroup(densityKgPerM3(weight, volume)),
        charge_weight: cw.chargeableWeightKg,
        commodity,
        hs_codes: [hs],
        shcs: commodity === "FROZEN FISH" ? ["PER", "COL"] : commodity === "MEDICINES" ? ["PIL"] : [],
        shipper: { name: SHIPPERS[(j + p) % SHIPPERS.length], city: "Moscow", country_code: "RU" },
        consignee: { name: CONSIGNEES[(j * 2 + p) % CONSIGNEES.length], city: "Novosibirsk", country_code: "RU" },
        currency,
        consignor_certified: true,
        tariff_date: addDays(today, -daysAgo),
        issued_at: issued ? new Date(created.getTime() + 2 * 3_600_000) : null,
        issue_date: issued ? addDays(today, -daysAgo) : null,
        verified_at: issued && j % 3 !== 0 ? new Date(created.getTime() + 5 * 3_600_000) : null,
        voided_at: voided ? new Date(created.getTime() + 3 * 3_600_000) : null,
        void_reason: voided ? "Shipment cancelled by the shipper" : null,
        void_payment: voided ? (j % 2 ? "required" : "not_required") : null,
        departed_at: departedAt,
        delivered_at: delivered ? new Date(created.getTime() + 3 * 86_400_000) : null,
        billing_date: departed && j % 4 === 0 ? addDays(today, -daysAgo + 2) : null,
        charter: pair.carrier === "C6" && j % 9 === 0,
        booking_status: flight ? ({ KK: "confirmed", NN: "requested", LL: "requested", UU: "unable" } as const)[answer as "KK"] : departed || issued ? "confirmed" : "none",
        departure_at: flight ? flight.std : departedAt,
        warnings: voided ? [] : warnings,
        // the estimated revenue comes from the airline's tariffs once they are seeded (api/billing/demo.ts)
        created_at: created,
        updated_at: created,
      });
    }
  }
  if (!waybills.length) return;
  const inserted = await tx.insert(airWaybills).values(waybills).returning({ id: airWaybills.id, mawb: airWaybills.mawb });

  const bookingRows = legs.map(({ index, segment, answer }) => {
    const w = waybills[index]!;
    const confirmed = answer === "KK";
    return {
      air_waybill_id: inserted[index]!.id,
      mawb: w.mawb,
      carrier: w.carrier,
      forwarder_id: w.forwarder_id,
      segment_id: segment.id,
      number_with_date: segment.nwd,
      origin_iata: segment.origin,
      destination_iata: segment.destination,
      std: segment.std,
      pieces: w.pieces,
      weight: w.weight,
      volume: w.volume ?? 0,
      density_group: w.density_group ?? null,
      shcs: w.shcs ?? [],
      response_status: answer,
      response_reason: REASONS[answer] ?? null,
      counted_weight: confirmed ? w.weight : 0,
      counted_volume: confirmed ? (w.volume ?? 0) : 0,
      created_at: w.created_at,
      updated_at: w.created_at,
    };
  });
  if (bookingRows.length) {
    await tx.insert(bookings).values(bookingRows);
    // the flights carry what their confirmed bookings take
    await tx.execute(sql`
      update ${segments} s set booked_weight = s.booked_weight + b.w, booked_volume = s.booked_volume + b.v
      from (select segment_id, sum(counted_weight) w, sum(counted_volume) v from ${bookings} group by segment_id) b
      where b.segment_id = s.id`);
  }

  const movements: Array<typeof awbMovements.$inferInsert> = [];
  for (const [i, w] of waybills.entries()) {
    if (!w.issued_at || w.voided_at) continue;
    const base = { air_waybill_id: inserted[i]!.id, mawb: w.mawb, pieces: w.pieces, weight: w.weight, volume: w.volume ?? null };
    movements.push({ ...base, status_code: "RCS", location_iata: w.origin_iata, time_utc: w.issued_at as Date });
    if (w.departed_at) {
      movements.push({ ...base, status_code: "DEP", location_iata: w.origin_iata, time_utc: w.departed_at as Date });
      movements.push({ ...base, status_code: "ARR", location_iata: w.destination_iata, time_utc: new Date((w.departed_at as Date).getTime() + 4 * 3_600_000) });
    }
    if (w.delivered_at) movements.push({ ...base, status_code: "DLV", location_iata: w.destination_iata, time_utc: w.delivered_at as Date });
  }
  if (movements.length) await tx.insert(awbMovements).values(movements);
  const stamp = at(today, 0);
  if (usedNumbers.length) await tx.update(awbStockNumbers).set({ state: "used", used_at: stamp }).where(inArray(awbStockNumbers.mawb, usedNumbers));
  if (voidedNumbers.length) await tx.update(awbStockNumbers).set({ state: "voided", used_at: stamp }).where(inArray(awbStockNumbers.mawb, voidedNumbers));
}
